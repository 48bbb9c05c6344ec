/** Where page-typing.entry.ts leaves `createSpelService` for page-typing.ts. */
export const PAGE_TYPING_KEY = Symbol.for('scenaria.designer.pageTyping');
