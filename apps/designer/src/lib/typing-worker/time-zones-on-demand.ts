// Stands in for `@js-joda/timezone` in the designer's bundles (see the alias in vite.config.ts): importing it
// registers nothing. The zone rules load when an expression needs them.
export {};
