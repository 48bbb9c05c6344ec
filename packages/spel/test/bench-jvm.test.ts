import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { JavaDouble, javaToString } from '@scenaria/typing/runtime';
import { cases } from '../bench/cases';
import { encodeJavaValue, springClasspath, startJvm, type JvmPrepared, type JvmRound } from '../bench/jvm';
import { compileExpression } from '../src/index';

const benchDir = resolve(dirname(fileURLToPath(import.meta.url)), '../bench');

describe('the spel bench values as the JVM side reads them', () => {
  it('writes each runtime kind with its Java type', () => {
    expect(encodeJavaValue(null)).toBe('n');
    expect(encodeJavaValue(true)).toBe('z1');
    expect(encodeJavaValue(-7)).toBe('i-7;');
    expect(encodeJavaValue(9007199254740993n)).toBe('l9007199254740993;');
    expect(encodeJavaValue(new JavaDouble(0.1))).toBe('d0.1;');
    expect(encodeJavaValue('zażółć')).toBe('s6:zażółć');
    expect(encodeJavaValue(['a', 1])).toBe('[2:s1:ai1;');
    expect(encodeJavaValue(new Map<string, unknown>([['city', 'Warsaw'], ['tags', []]]))).toBe('{2:s4:citys6:Warsaws4:tags[0:');
  });

  it("writes a BigDecimal as Java prints it, so that its scale comes across", () => {
    expect(encodeJavaValue(new Decimal('10.25'))).toBe('b10.25;');
  });

  it('refuses what has no Java form instead of guessing one', () => {
    expect(() => encodeJavaValue(1.5)).toThrow(/no Integer/);
    expect(() => encodeJavaValue({ plain: 'object' })).toThrow(/no Java form/);
  });
});

// The JVM side runs where java, javac and Spring's jars are (Debian's libspring-expression-java); elsewhere the
// bench prints why it left Spring out, and so does this.
const jvmMissing = spawnSync('javac', ['-version'], { stdio: 'ignore' }).status !== 0 ? 'no javac' : springClasspath() === undefined ? 'no Spring jars' : undefined;

describe.skipIf(jvmMissing !== undefined)(`the spel bench beside Spring's SpEL${jvmMissing ? ` (skipped: ${jvmMissing})` : ''}`, () => {
  it('gets the same results from Spring as from the engine, and a rate for each', async () => {
    const picked = cases.filter((benchCase) => ['Integer arithmetic', 'BigDecimal arithmetic', 'Record navigation', 'Conversion toLong'].includes(benchCase.name));
    expect(picked).toHaveLength(4);
    const jvm = await startJvm(picked, benchDir, { quick: true });
    if ('unavailable' in jvm) throw new Error(jvm.unavailable);
    expect(jvm.springVersion).toMatch(/^\d+\.\d+/);
    const measurements: Array<{ prepared: JvmPrepared; round?: JvmRound }> = [];
    for (const index of picked.keys()) {
      const prepared = await jvm.prepare(index);
      measurements.push('failure' in prepared ? { prepared } : { prepared, round: await jvm.round(index) });
    }
    await jvm.close();
    picked.forEach((benchCase, index) => {
      const { prepared: measurement, round } = measurements[index]!;
      const compiled = compileExpression(benchCase.expression, { variables: benchCase.variables });
      if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
      if (benchCase.name === 'Conversion toLong') {
        // The dialect's conversions are not Spring's: the row says so rather than timing something else.
        expect(measurement).toMatchObject({ failure: expect.stringContaining('toLong') });
        return;
      }
      if ('failure' in measurement) throw new Error(`${benchCase.name}: ${measurement.failure}`);
      expect(measurement.result).toBe(javaToString(compiled.evaluate(benchCase.values)));
      expect(round?.interpreted).toBeGreaterThan(0);
    });
    // Spring compiles plain Integer arithmetic to bytecode; a Map read through a custom accessor it does not.
    expect(measurements[0]).toMatchObject({ prepared: { compiled: true }, round: { compiled: expect.any(Number) } });
    expect(measurements[2]).toMatchObject({ prepared: { compiled: false }, round: { compiled: undefined } });
  }, 120_000);
});
