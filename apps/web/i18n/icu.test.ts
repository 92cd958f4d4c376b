import { LANGUAGES, intlLocale } from '@portal/contracts';
import { describe, expect, it, vi } from 'vitest';
import { compileIcu, helperCode, parseIcu, placeholders, pseudoIcu, PSEUDO_LETTERS, type Helper } from './icu.ts';
import { readPo, writePo } from './po.ts';

/** A compiled message as the browser loads it: its module's helpers, then the message. */
function load(source: string, language: Parameters<typeof helperCode>[1]): (values?: object) => string {
  const helpers = new Set<Helper>();
  const expression = compileIcu(parseIcu(source), helpers);
  const message: unknown = new Function(`${helperCode(helpers, language)}return ${expression};`)();
  return (values) =>
    typeof message === 'function' ? (message as (values: object) => string)(values ?? {}) : (message as string);
}

/** A compiled message as the browser runs it. */
const run = (source: string, language: Parameters<typeof helperCode>[1], values?: object) =>
  load(source, language)(values);

describe('ICU messages, compiled', () => {
  it('are plain strings when they take no value', () => {
    expect(compileIcu(parseIcu("What's new"), new Set())).toBe('"What\'s new"');
  });

  it('follow the apostrophe rules', () => {
    expect(run("It''s '{literal}' text", 'en')).toBe("It's {literal} text");
    expect(run("Cornerstone's 'Copy Protection Key'.", 'en')).toBe("Cornerstone's 'Copy Protection Key'.");
  });

  it('write plurals and numbers by the language', () => {
    const files = '{count, plural, =0 {no file} one {# file} other {# files}}';
    expect(run(files, 'en', { count: 0 })).toBe('no file');
    expect(run(files, 'en', { count: 1 })).toBe('1 file');
    expect(run(files, 'en', { count: 1234 })).toBe('1,234 files');
    expect(run('{count, plural, one {# Datei} other {# Dateien}}', 'de', { count: 1234 })).toBe('1.234 Dateien');
    expect(run('{count, plural, other {# 件のファイル}}', 'ja', { count: 2 })).toBe('2 件のファイル');
  });

  it('write a small whole number as Intl does, without making a NumberFormat for it', () => {
    const count = '{count, number}';
    for (const language of LANGUAGES) {
      const format = new Intl.NumberFormat(intlLocale(language));
      for (const number of [0, 1, 7, 42, 999, 1000, 1234, 1234567, 2.5, -3, -0]) {
        expect(run(count, language, { count: number }), `${number} in ${language}`).toBe(format.format(number));
      }
    }
    const components = load('{count, plural, one {# component} other {# components}}', 'en');
    const { NumberFormat } = Intl;
    const made = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof NumberFormat>
    ) {
      return new NumberFormat(...args);
    } as typeof NumberFormat);
    try {
      expect(components({ count: 120 })).toBe('120 components');
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it('write dates by the language', () => {
    expect(run('Released {day, date}', 'en', { day: '2025-05-20' })).toBe('Released May 20, 2025');
    expect(run('Veröffentlicht am {day, date}', 'de', { day: '2025-05-20' })).toBe('Veröffentlicht am 20. Mai 2025');
    expect(run('{day, date}', 'ja', { day: '2025-05-20' })).toBe('2025年5月20日');
    expect(run('{day, date}', 'zh-Hans', { day: '2025-05-20' })).toBe('2025年5月20日');
  });

  it('select, and name their values with their kinds', () => {
    const source = '{kind, select, pib {a PIB} other {a file}} of {count, number} by {name}';
    expect(run(source, 'en', { kind: 'pib', count: 3, name: 'x' })).toBe('a PIB of 3 by x');
    expect(Object.fromEntries(placeholders(parseIcu(source)))).toEqual({
      kind: 'select',
      count: 'number',
      name: 'text',
    });
  });

  it('give rich text as parts, each tag made by the caller with a key of its own', () => {
    const helpers = new Set<Helper>();
    const source = 'Click the <b>i</b> icon, then <link>{name}</link>.';
    const message = new Function(`return ${compileIcu(parseIcu(source), helpers)}`)() as (values: object) => unknown[];
    const tag = (name: string) => (chunks: unknown[], key: number) => ({ name, chunks, key });
    expect(message({ b: tag('b'), link: tag('a'), name: 'About' })).toEqual([
      'Click the ',
      { name: 'b', chunks: ['i'], key: 0 },
      ' icon, then ',
      { name: 'a', chunks: ['About'], key: 1 },
      '.',
    ]);
    expect(Object.fromEntries(placeholders(parseIcu(source)))).toEqual({ b: 'tag', link: 'tag', name: 'text' });
    // Words and values between two tags are one text, as a reader reads them.
    const between = new Function(
      `return ${compileIcu(parseIcu('Press <b>{button}</b>: it installs {file} and restarts.'), helpers)}`,
    )() as (values: object) => unknown[];
    expect(between({ b: tag('b'), button: 'Upgrade', file: 'update.zip' })).toEqual([
      'Press ',
      { name: 'b', chunks: ['Upgrade'], key: 0 },
      ': it installs update.zip and restarts.',
    ]);
    expect(() => parseIcu('<b>open')).toThrow();
    expect(() => parseIcu('<b>x</i>')).toThrow(/<\/b> expected/);
  });

  it('refuse what is not ICU', () => {
    expect(() => parseIcu('{count, plural, one {# file}}')).toThrow(/other/);
    expect(() => parseIcu('a } b')).toThrow(/unmatched/);
    expect(() => parseIcu('{count, currency}')).toThrow(/Unknown/);
  });
});

describe('the pseudo-language', () => {
  it('accents every letter, keeps the values and is about 40% longer', () => {
    const text = 'Start from what you have.';
    const pseudo = run('{count, plural, one {# file} other {# files}}', 'en-XA', { count: 2 });
    expect(pseudo).toBe('2 files');
    const helpers = new Set<Helper>();
    const accented = new Function(`return ${compileIcu(pseudoIcu(parseIcu(text)), helpers)}`)() as string;
    expect(accented).toMatch(/^\[Šţáŕţ ƒŕöɱ ŵĥáţ ýöû ĥáṽé\. /);
    expect(accented.length).toBeGreaterThanOrEqual(Math.round(text.length * 1.4));
    expect([...accented].some((char) => PSEUDO_LETTERS.includes(char))).toBe(true);
  });
});

describe('PO files', () => {
  it('read back what they write, multi-line strings and flags included', () => {
    const entry = {
      id: 'home.lead',
      source: 'Say "hi"\\n',
      translation: 'Sag „hallo“',
      comments: ['A note'],
      references: ['app/x.messages.ts:3'],
      fuzzy: true,
    };
    expect(readPo(writePo('de', [entry]))).toEqual([entry]);
    expect(readPo('msgctxt "a.b"\nmsgid ""\n"one "\n"two"\nmsgstr "eins zwei"\n')[0]).toMatchObject({
      id: 'a.b',
      source: 'one two',
      translation: 'eins zwei',
    });
  });
});
