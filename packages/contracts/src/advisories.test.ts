import { describe, expect, it } from 'vitest';
import { affectedByText, csafDocumentPath, csafFileName } from './advisories';
import { advisoryPagePath } from './advisory-paths';
import { cvssBaseScore } from './cvss';
import { allows } from './people';

describe('security advisories', () => {
  it('score a CVSS v3.1 base vector as FIRST specifies, and refuse anything else', () => {
    expect(cvssBaseScore('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H')).toEqual({
      baseScore: 9.8,
      baseSeverity: 'CRITICAL',
    });
    expect(cvssBaseScore('CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:N/A:N')).toEqual({
      baseScore: 6.5,
      baseSeverity: 'MEDIUM',
    });
    expect(cvssBaseScore('CVSS:3.1/AV:L/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N')).toEqual({
      baseScore: 0,
      baseSeverity: 'NONE',
    });
    for (const bad of [
      'garbage',
      'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H',
      'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/A:L',
      'CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      'CVSS:3.1/AV:X/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      'x'.repeat(1_000_000),
    ])
      expect(cvssBaseScore(bad)).toBeUndefined();
  });

  it('name a CSAF document by the standard’s filename rule', () => {
    expect(csafFileName('ACME-SA-2026-0001')).toBe('acme-sa-2026-0001.json');
    expect(csafFileName('Example Co/SA 2026:1+x')).toBe('example_co_sa_2026_1+x.json');
    expect(csafDocumentPath('ACME-SA-2026-0001', '2026-03-01T10:00:00.000Z')).toBe(
      '/.well-known/csaf/white/2026/acme-sa-2026-0001.json',
    );
  });

  it('say which advisory affects a release, and where it is fixed', () => {
    const mark = {
      advisoryId: 'ACME-SA-2026-0001',
      title: 'Remote code execution in the method editor',
      severity: 'HIGH' as const,
      fixedIn: '2.10.0',
      url: advisoryPagePath('ACME-SA-2026-0001'),
    };
    expect(affectedByText(mark)).toBe(
      'Affected by ACME-SA-2026-0001: Remote code execution in the method editor (High). Fixed in 2.10.0.',
    );
    expect(mark.url).toBe('/security/ACME-SA-2026-0001');
    expect(affectedByText({ ...mark, severity: null, fixedIn: null })).toBe(
      'Affected by ACME-SA-2026-0001: Remote code execution in the method editor. No fix is published yet.',
    );
  });

  it('give the security role to administrators too', () => {
    expect(allows(['admin'], 'security')).toBe(true);
    expect(allows(['security'], 'security')).toBe(true);
    expect(allows(['publisher', 'service'], 'security')).toBe(false);
  });
});
