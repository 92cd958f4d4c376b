import { describe, expect, it } from 'vitest';
import { canonicalEmail, isStaffAddress, isTaggedAddress } from './canonical-email';

const STAFF = ['company.example'];
const staffAddress = (raw: string) => {
  const canonical = canonicalEmail(raw);
  return canonical && isStaffAddress(canonical, STAFF) ? canonical : undefined;
};

describe('canonical e-mail address', () => {
  it('trims and lower-cases, so case and spaces name the same person', () => {
    expect(staffAddress('  Ana.Lima@Company.EXAMPLE \n')).toBe('ana.lima@company.example');
  });

  it('gives one mailbox one identity: the string it mails is the string typed, up to ASCII case', () => {
    // Each of these would otherwise fold (NFKC, or Unicode lower-casing) into an address
    // that was not typed: refused, not rewritten.
    for (const raw of [
      'ａｎａ＠company.example',
      'ana＠company.example',
      'ﬁona@company.example',
      '\u212Aate@company.example', // Kelvin sign: lower-cases to k
      '\u017Fam@company.example', // long s: NFKC makes it s
      'ana@ｃompany.example',
      'ana@evil.example＠company.example',
      'ana＠evil.example@company.example',
    ]) {
      expect(canonicalEmail(raw), raw).toBeUndefined();
    }
  });

  it('refuses a +tag: ana+x@ and ana@ are one mailbox on most mail servers', () => {
    expect(canonicalEmail('ana+x@company.example')).toBeUndefined();
    expect(canonicalEmail('+ana@company.example')).toBeUndefined();
    expect(isTaggedAddress(' ana+x@company.example ')).toBe(true);
    expect(isTaggedAddress('ana@company.example')).toBe(false);
    expect(isTaggedAddress('ana@company+x.example')).toBe(false);
  });

  it.each([
    ['a quoted local part hiding another domain', '"a@evil.example"@company.example'],
    ['a quoted local part', '"ana"@company.example'],
    ['a comma list', 'ana@company.example,eve@evil.example'],
    ['a comma list the other way', 'eve@evil.example,ana@company.example'],
    ['a semicolon list', 'ana@company.example;eve@evil.example'],
    ['a display name', 'Ana <ana@company.example>'],
    ['a space inside', 'ana lima@company.example'],
    ['percent routing', 'eve%evil.example@company.example'],
    ['bang routing', 'evil.example!eve@company.example'],
    ['two @', 'ana@@company.example'],
    ['no @', 'ana.company.example'],
    ['a newline (header injection)', 'ana@company.example\nBcc: eve@evil.example'],
    ['a leading dot', '.ana@company.example'],
    ['a domain without a dot', 'ana@localhost'],
    ['an IP literal', 'ana@[127.0.0.1]'],
    ['non-ASCII letters', 'jörg@company.example'],
  ])('refuses %s', (_name, raw) => {
    expect(canonicalEmail(raw)).toBeUndefined();
  });

  it('lets in only the staff domains themselves, not subdomains or look-alikes', () => {
    expect(staffAddress('a@company.example')).toBe('a@company.example');
    expect(staffAddress('a@company.evil.example')).toBeUndefined();
    expect(staffAddress('a@company.example.evil.example')).toBeUndefined();
    expect(staffAddress('a@evilcompany.example')).toBeUndefined();
    expect(staffAddress('a@eu.company.example')).toBeUndefined();
  });
});
