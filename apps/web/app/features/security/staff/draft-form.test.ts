import type { AdvisoryDraftContent } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { contentOf, formOf, newDraftForm } from './draft-form';
import { newDraftHref, newDraftRequest } from './new-draft-kind';

const CONTENT: AdvisoryDraftContent = {
  kind: 'advisory',
  title: 'Path traversal in the report export',
  summary: 'Line one.\nLine two.',
  vulnerabilities: [
    {
      cve: 'CVE-2026-12345',
      cwe: { id: 'CWE-22', name: 'Path Traversal' },
      description: 'A crafted name writes outside the folder.',
      cvssVector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N',
      affected: ['cornerstone:2.8.1'],
      fixed: ['cornerstone:2.10.0'],
      remediations: [
        { kind: 'vendor_fix', text: 'Update to 2.10.0.', releases: [], updateTo: 'cornerstone:2.10.0' },
        { kind: 'workaround', text: 'Export to a local folder.', releases: [] },
      ],
    },
  ],
  notAffected: [
    { cve: 'CVE-2026-1000', products: ['chromatof:ChromaTOF:6.1.0'], justification: 'component_not_present' },
  ],
  acknowledgments: [{ names: ['Ada', 'Bo'], organization: 'Lab' }],
  internalNote: 'Ticket 42.',
};

describe('the draft form', () => {
  it('gives back the content it was made from', () => {
    expect(contentOf(formOf(CONTENT))).toEqual(CONTENT);
  });

  it('leaves out optional fields left empty, and trims identifiers and names', () => {
    const form = newDraftForm('advisory', ['cornerstone:2.8.1']);
    const vulnerability = form.vulnerabilities[0]!;
    vulnerability.cve = '  ';
    vulnerability.cvssVector = ' CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N ';
    vulnerability.remediations = [{ kind: 'workaround', text: 'Do not.', updateTo: 'cornerstone:2.10.0' }];
    form.acknowledgments = [{ names: ' Ada \n\n Bo ', organization: ' ' }];
    const content = contentOf(form);
    expect(content.vulnerabilities[0]).toEqual({
      description: '',
      cvssVector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N',
      affected: ['cornerstone:2.8.1'],
      fixed: [],
      // A workaround updates to nothing, whatever the hidden select held.
      remediations: [{ kind: 'workaround', text: 'Do not.', releases: [] }],
    });
    expect(content.acknowledgments).toEqual([{ names: ['Ada', 'Bo'] }]);
  });

  it('starts a VEX statement with its products preselected and no vulnerability', () => {
    const form = newDraftForm('vex', ['firmware:PX:002.002.010']);
    expect(form.vulnerabilities).toEqual([]);
    expect(form.notAffected).toEqual([
      {
        cve: '',
        products: ['firmware:PX:002.002.010'],
        justification: 'vulnerable_code_not_present',
        impactStatement: '',
      },
    ]);
  });
});

describe("the new draft's address", () => {
  it('reads the kind and every affected release, once each', () => {
    expect(
      newDraftRequest(
        new URL(
          'http://x/service/security/new?affected=cornerstone%3A2.8.1&affected=cornerstone%3A2.8.1&affected=chromatof%3AChromaTOF%3A6.1.0',
        ),
      ),
    ).toEqual({
      kind: 'advisory',
      affected: ['cornerstone:2.8.1', 'chromatof:ChromaTOF:6.1.0'],
    });
    expect(newDraftRequest(new URL(`http://x${newDraftHref('vex')}`))).toEqual({ kind: 'vex', affected: [] });
    expect(newDraftRequest(new URL('http://x/service/security/new?kind=other'))).toEqual({
      kind: 'advisory',
      affected: [],
    });
  });
});
