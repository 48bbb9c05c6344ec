/** "Measured <date> on <machine>." with the load average as it was when the script started. */
export function measuredLine(): string;

/**
 * Replaces the section between `<!-- {name}:start -->` and `<!-- {name}:end -->` with `lines`, or adds it under
 * `heading` at the end of the file; answers the section written.
 */
export function writeSection(name: string, heading: string, lines: string[]): string;
