import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useDemoPortal } from '../../../test/demo-portal';
import { createTestDatabase } from '../../../test/test-database';
import { files } from './catalogue-tables';
import { catalogueIsEmpty, downloadOf } from './sections';

describe('the sections asked through the catalogue', () => {
  const demo = useDemoPortal();

  it('say what a file is a download of: an offline installer, a PIB, a DSV, a ChromaTOF file, and nothing for any other file', async () => {
    const { db } = demo.portal.database;
    const { rows } = await db.execute<{ name: string; product: string | null; version: string | null }>(sql`
      SELECT ${files.name} AS name, published.product, published.version
        FROM ${files} LEFT JOIN LATERAL (${downloadOf(files.id)}) AS published ON true`);
    const answer = new Map(rows.map(({ name, product, version }) => [name, { product, version }]));
    expect(answer.get('Cornerstone-2.8.1-Offline.zip')).toEqual({ product: 'Cornerstone', version: '2.8.1' });
    expect(answer.get('Cornerstone-2.10.0-p11-PIB.pdf')).toEqual({ product: 'Cornerstone PIB', version: '2.10.0' });
    expect(answer.get('ChromaTOF-6.0.2-PIB.pdf')).toEqual({ product: 'ChromaTOF PIB', version: '6.0.2' });
    expect(answer.get('DSV-Cornerstone-2.9-draft.pdf')).toEqual({ product: 'Cornerstone DSV', version: '2.9 draft' });
    expect(answer.get('ChromaTOF-6.1.0-Setup.zip')).toEqual({ product: 'ChromaTOF', version: '6.1.0' });
    for (const other of ['Cornerstone-2.8.1-Release-Notes.txt', 'update.zip']) {
      expect(answer.get(other)).toEqual({ product: null, version: null });
    }
  });

  it('find the catalogue empty before anything is published, and not after', async () => {
    expect(await catalogueIsEmpty(demo.portal.database.db)).toBe(false);
    const fresh = await createTestDatabase();
    try {
      expect(await catalogueIsEmpty(fresh.db)).toBe(true);
    } finally {
      await fresh.drop();
    }
  });
});
