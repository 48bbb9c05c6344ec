// The spel bench beside Spring's own SpEL on the JVM (`jvm/SpringSpelBench.java`): where java, javac and Spring's
// expression and core jars are found, the bench's cases are written for that program and its rates read back.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { isJavaBigDecimal, isJavaDouble, javaToString } from '@scenaria/typing/runtime';

/** Debian's packages libspring-expression-java and libspring-core-java (Spring 4.3, under these names). */
const DEBIAN_CLASSPATH = ['/usr/share/java/spring3-expression.jar', '/usr/share/java/spring3-core.jar', '/usr/share/java/commons-logging.jar'];

/**
 * A runtime value in the typed form the Java side reads: `n` null, `z1`/`z0` a Boolean, `i7;` an Integer, `l7;` a
 * Long, `d1.5;` a Double, `b1.50;` a BigDecimal (Java's own text, so its scale comes across), `s3:abc` a String of
 * that many UTF-16 units, `[2:` a List of the next two values, `{1:` a Map of the next key and value pairs.
 */
export function encodeJavaValue(value: unknown): string {
  if (value === null || value === undefined) return 'n';
  switch (typeof value) {
    case 'boolean':
      return value ? 'z1' : 'z0';
    case 'number':
      if (!Number.isInteger(value) || value < -(2 ** 31) || value >= 2 ** 31) throw new Error(`${value} is no Integer: give the case a JavaDouble`);
      return `i${value};`;
    case 'bigint':
      return `l${value};`;
    case 'string':
      return `s${value.length}:${value}`;
    default:
      break;
  }
  if (Array.isArray(value)) return `[${value.length}:${value.map(encodeJavaValue).join('')}`;
  if (value instanceof Map) {
    let entries = '';
    for (const [key, entry] of value) entries += encodeJavaValue(key) + encodeJavaValue(entry);
    return `{${value.size}:${entries}`;
  }
  if (isJavaDouble(value)) return `d${String(value.value)};`;
  if (isJavaBigDecimal(value)) return `b${javaToString(value)};`;
  throw new Error(`no Java form for ${Object.prototype.toString.call(value)}`);
}

export interface JvmCase {
  expression: string;
  values: Record<string, unknown>;
}

/** One case on the JVM: evaluations per second, interpreted and (when Spring compiles it) compiled, and its result as Java prints it. */
export type JvmMeasurement = { interpreted: number; compiled: number | undefined; result: string } | { failure: string };

/** A case on the JVM ready for rounds: whether Spring compiled it, and its result as Java prints it. */
export type JvmPrepared = { compiled: boolean; result: string } | { failure: string };

/** One round of a case on the JVM: evaluations per second, interpreted and (when compiled) compiled. */
export interface JvmRound {
  interpreted: number;
  compiled: number | undefined;
}

/** A JVM holding the cases, warmed up, running one case's rounds when asked. */
export interface JvmSession {
  springVersion: string;
  javaVersion: string;
  /** Warms case `index` up again and sizes its rounds. */
  prepare(index: number): Promise<JvmPrepared>;
  /** One round (about 100 ms per runner) of a prepared case. */
  round(index: number): Promise<JvmRound>;
  close(): Promise<void>;
}


function hasCommand(command: string): boolean {
  const probe = spawnSync(command, ['-version'], { stdio: 'ignore' });
  return probe.error === undefined && probe.status === 0;
}

/** Spring's jars: `SPRING_SPEL_CLASSPATH` when set, else Debian's, else none. */
export function springClasspath(): string | undefined {
  const given = process.env.SPRING_SPEL_CLASSPATH;
  if (given) return given;
  return DEBIAN_CLASSPATH.every((jar) => existsSync(jar)) ? DEBIAN_CLASSPATH.join(delimiter) : undefined;
}

