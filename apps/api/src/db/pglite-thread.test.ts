import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isEmbeddedDatabaseStopped, openPgliteThread } from './pglite-thread';
import type { PgliteThread } from './pglite-thread';

// drizzle asks for date and time columns as the database's text, as here.
const asText = (value: string) => value;
const drizzleLike = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: asText, [types.TIMESTAMP]: asText } };
const schema = `
  create table item (id serial primary key, name text not null unique, data jsonb, at timestamptz not null default '2026-01-02T03:04:05Z', tags text[]);
  insert into item (name, data, tags) values ('a', '{"x":1}', '{p,q}'), ('b', null, '{}');
`;
const select = 'select id, name, data, at, tags from item order by id';

let thread: PgliteThread;
const scratch = mkdtempSync(join(tmpdir(), 'scenaria-pglite-thread-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

beforeEach(async () => {
  thread = await openPgliteThread(undefined);
  await thread.client.exec(schema);
});

afterEach(async () => {
  await thread.close();
});

describe('the embedded database on its own thread', () => {
  it('answers queries as PGlite on this thread does: rows, fields, counts, parsers that keep text', { timeout: 60_000 }, async () => {
    const here = new PGlite();
    try {
      await here.exec(schema);
      for (const [text, params, options] of [
        [select, [], drizzleLike],
        [select, [], undefined],
        ['select * from item where name = $1', ['a'], { rowMode: 'object' as const }],
        ['update item set tags = $1 where id > $2', [['z'], 0], undefined],
        ['insert into item (name, data) values ($1, $2) returning id, data', ['c', { y: [1, 2] }], drizzleLike],
      ] as const) {
        const there = await thread.client.query(text, [...params], options);
        const local = await here.query(text, [...params], options);
        expect({ rows: there.rows, fields: there.fields, affectedRows: there.affectedRows }).toEqual({ rows: local.rows, fields: local.fields, affectedRows: local.affectedRows });
      }
      // Past the prepared statements' threshold: the same answers.
      for (let run = 0; run < 4; run++) expect((await thread.client.query(select, [], drizzleLike)).rows).toEqual((await here.query(select, [], drizzleLike)).rows);
    } finally {
      await here.close();
    }
  });

  it("creates WAL segments without zero-filling them, PGlite's own start parameters kept", { timeout: 60_000 }, async () => {
    const settings = await thread.client.query<{ name: string; setting: string }>(
      "select name, setting from pg_settings where name in ('wal_init_zero', 'search_path', 'exit_on_error') order by name",
    );
    expect(settings.rows).toEqual([
      { name: 'exit_on_error', setting: 'off' },
      { name: 'search_path', setting: 'public' },
      { name: 'wal_init_zero', setting: 'off' },
    ]);
  });

  it('passes errors on with their SQLSTATE and fields, and stays usable', { timeout: 60_000 }, async () => {
    const failed = await thread.client.query("insert into item (name) values ('a')").catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).toMatchObject({ code: '23505', constraint: 'item_name_key', message: expect.stringMatching(/duplicate key/) });
    expect((await thread.client.query('select count(*)::int as n from item')).rows).toEqual([{ n: 2 }]);
  });

  it('refuses a parser that would change values instead of ignoring it', { timeout: 60_000 }, async () => {
    await expect(thread.client.query(select, [], { parsers: { [types.TIMESTAMPTZ]: (value: string) => new Date(value) } })).rejects.toThrow(/keeps values as text only/);
  });

  it('commits a transaction whose callback succeeds and rolls back one that throws; its handle closes with it', { timeout: 60_000 }, async () => {
    let handle: { query: (text: string) => Promise<unknown> } | undefined;
    const value = await thread.client.transaction(async (tx) => {
      handle = tx;
      await tx.query("insert into item (name) values ('t1')");
      return 'done';
    });
    expect(value).toBe('done');
    await expect(handle!.query('select 1')).rejects.toThrow(/Transaction is closed/);
    const thrown = await thread.client
      .transaction(async (tx) => {
        await tx.query("insert into item (name) values ('t2')");
        throw new Error('changed my mind');
      })
      .catch((error: unknown) => error);
    expect(thrown).toMatchObject({ message: 'changed my mind' });
    // A statement that fails inside a transaction aborts it: the caller's error comes out and nothing is kept.
    await expect(
      thread.client.transaction(async (tx) => {
        await tx.query("insert into item (name) values ('t3')");
        await tx.query("insert into item (name) values ('a')");
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await thread.client.query<{ name: string }>('select name from item order by id')).rows.map((row) => row.name)).toEqual(['a', 'b', 't1']);
  });

  it('runs a statement from outside a transaction after it, never inside it', { timeout: 60_000 }, async () => {
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedInside = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = thread.client.transaction(async (tx) => {
      await tx.query("insert into item (name) values ('inside')");
      inserted();
      await holding;
      await tx.query("delete from item where name = 'inside'");
    });
    await insertedInside;
    const outside = thread.client.query<{ n: number }>("select count(*)::int as n from item where name = 'inside'");
    let answered = false;
    void outside.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });

  it('delivers notifications to listeners until they stop listening', { timeout: 60_000 }, async () => {
    const heard: string[] = [];
    const stop = await thread.client.listen('wakeup', (payload) => heard.push(payload));
    await thread.client.query("select pg_notify('wakeup', 'one')");
    await new Promise((resolve) => setTimeout(resolve, 100));
    await stop();
    await thread.client.query("select pg_notify('wakeup', 'two')");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual(['one']);
  });

  it('keeps data on disk across a close and a reopen; a closed database refuses calls', { timeout: 60_000 }, async () => {
    const dir = join(scratch, 'data');
    const first = await openPgliteThread(dir);
    await first.client.exec("create table kept (v text); insert into kept values ('still here')");
    await first.close();
    await expect(first.client.query('select 1')).rejects.toThrow(/closed/);
    const second = await openPgliteThread(dir);
    try {
      expect((await second.client.query('select v from kept')).rows).toEqual([{ v: 'still here' }]);
    } finally {
      await second.close();
    }
  });

  it('starts a new database from an image, on disk and in memory, and never loads it over a database that exists', { timeout: 60_000 }, async () => {
    // The image carries a table initdb would not make, so a database that has it was loaded from the image.
    const source = new PGlite();
    const image = join(scratch, 'image.tar');
    try {
      await source.exec("create table from_image (v text); insert into from_image values ('loaded')");
      writeFileSync(image, new Uint8Array(await (await source.dumpDataDir('none')).arrayBuffer()));
    } finally {
      await source.close();
    }
    const dir = join(scratch, 'from-image');
    const first = await openPgliteThread(dir, { startFrom: image });
    await first.client.exec("insert into from_image values ('written later')");
    await first.close();
    // Opened again with the same image: the database on disk is the one read, with the row written since.
    const second = await openPgliteThread(dir, { startFrom: image });
    try {
      expect((await second.client.query('select v from from_image order by v')).rows).toEqual([{ v: 'loaded' }, { v: 'written later' }]);
    } finally {
      await second.close();
    }
    const inMemory = await openPgliteThread(undefined, { startFrom: image });
    try {
      expect((await inMemory.client.query('select v from from_image')).rows).toEqual([{ v: 'loaded' }]);
    } finally {
      await inMemory.close();
    }
  });

  // A result far larger than the thread's memory limit: Node stops a worker whose heap runs out.
  const OUT_OF_MEMORY = "select repeat('x', 1048576) as v from generate_series(1, 300)";
  const failureOf = (call: Promise<unknown>) => call.then(() => undefined, (error: unknown) => error);

  it('opens a database on disk again after its thread stopped: held calls fail, later ones work, LISTENs and onRestart are made again', { timeout: 120_000 }, async () => {
    const stopped: string[] = [];
    const restarts: string[] = [];
    const crashing = await openPgliteThread(join(scratch, 'restart'), {
      resourceLimits: { maxOldGenerationSizeMb: 48 },
      onStopped: (error) => stopped.push(error.message),
      onRestart: async (exec) => {
        restarts.push('restart');
        await exec("set application_name = 'opened again'");
      },
    });
    try {
      await crashing.client.exec("create table kept (v text); insert into kept values ('committed')");
      const heard: string[] = [];
      await crashing.client.listen('wakeup', (payload) => heard.push(payload));
      const failure = await failureOf(crashing.client.query(OUT_OF_MEMORY));
      expect(isEmbeddedDatabaseStopped(failure)).toBe(true);
      expect(stopped).toEqual([expect.stringMatching(/^The embedded database's thread (stopped|failed)/)]);
      expect(restarts).toEqual([]);

      expect((await crashing.client.query('select v from kept')).rows).toEqual([{ v: 'committed' }]);
      expect(restarts).toEqual(['restart']);
      expect((await crashing.client.query('show application_name')).rows).toEqual([{ application_name: 'opened again' }]);
      await crashing.client.query("select pg_notify('wakeup', 'after')");
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toEqual(['after']);
      expect(await crashing.client.transaction(async (tx) => (await tx.query('select count(*)::int as n from kept')).rows)).toEqual([{ n: 1 }]);
    } finally {
      await crashing.close();
    }
    await expect(crashing.client.query('select 1')).rejects.toThrow(/closed/);
  });

  it('fails a transaction whose thread stopped under it, commits nothing of it, and runs the next one on the new thread', { timeout: 120_000 }, async () => {
    const crashing = await openPgliteThread(join(scratch, 'restart-in-transaction'), { resourceLimits: { maxOldGenerationSizeMb: 48 } });
    try {
      await crashing.client.exec('create table kept (v text)');
      let afterStop: unknown;
      const failure = await failureOf(
        crashing.client.transaction(async (tx) => {
          await tx.query("insert into kept values ('never committed')");
          const stopped = await failureOf(tx.query(OUT_OF_MEMORY));
          // The transaction's next step goes to the thread it began on, which is gone: it is not sent to a new one.
          afterStop = await failureOf(tx.query("insert into kept values ('nor this')"));
          throw stopped;
        }),
      );
      expect(isEmbeddedDatabaseStopped(failure)).toBe(true);
      expect(isEmbeddedDatabaseStopped(afterStop)).toBe(true);
      expect((await crashing.client.query('select count(*)::int as n from kept')).rows).toEqual([{ n: 0 }]);
      await crashing.client.transaction((tx) => tx.query("insert into kept values ('committed after')"));
      expect((await crashing.client.query('select v from kept')).rows).toEqual([{ v: 'committed after' }]);
    } finally {
      await crashing.close();
    }
  });

  it('does not open a database in memory again: it was lost with its thread', { timeout: 120_000 }, async () => {
    const stopped: string[] = [];
    const inMemory = await openPgliteThread(undefined, { resourceLimits: { maxOldGenerationSizeMb: 48 }, onStopped: (error) => stopped.push(error.message) });
    try {
      expect(isEmbeddedDatabaseStopped(await failureOf(inMemory.client.query(OUT_OF_MEMORY)))).toBe(true);
      const later = await failureOf(inMemory.client.query('select 1'));
      expect(isEmbeddedDatabaseStopped(later)).toBe(true);
      expect(stopped).toHaveLength(1);
    } finally {
      await inMemory.close();
    }
  });
});
