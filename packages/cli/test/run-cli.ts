import { spawn } from 'node:child_process';
import { CLI_BINARY } from './build-binary';

/** What a run of the binary printed and how it exited. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built `scenaria` binary as a child process, as a CI job would. */
export function runScenaria(args: readonly string[], options: { cwd: string; env?: Record<string, string> }): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    // Only the variables a test gives: a developer's SCENARIA_* settings must not leak into the runs.
    const child = spawn(process.execPath, [CLI_BINARY, ...args], { cwd: options.cwd, env: { PATH: process.env.PATH ?? '', ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Checks that a text is well-formed XML of the shape our reports use: one root, balanced elements, quoted
 * attributes, only the five predefined entities. Returns the elements by name with their attributes.
 */
export function parseSimpleXml(text: string): { name: string; attributes: Record<string, string> }[] {
  const body = text.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  const elements: { name: string; attributes: Record<string, string> }[] = [];
  const token = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let roots = 0;
  let match: RegExpExecArray | null;
  while (token.lastIndex < body.length && (match = token.exec(body)) !== null) {
    const [, closing, name, attributeText, selfClosing, textContent] = match;
    const checkEntities = (value: string) => {
      if (/&(?!(amp|lt|gt|quot|apos);)/.test(value)) throw new Error(`Bad entity in ${value}`);
    };
    if (textContent !== undefined) {
      checkEntities(textContent);
      if (stack.length === 0 && textContent.trim() !== '') throw new Error('Text outside the root');
      continue;
    }
    if (closing) {
      if (stack.pop() !== name) throw new Error(`Unbalanced </${name}>`);
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const [, key, value] of (attributeText ?? '').matchAll(/([A-Za-z_][\w.-]*)="([^"]*)"/g)) {
      checkEntities(value!);
      attributes[key!] = value!;
    }
    elements.push({ name: name!, attributes });
    if (stack.length === 0) roots++;
    if (!selfClosing) stack.push(name!);
  }
  if (token.lastIndex < body.length) throw new Error(`Not XML at ${body.slice(token.lastIndex, token.lastIndex + 40)}`);
  if (stack.length > 0 || roots !== 1) throw new Error('Not exactly one balanced root element');
  return elements;
}
