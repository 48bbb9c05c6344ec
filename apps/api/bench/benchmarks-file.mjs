// What the api's bench scripts share: the machine line they start a section with, and writing their section
// into BENCHMARKS.md between its markers.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchmarks = resolve(dirname(fileURLToPath(import.meta.url)), '../../../BENCHMARKS.md');
const loadAtStart = loadavg();

/** "Measured <date> on <machine>." with the load average as it was when the script started. */
export function measuredLine() {
  const cpu = cpus();
  const machine = `${cpu[0]?.model ?? 'unknown CPU'} (${cpu.length} cores), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ${platform()} ${release()}, Node ${process.version}, load average ${loadAtStart.map((value) => value.toFixed(1)).join(' / ')} at start (the machine is shared)`;
  return `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}.`;
}

/**
 * Replaces the section between `<!-- {name}:start -->` and `<!-- {name}:end -->` with `lines`, or adds it under
 * `heading` at the end of the file; answers the section written.
 */
export function writeSection(name, heading, lines) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const section = [start, ...lines, end].join('\n');
  const current = existsSync(benchmarks) ? readFileSync(benchmarks, 'utf8') : '# Benchmarks\n';
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next = from >= 0 && to > from ? current.slice(0, from) + section + current.slice(to + end.length) : `${current.trimEnd()}\n\n## ${heading}\n${section}\n`;
  writeFileSync(benchmarks, next);
  return section;
}
