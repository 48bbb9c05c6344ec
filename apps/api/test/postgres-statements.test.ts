import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRepeatedStatementsPrepared } from '../src/db/postgres-statements';

// The server's repeated statements on PostgreSQL: prepared once they repeat, on every connection and inside
// transactions, with the same answers as unnamed ones.
const url = process.env.DATABASE_URL;

describe.skipIf(!url)('withRepeatedStatementsPrepared (PostgreSQL)', () => {
  let admin: postgres.Sql;
  let raw: postgres.Sql;
  let client: postgres.Sql;
  const name = `scenaria_test_statements_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;

  beforeAll(async () => {
    admin = postgres(url!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    // One connection: the prepared statements seen are those of the connection the queries run on.
    raw = postgres(target.toString(), { max: 1, onnotice: () => {} });
    client = withRepeatedStatementsPrepared(raw, { preparedAfter: 2 });
    await raw.unsafe('create table item (id serial primary key, name text not null)');
    await raw.unsafe("insert into item (name) values ('a'), ('b')");
  });

  afterAll(async () => {
    await raw?.end({ timeout: 5 });
    await admin?.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end({ timeout: 5 });
  });

  const prepared = async () => (await raw.unsafe<{ statement: string }[]>('select statement from pg_prepared_statements')).map((row) => row.statement);

  it('runs a text unnamed until it repeats, then prepared, even when drizzle asks for no preparing', async () => {
    const select = 'select name from item where id = $1';
    expect(await client.unsafe(select, [1], { prepare: false })).toEqual([{ name: 'a' }]);
    expect(await prepared()).not.toContain(select);
    expect(await client.unsafe(select, [2], { prepare: false })).toEqual([{ name: 'b' }]);
    expect(await prepared()).toContain(select);
    expect(await client.unsafe(select, [1], { prepare: false })).toEqual([{ name: 'a' }]);
  });

  it('prepares inside transactions and savepoints too', async () => {
    const count = 'select count(*)::int as n from item where name <> $1';
    const answers = await client.begin(async (tx) => {
      const first = await tx.unsafe(count, ['a']);
      const inner = await tx.savepoint(async (savepoint) => [await savepoint.unsafe(count, ['b']), await savepoint.unsafe(count, ['x'])]);
      return [first, ...inner];
    });
    expect(answers).toEqual([[{ n: 1 }], [{ n: 1 }], [{ n: 2 }]]);
    expect(await prepared()).toContain(count);
  });

  it('answers a prepared text again after a schema change altered what it returns', async () => {
    const all = 'select * from item where id = $1';
    await client.unsafe(all, [1]);
    await client.unsafe(all, [1]);
    expect(await prepared()).toContain(all);
    await raw.unsafe("alter table item add column note text not null default 'n'");
    expect(await client.unsafe(all, [1])).toEqual([{ id: 1, name: 'a', note: 'n' }]);
  });
});
