import type { AdvisoryDraftContent } from '@portal/contracts';

/** A draft of an advisory affecting Cornerstone 2.8.1, fixed in 2.10.0 (both in the demo catalogue). */
export function cornerstoneAdvisory(overrides: Partial<AdvisoryDraftContent> = {}): AdvisoryDraftContent {
  return {
    kind: 'advisory',
    title: 'Method files can run code when opened',
    summary: 'A crafted method file can make Cornerstone run code with the rights of the signed-in user.',
    vulnerabilities: [
      {
        cwe: { id: 'CWE-502', name: 'Deserialization of Untrusted Data' },
        description: 'Cornerstone 2.8.1 deserialises method files without checking the types they name.',
        cvssVector: 'CVSS:3.1/AV:L/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H',
        affected: ['cornerstone:2.8.1'],
        fixed: ['cornerstone:2.10.0'],
        remediations: [
          {
            kind: 'vendor_fix',
            text: 'Update to Cornerstone 2.10.0 or later.',
            releases: [],
            updateTo: 'cornerstone:2.10.0',
          },
          { kind: 'workaround', text: 'Open method files only from trusted sources.', releases: [] },
        ],
      },
    ],
    notAffected: [],
    acknowledgments: [{ names: ['Ada Example'], organization: 'Example Lab' }],
    internalNote: 'Reported by mail on 2026-01-05; reporter agreed to be named.',
    ...overrides,
  };
}

/** A not-affected statement: ChromaTOF 6.1.0 does not carry the vulnerable component. */
export function chromatofNotAffected(): AdvisoryDraftContent {
  return {
    kind: 'vex',
    title: 'ChromaTOF is not affected by CVE-2026-12346',
    summary: 'ChromaTOF does not include the library in which CVE-2026-12346 was found.',
    vulnerabilities: [],
    notAffected: [
      {
        cve: 'CVE-2026-12346',
        products: ['chromatof:ChromaTOF:6.1.0'],
        justification: 'component_not_present',
        impactStatement: 'ChromaTOF does not ship the affected library.',
      },
    ],
    acknowledgments: [],
    internalNote: '',
  };
}

/** A draft of an advisory affecting ChromaTOF 6.1.0 (in the demo catalogue), with no fixed version yet. */
export function chromatofAdvisory(): AdvisoryDraftContent {
  return cornerstoneAdvisory({
    title: 'Sample tables can run code in ChromaTOF',
    summary: 'A crafted sample table can make ChromaTOF run code with the rights of the signed-in user.',
    vulnerabilities: [
      {
        cwe: { id: 'CWE-502', name: 'Deserialization of Untrusted Data' },
        description: 'ChromaTOF 6.1.0 deserialises sample tables without checking the types they name.',
        cvssVector: 'CVSS:3.1/AV:L/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H',
        affected: ['chromatof:ChromaTOF:6.1.0'],
        fixed: [],
        remediations: [{ kind: 'workaround', text: 'Open sample tables only from trusted sources.', releases: [] }],
      },
    ],
  });
}
