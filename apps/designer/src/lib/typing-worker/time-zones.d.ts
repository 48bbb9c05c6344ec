// The time-zone database's file itself (the package name is aliased away in vite.config.ts); imported for its effect.
declare module '@js-joda/timezone/dist/js-joda-timezone.esm.js';
