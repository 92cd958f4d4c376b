import type { Configuration } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { productsOptions, rowMatches } from './configuration-tables';

const configuration = (
  friendlyFamily: string,
  currentVersion: string,
  product: string,
  fields: Partial<Configuration> = {},
): Configuration => ({
  product,
  friendlyFamily,
  currentVersion,
  packages: '',
  trueOptions: '',
  falseOptions: '',
  expirableOptions: '',
  trueRanges: '',
  trueAnalytes: '',
  ...fields,
});

const CONFIGURATIONS = [
  configuration('ONH', '2.9.0', 'ONH836', { trueAnalytes: 'Oxygen=O', trueOptions: 'LIMS|1' }),
  configuration('CS', '2.8.1', 'CS844', { trueOptions: 'LIMS|1' }),
  configuration('CS', '2.10.0', 'CS844', {
    packages: 'PKG-STEEL:r4',
    trueOptions: 'AUTOLOAD|1',
    falseOptions: 'P11|0',
  }),
  configuration('CS', '2.10.0', 'CS744', { falseOptions: 'LIMS|0' }),
];
const OPTIONS = [
  { code: 'LIMS', description: 'LIMS export' },
  { code: 'P11', description: '21 CFR Part 11 compliance' },
  { code: 'PKG-STEEL', description: 'Steel and iron application package' },
];

describe('productsOptions', () => {
  it('chooses the first family in sorted order unless the URL names a known one', () => {
    const first = productsOptions(CONFIGURATIONS, OPTIONS, { family: null, filter: '' });
    expect(first.families).toEqual(['CS', 'ONH']);
    expect(first.family).toBe('CS');
    expect(productsOptions(CONFIGURATIONS, OPTIONS, { family: 'ONH', filter: '' }).family).toBe('ONH');
    expect(productsOptions(CONFIGURATIONS, OPTIONS, { family: 'Nope', filter: '' }).family).toBe('CS');
  });

  it('has one table per version of the family, newest first, with products and decoded features', () => {
    const { tables } = productsOptions(CONFIGURATIONS, OPTIONS, { family: 'CS', filter: '' });
    expect(tables.map((table) => table.version)).toEqual(['2.10.0', '2.8.1']);
    expect(tables[0]!.rows.map((row) => row.product)).toEqual(['CS744', 'CS844']);
    expect(tables[0]!.rows[1]).toEqual({
      product: 'CS844',
      analytes: [],
      packages: ['Steel and iron application package'],
      defaultFeatures: ['AUTOLOAD'],
      optionalFeatures: ['21 CFR Part 11 compliance'],
    });
  });

  it('shows the Analytes and Packages columns only for a version where a product has some', () => {
    const cs = productsOptions(CONFIGURATIONS, OPTIONS, { family: 'CS', filter: '' }).tables;
    expect(cs.map((table) => [table.showAnalytes, table.showPackages])).toEqual([
      [false, true],
      [false, false],
    ]);
    expect(productsOptions(CONFIGURATIONS, OPTIONS, { family: 'ONH', filter: '' }).tables[0]).toMatchObject({
      showAnalytes: true,
      showPackages: false,
    });
  });

  it('filters by product and by what the codes mean, ignoring case; a version without a match goes', () => {
    const filtered = (filter: string) =>
      productsOptions(CONFIGURATIONS, OPTIONS, { family: 'CS', filter }).tables.map((table) => [
        table.version,
        table.rows.map((row) => row.product),
      ]);
    expect(filtered('cs7')).toEqual([['2.10.0', ['CS744']]]);
    expect(filtered('  lims EXPORT ')).toEqual([
      ['2.10.0', ['CS744']],
      ['2.8.1', ['CS844']],
    ]);
    expect(filtered('part 11')).toEqual([['2.10.0', ['CS844']]]);
    expect(filtered('nothing like this')).toEqual([]);
  });

  it('has no family and no tables when nothing is published', () => {
    expect(productsOptions([], [], { family: 'CS', filter: '' })).toEqual({
      families: [],
      family: undefined,
      tables: [],
    });
  });
});

describe('rowMatches', () => {
  it('matches everything with an empty filter', () => {
    const row = { product: 'X', analytes: [], packages: [], defaultFeatures: [], optionalFeatures: [] };
    expect(rowMatches(row, '')).toBe(true);
    expect(rowMatches(row, '   ')).toBe(true);
  });
});
