import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

/** Exit codes, documented in `scenaria --help` and the README. */
export const EXIT = { ok: 0, failures: 1, usage: 2 } as const;

/** What a command writes to and reads from: the process's streams, or a test's buffers. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
}

/** Bad flags or unreadable input: the command stops with exit code 2 and this message. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Longest input file read: scenario files and suites are far smaller; a bigger file is a mistake or hostile. */
const MAX_FILE_BYTES = 20_000_000;

/** Reads a text file given on the command line (relative to the working directory). */
export async function readInput(io: CliIo, path: string): Promise<string> {
  const full = resolve(io.cwd, path);
  let text: string;
  try {
    const buffer = await readFile(full);
    if (buffer.byteLength > MAX_FILE_BYTES) throw new UsageError(`${path}: larger than ${MAX_FILE_BYTES} bytes`);
    text = buffer.toString('utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  return text;
}
