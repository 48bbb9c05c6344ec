#!/usr/bin/env node
// Fails when the relative imports under the given folder form a cycle. Cycles between modules make
// initialisation order matter and are the first step towards a package that cannot be split; we keep none.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? 'src');
const files = [];
(function walk(dir) {
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) walk(full);
    else if (/\.(ts|svelte\.ts)$/.test(entry) && !/\.(test|bench|test-d)\.ts$/.test(entry)) files.push(full);
  }
})(root);

const importPattern = /(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"](\.[^'"]+)['"]/g;
function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec).replace(/\.js$/, '');
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}
const graph = new Map(files.map((file) => {
  const text = readFileSync(file, 'utf8');
  const targets = [...text.matchAll(importPattern)].map((m) => resolveImport(file, m[1])).filter(Boolean);
  return [file, targets];
}));

const state = new Map();
const stack = [];
const cycles = [];
function visit(node) {
  state.set(node, 'open');
  stack.push(node);
  for (const next of graph.get(node) ?? []) {
    if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
    else if (!state.has(next)) visit(next);
  }
  stack.pop();
  state.set(node, 'done');
}
for (const file of files) if (!state.has(file)) visit(file);

if (cycles.length > 0) {
  for (const cycle of cycles) console.error(`import cycle: ${cycle.map((f) => relative(root, f)).join(' -> ')}`);
  process.exit(1);
}
console.log(`no import cycles in ${files.length} files under ${relative(process.cwd(), root) || '.'}`);
