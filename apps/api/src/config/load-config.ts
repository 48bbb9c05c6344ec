import { readFile } from 'node:fs/promises';
import { verifySync } from '@node-rs/bcrypt';
import defaultConfigJson from '../../config/default.json' with { type: 'json' };
import { ServerConfigSchema } from './config-schema';
import type { ServerConfig } from './config-schema';

/** The trial configuration used when `SCENARIA_CONFIG` is not set (config/default.json). */
export const defaultConfig: ServerConfig = ServerConfigSchema.parse(defaultConfigJson);

/** The passwords of the trial users, documented in the README: a server still using them logs a warning. */
const TRIAL_PASSWORDS: Record<string, string> = { admin: 'admin', writer: 'writer', reader: 'reader' };

/** A configuration file that cannot be used; the message says which field is wrong. */
export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
}

/** Parses configuration JSON, reporting every problem with its path. */
export function parseConfig(json: unknown, source: string): ServerConfig {
  const result = ServerConfigSchema.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration in ${source}:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}

/** Reads the configuration file, or the default when no file is given. */
export async function loadConfig(file: string | undefined): Promise<ServerConfig> {
  if (!file) return defaultConfig;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    throw new ConfigError(`Cannot read configuration file ${file}`, { cause });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new ConfigError(`Configuration file ${file} is not valid JSON`, { cause });
  }
  return parseConfig(json, file);
}

/** Users whose password is still the documented trial password. */
export function usersWithTrialPasswords(config: ServerConfig): string[] {
  return config.users
    .filter((user) => {
      const trial = TRIAL_PASSWORDS[user.identity];
      // Synchronous: this runs once at start, before the server takes requests.
      return trial !== undefined && user.password !== undefined && verifySync(trial, user.password);
    })
    .map((user) => user.identity);
}
