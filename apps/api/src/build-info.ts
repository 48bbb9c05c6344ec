import packageJson from '../package.json' with { type: 'json' };

// Filled in by the tsup build (tsup.config.ts `define`); running from source reports a development build.
declare const __SCENARIA_BUILD_TIME__: string | undefined;
declare const __SCENARIA_GIT_COMMIT__: string | undefined;

/** Name, version, commit and time of this build. */
export function buildInfo(): { name: string; version: string; gitCommit: string; buildTime: string } {
  return {
    name: packageJson.name,
    version: packageJson.version,
    gitCommit: typeof __SCENARIA_GIT_COMMIT__ === 'string' ? __SCENARIA_GIT_COMMIT__ : 'development',
    buildTime: typeof __SCENARIA_BUILD_TIME__ === 'string' ? __SCENARIA_BUILD_TIME__ : 'development',
  };
}
