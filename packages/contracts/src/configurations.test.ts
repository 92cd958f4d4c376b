import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeAnalytes,
  decodeConfiguration,
  decodeOptions,
  decodePackages,
  decodeRanges,
  fieldTokens,
  malformedTokens,
  optionDescriptions,
} from './configurations';

describe('fieldTokens', () => {
  it('splits on any run of white space and ignores leading and trailing space', () => {
    expect(fieldTokens('  A|1\tB|2\n C|3  ')).toEqual(['A|1', 'B|2', 'C|3']);
  });

  it('has no tokens for an empty field, or for anything that is not a string', () => {
    for (const field of ['', '   ', null, undefined, 42, {}, ['A|1']]) expect(fieldTokens(field)).toEqual([]);
  });
});

describe('decodePackages (code:detail)', () => {
  it('reads the code and keeps what follows the first colon', () => {
    expect(decodePackages('CS-BASE:r3 HTTP:Port:8080')).toEqual({
      items: [
        { code: 'CS-BASE', detail: 'r3' },
        { code: 'HTTP', detail: 'Port:8080' },
      ],
      malformed: [],
    });
  });

  it('takes a bare code as a package too, and an empty code as malformed', () => {
    expect(decodePackages('LIMS LIMS2: :Orphan :')).toEqual({
      items: [
        { code: 'LIMS', detail: '' },
        { code: 'LIMS2', detail: '' },
      ],
      malformed: [':Orphan', ':'],
    });
  });
});

describe('decodeOptions (code|detail)', () => {
  it('reads the code and keeps what follows the bar', () => {
    expect(decodeOptions('AUTOCAL|1 LIMS|2|x')).toEqual({
      items: [
        { code: 'AUTOCAL', detail: '1' },
        { code: 'LIMS', detail: '2|x' },
      ],
      malformed: [],
    });
  });

  it('takes a bare code as an option, and an empty code as malformed', () => {
    expect(decodeOptions('SPC |1 |')).toEqual({ items: [{ code: 'SPC', detail: '' }], malformed: ['|1', '|'] });
  });
});

describe('decodeRanges (key=value)', () => {
  it('reads the key and everything after the first equals sign', () => {
    expect(decodeRanges('MAXSAMPLES=500 WEIGHT=0.05-1.5g EXPR=a=b EMPTY=')).toEqual({
      items: [
        { key: 'MAXSAMPLES', value: '500' },
        { key: 'WEIGHT', value: '0.05-1.5g' },
        { key: 'EXPR', value: 'a=b' },
        { key: 'EMPTY', value: '' },
      ],
      malformed: [],
    });
  });

  it('calls a token without an equals sign or without a key malformed', () => {
    expect(decodeRanges('MAXSAMPLES =500 =')).toEqual({ items: [], malformed: ['MAXSAMPLES', '=500', '='] });
  });
});

describe('decodeAnalytes (name=key+key)', () => {
  it('reads the name and its keys', () => {
    expect(decodeAnalytes('Carbon=C+LC Sulfur=S Nitrogen=')).toEqual({
      items: [
        { name: 'Carbon', keys: ['C', 'LC'] },
        { name: 'Sulfur', keys: ['S'] },
        { name: 'Nitrogen', keys: [] },
      ],
      malformed: [],
    });
  });

  it('skips empty keys and calls a token without an equals sign or a name malformed', () => {
    expect(decodeAnalytes('Carbon=+C++LC+ Oxygen =O+N')).toEqual({
      items: [{ name: 'Carbon', keys: ['C', 'LC'] }],
      malformed: ['Oxygen', '=O+N'],
    });
  });
});

describe('malformedTokens', () => {
  it('lists the malformed tokens of every list field, and none for a well-formed configuration', () => {
    expect(
      malformedTokens({
        packages: ':x',
        trueOptions: '|a',
        falseOptions: 'OK|1',
        expirableOptions: '|b',
        trueRanges: 'nokey',
        trueAnalytes: 'noequals',
      }),
    ).toEqual([':x', '|a', '|b', 'nokey', 'noequals']);
    expect(malformedTokens({ packages: 'A:b', trueOptions: 'C|1', trueRanges: 'K=1', trueAnalytes: 'N=K' })).toEqual(
      [],
    );
  });
});

describe('decodeConfiguration', () => {
  const descriptions = optionDescriptions([
    { code: 'AUTOCAL', description: 'Automatic calibration' },
    { code: 'LIMS', description: 'LIMS export' },
    { code: 'MAXSAMPLES', description: 'Samples per rack' },
    { code: 'CS-BASE', description: 'Carbon/Sulfur base package' },
  ]);

  it('shows each column decoded, with option codes by their description and the code where none exists', () => {
    expect(
      decodeConfiguration(
        {
          product: 'CS844',
          packages: 'CS-BASE:r3 HTTP:1',
          trueOptions: 'AUTOCAL|1 UNKNOWN|1',
          falseOptions: 'LIMS|0',
          expirableOptions: 'AUTOCAL|30',
          trueRanges: 'MAXSAMPLES=500',
          trueAnalytes: 'Carbon=C+LC Sulfur=S',
        },
        descriptions,
      ),
    ).toEqual({
      product: 'CS844',
      analytes: ['Carbon (C + LC)', 'Sulfur (S)'],
      packages: ['Carbon/Sulfur base package', 'HTTP'],
      defaultFeatures: ['Automatic calibration', 'UNKNOWN', 'Samples per rack: 500'],
      optionalFeatures: ['LIMS export', 'Automatic calibration (expirable)'],
    });
  });

  it('shows empty columns for empty or missing fields, and malformed tokens as written', () => {
    expect(decodeConfiguration({ product: 'ONH836' }, descriptions)).toEqual({
      product: 'ONH836',
      analytes: [],
      packages: [],
      defaultFeatures: [],
      optionalFeatures: [],
    });
    expect(
      decodeConfiguration({ product: 'X', trueOptions: '|1 AUTOCAL', trueRanges: 'broken' }, descriptions),
    ).toMatchObject({ defaultFeatures: ['Automatic calibration', '|1', 'broken'] });
  });

  it('never throws, whatever the fields hold', () => {
    const anyField = fc.oneof(fc.string(), fc.constant(null), fc.integer(), fc.constant(undefined), fc.object());
    fc.assert(
      fc.property(
        fc.record({
          product: anyField,
          packages: anyField,
          trueOptions: anyField,
          falseOptions: anyField,
          expirableOptions: anyField,
          trueRanges: anyField,
          trueAnalytes: anyField,
        }),
        (configuration) => {
          const row = decodeConfiguration(configuration, descriptions);
          for (const texts of [row.analytes, row.packages, row.defaultFeatures, row.optionalFeatures]) {
            for (const text of texts) expect(text).not.toBe('');
          }
        },
      ),
    );
  });
});
