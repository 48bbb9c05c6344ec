/** The node flags of this package's `start` script (`node [flags] dist/main.js`), as the server is started. */
export function serverNodeFlags(): string[];
