import { asc } from 'drizzle-orm';
import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { upsert, upsertEach } from './upsert';

// A table of this test's own, keyed as the sections' tables are (two columns, one with a
// JavaScript name of its own), so the upserts are checked apart from any section.
const entries = pgTable(
  'upsert_check',
  {
    product: text('product').notNull(),
    internalVariant: text('internal_variant').notNull(),
    title: text('title').notNull(),
    note: text('note'),
  },
  (table) => [primaryKey({ columns: [table.product, table.internalVariant] })],
);
const key = [entries.product, entries.internalVariant];
const update = { title: entries.title, note: entries.note };

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.pool.query(
    `CREATE TABLE upsert_check (product text NOT NULL, internal_variant text NOT NULL, title text NOT NULL, note text,
       PRIMARY KEY (product, internal_variant))`,
  );
});
afterAll(() => database.drop());

const all = () => database.db.select().from(entries).orderBy(asc(entries.product), asc(entries.internalVariant));

describe('upserts by natural key', () => {
  it('count each row added, changed or unchanged, in batches as one upsert per row would', async () => {
    const rows = Array.from({ length: 20_000 }, (_, index) => ({
      product: 'P',
      internalVariant: String(index).padStart(5, '0'),
      title: `T${index}`,
    }));
    // 20,000 rows of four columns: more than one statement's worth.
    expect(await database.db.transaction((tx) => upsertEach(tx, entries, rows, key, update))).toEqual({
      added: 20_000,
      changed: 0,
      unchanged: 0,
    });

    const again = rows.map((row, index) => (index % 1_000 === 0 ? { ...row, title: `${row.title} changed` } : row));
    expect(await database.db.transaction((tx) => upsertEach(tx, entries, again, key, update))).toEqual({
      added: 0,
      changed: 20,
      unchanged: 19_980,
    });
    expect((await all()).filter((row) => row.title.endsWith('changed'))).toHaveLength(20);
  });

  it('apply a key given twice in its order: the later row wins, counted as a change of the first', async () => {
    const rows = [
      { product: 'Q', internalVariant: 'a', title: 'first' },
      { product: 'Q', internalVariant: 'b', title: 'only' },
      { product: 'Q', internalVariant: 'a', title: 'second', note: 'later' },
      { product: 'Q', internalVariant: 'a', title: 'second', note: 'later' },
    ];
    expect(await database.db.transaction((tx) => upsertEach(tx, entries, rows, key, update))).toEqual({
      added: 2,
      changed: 1,
      unchanged: 1,
    });
    const written = (await all()).filter((row) => row.product === 'Q');
    expect(written).toEqual([
      { product: 'Q', internalVariant: 'a', title: 'second', note: 'later' },
      { product: 'Q', internalVariant: 'b', title: 'only', note: null },
    ]);
  });

  it('say what one upsert did', async () => {
    const row = { product: 'R', internalVariant: 'a', title: 'one' };
    expect(await upsert(database.db, entries, row, key, update)).toBe('added');
    expect(await upsert(database.db, entries, row, key, update)).toBe('unchanged');
    expect(await upsert(database.db, entries, { ...row, note: 'now' }, key, update)).toBe('changed');
  });
});