const unescape = (text: string) => text.replace(/\\([\\tnr])/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r', '\\': '\\' })[c]!);

function encodedCases(cases: JvmCase[]): { text: string; unencodable: Map<number, string> } {
  const encoded: string[] = [];
  const unencodable = new Map<number, string>();
  cases.forEach((benchCase, index) => {
    try {
      const variables = Object.entries(benchCase.values);
      encoded.push(`{2:${encodeJavaValue('expression')}${encodeJavaValue(benchCase.expression)}${encodeJavaValue('variables')}{${variables.length}:${variables.map(([name, value]) => encodeJavaValue(name) + encodeJavaValue(value)).join('')}`);
    } catch (error) {
      unencodable.set(index, error instanceof Error ? error.message : String(error));
      // Still one entry per case, so that the answers' indexes are the cases'.
      encoded.push(`{2:${encodeJavaValue('expression')}${encodeJavaValue("'unencodable'")}${encodeJavaValue('variables')}{0:`);
    }
  });
  return { text: `[${cases.length}:${encoded.join('')}`, unencodable };
}

/**
 * Starts Spring's SpEL on the JVM with `cases` (compiled here with javac, run with java): it warms them all up and
 * then runs one round of a case when asked, while this process waits, so that a bench can alternate Spring's
 * rounds with its own. Or says why it cannot: a machine without a JVM or the jars still runs the rest of the
 * bench. Cases whose values have no Java form fail alone. `quick` runs each case only briefly: for checking the
 * results, not for their rates.
 */
export async function startJvm(cases: JvmCase[], benchDir: string, options: { quick?: boolean } = {}): Promise<JvmSession | { unavailable: string }> {
  if (!hasCommand('java') || !hasCommand('javac')) return { unavailable: 'no java and javac on the PATH' };
  const classpath = springClasspath();
  if (!classpath) return { unavailable: "no Spring jars (install Debian's libspring-expression-java, or set SPRING_SPEL_CLASSPATH)" };
  const classes = mkdtempSync(join(tmpdir(), 'scenaria-spring-spel-'));
  const removeClasses = () => rmSync(classes, { recursive: true, force: true });
  const source = resolve(benchDir, 'jvm/SpringSpelBench.java');
  const compiled = spawnSync('javac', ['-nowarn', '-d', classes, '-cp', classpath, source], { encoding: 'utf8' });
  if (compiled.status !== 0) {
    removeClasses();
    return { unavailable: `javac failed: ${compiled.stderr.trim().split('\n')[0] ?? ''}` };
  }
  const { text, unencodable } = encodedCases(cases);
  const jvm = spawn('java', ['-Xmx1g', '-cp', [classes, classpath].join(delimiter), 'SpringSpelBench', ...(options.quick ? ['quick'] : [])], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  jvm.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<void>((done) => jvm.once('close', () => done()));
  const lines = createInterface({ input: jvm.stdout })[Symbol.asyncIterator]();
  const nextLine = async (): Promise<string> => {
    const { value, done } = await lines.next();
    if (done) throw new Error(`the JVM stopped: ${stderr.trim().split('\n').slice(-3).join(' / ') || 'no output'}`);
    return value as string;
  };
  const close = async () => {
    jvm.stdin.end();
    await exited;
    removeClasses();
  };
  try {
    jvm.stdin.write(`${text.length}\n${text}`);
    const [kind, springVersion = 'unknown', javaVersion = 'unknown'] = (await nextLine()).split('\t');
    if (kind !== 'version') throw new Error(`the JVM answered ${kind}`);
    if ((await nextLine()) !== 'ready') throw new Error('the JVM did not get ready');
    const prepare = async (index: number): Promise<JvmPrepared> => {
      const refused = unencodable.get(index);
      if (refused !== undefined) return { failure: refused };
      jvm.stdin.write(`size ${index}\n`);
      const [answer, , first, second] = (await nextLine()).split('\t');
      if (answer === 'sized') return { compiled: first === 'compiled', result: unescape(second ?? '') };
      return { failure: unescape(first ?? 'no answer') };
    };
    const round = async (index: number): Promise<JvmRound> => {
      jvm.stdin.write(`round ${index}\n`);
      const [answer, , interpreted, compiled] = (await nextLine()).split('\t');
      if (answer !== 'round') throw new Error(`the JVM answered ${answer} to a round`);
      return { interpreted: Number(interpreted), compiled: compiled === undefined ? undefined : Number(compiled) };
    };
    return {
      springVersion,
      javaVersion,
      close,
      prepare,
      round,
    };
  } catch (error) {
    jvm.kill();
    await exited;
    removeClasses();
    return { unavailable: error instanceof Error ? error.message : String(error) };
  }
}
