import { PGlite, types } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withPreparedStatements } from './pglite-statements';

// drizzle asks for date and time columns as the database's text, as here.
const asText = (value: string) => value;
const drizzleLike = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: asText, [types.TIMESTAMP]: asText } };

let raw: PGlite;
let client: PGlite;

async function preparedNames(): Promise<string[]> {
  const result = await raw.query<{ name: string }>('select name from pg_prepared_statements order by name');
  return result.rows.map((row) => row.name);
}

beforeEach(async () => {
  raw = new PGlite();
  client = withPreparedStatements(raw, { preparedAfter: 2, maxStatements: 3 });
  await client.exec(`
    create table item (id serial primary key, name text not null unique, data jsonb, at timestamptz not null default '2026-01-02T03:04:05Z', tags text[]);
    insert into item (name, data, tags) values ('a', '{"x":1}', '{p,q}'), ('b', null, '{}');
  `);
});

afterEach(async () => {
  await raw.close();
});

describe('withPreparedStatements', () => {
  const select = 'select id, name, data, at, tags from item where name = $1';

  it('answers a repeated statement as a prepared one, with the same rows and types as an unprepared run', async () => {
    const first = await client.query(select, ['a'], drizzleLike);
    expect(await preparedNames()).toEqual([]);
    const second = await client.query(select, ['a'], drizzleLike);
    const third = await client.query(select, ['b'], drizzleLike);
    expect(await preparedNames()).toHaveLength(1);
    expect(second.rows).toEqual(first.rows);
    expect(second.rows).toEqual([[1, 'a', { x: 1 }, '2026-01-02 03:04:05+00', ['p', 'q']]]);
    expect(third.rows).toEqual([[2, 'b', null, '2026-01-02 03:04:05+00', []]]);
    expect(second.fields.map((field) => field.name)).toEqual(['id', 'name', 'data', 'at', 'tags']);
    const objects = await client.query<{ name: string }>(select, ['a']);
    expect(objects.rows[0]).toMatchObject({ id: 1, name: 'a', data: { x: 1 } });
  });

  it('serialises each parameter for the type the statement declares', async () => {
    const byData = 'select name from item where data = $1 and id = $2';
    for (let round = 0; round < 3; round++) {
      expect((await client.query(byData, [{ x: 1 }, 1], drizzleLike)).rows).toEqual([['a']]);
    }
    expect((await client.query(byData, [null, 2], drizzleLike)).rows).toEqual([]);
  });

  it('reports writes as affected rows and keeps the database error of a failed statement', async () => {
    const insert = 'insert into item (name) values ($1)';
    expect((await client.query(insert, ['c'])).affectedRows).toBe(1);
    expect((await client.query(insert, ['d'])).affectedRows).toBe(1);
    await expect(client.query(insert, ['d'])).rejects.toMatchObject({ code: '23505' });
    // The session is usable after the error: the exchange ended with its sync.
    expect((await client.query(insert, ['e'])).affectedRows).toBe(1);
    expect((await client.query('select count(*)::int as n from item')).rows).toEqual([{ n: 5 }]);
  });

  it('runs prepared statements inside transactions, and a rollback keeps the statements and undoes the rows', async () => {
    const insert = 'insert into item (name) values ($1)';
    await expect(
      client.transaction(async (tx) => {
        await tx.query(insert, ['t1']);
        await tx.query(insert, ['t2']);
        expect((await tx.query(select, ['t2'], drizzleLike)).rows).toHaveLength(1);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await preparedNames()).toHaveLength(1);
    expect((await client.query(select, ['t1'], drizzleLike)).rows).toEqual([]);
    await client.transaction(async (tx) => {
      await tx.query(insert, ['t3']);
    });
    expect((await client.query(select, ['t3'], drizzleLike)).rows).toHaveLength(1);
  });

  it('never runs a statement inside a transaction another caller holds open', async () => {
    const count = 'select count(*)::int as n from item';
    await client.query(count);
    await client.query(count);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into item (name) values ($1)', ['uncommitted']);
      await held;
      await tx.rollback();
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const outside = client.query<{ n: number }>(count);
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ n: 2 }]);
  });

  it('runs a statement unprepared again when a schema change made its prepared form stale', async () => {
    const all = 'select * from item where id = $1';
    await client.query(all, [1], drizzleLike);
    await client.query(all, [1], drizzleLike);
    await client.exec('alter table item add column extra int default 7');
    const after = await client.query(all, [1], drizzleLike);
    expect(after.rows[0]).toHaveLength(6);
    expect((await client.query(all, [1], drizzleLike)).rows[0]).toHaveLength(6);
  });

  it('keeps at most the configured number of prepared statements', async () => {
    for (let index = 0; index < 6; index++) {
      const text = `select ${index} as n`;
      await client.query(text);
      expect((await client.query(text)).rows).toEqual([{ n: index }]);
    }
    expect(await preparedNames()).toHaveLength(3);
  });

  it('counts texts only within the character budget: a text beyond it is never prepared', async () => {
    const small = withPreparedStatements(raw, { preparedAfter: 2, maxCountedChars: 40 });
    const long = `select 1 as n${' '.repeat(40)}`;
    for (let round = 0; round < 3; round++) expect((await small.query(long)).rows).toEqual([{ n: 1 }]);
    expect(await preparedNames()).toEqual([]);
    await small.query('select 2 as n');
    await small.query('select 2 as n');
    expect(await preparedNames()).toHaveLength(1);
  });

  it('prepares nothing for a text that fails to parse, and reports the error', async () => {
    await client.query('select 1').catch(() => undefined);
    await expect(client.query('select nonsense from nowhere')).rejects.toMatchObject({ code: '42P01' });
    await expect(client.query('select nonsense from nowhere')).rejects.toMatchObject({ code: '42P01' });
    expect(await preparedNames()).toEqual([]);
    expect((await client.query('select 2 as n')).rows).toEqual([{ n: 2 }]);
  });
});
