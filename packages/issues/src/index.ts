/** The one shape of a problem found in user input, and the source range it may point at. */
export type { Issue, SourceRange } from './issue';
/** Code-to-message tables that fail to compile when a code has no entry. */
export { defineMessages } from './issue';
/** Issues as one line of text. */
export { formatIssues } from './issue';
export type { MessageCatalogue } from './issue';
