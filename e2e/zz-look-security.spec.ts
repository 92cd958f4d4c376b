// Throwaway: screenshots of the security screens for a visual check. Not committed.
import type { Page } from '@playwright/test';
import { releaseReferenceKey, releaseReferenceLabel, type ReleaseReference } from '@portal/contracts';
import { expect, test } from './fixtures';
import { E2E_ADMINS } from './global-setup';
import { gotoInitialized } from './public-pages';

test.use({ staffEmail: E2E_ADMINS.securityAdvisories });

const refs: ReleaseReference[] = [
  { kind: 'cornerstone', version: '2.10.0' },
  { kind: 'cornerstone', version: '2.9.0' },
  { kind: 'cornerstone', version: '2.8.1' },
  { kind: 'cornerstone', version: '2.7.0' },
  { kind: 'chromatof', product: 'ChromaTOF', version: '6.1.0' },
  { kind: 'firmware', instrument: 'PX', version: '002.002.010' },
];
const releases = refs.map((reference) => ({ reference, key: releaseReferenceKey(reference), label: releaseReferenceLabel(reference), releaseDate: null, withdrawn: false }));
const detail = {
  advisoryId: 'EXAMPLE-SA-2026-0001', kind: 'advisory', title: 'Path traversal in the report export of Cornerstone', severity: 'HIGH', baseScore: 7.5,
  cves: ['CVE-2026-12345'], products: ['Cornerstone'], initialReleaseDate: '2026-11-20T10:00:00Z', currentReleaseDate: '2026-11-25T10:00:00Z', version: '2',
  csafUrl: '/.well-known/csaf/white/2026/example-sa-2026-0001.json', summary: 'A crafted report name lets a user write outside the export folder.\nUpdate to 2.10.0.',
  vulnerabilities: [{ cve: 'CVE-2026-12345', cwe: { id: 'CWE-22', name: 'Improper Limitation of a Pathname to a Restricted Directory' }, title: 'Path traversal', description: 'The export does not check the name.', cvssVector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N', baseScore: 7.5, severity: 'HIGH',
    affected: [{ key: 'cornerstone:2.8.1', label: 'Cornerstone 2.8.1' }], fixed: [{ key: 'cornerstone:2.10.0', label: 'Cornerstone 2.10.0' }],
    remediations: [{ kind: 'vendor_fix', text: 'Update to Cornerstone 2.10.0 or later.', releases: [], updateTo: { key: 'cornerstone:2.10.0', label: 'Cornerstone 2.10.0' } }] }],
  notAffected: [], acknowledgments: [{ names: ['Ada Lovelace'], organization: 'Analytical Engines Ltd' }],
  revisionHistory: [{ number: '1', date: '2026-11-20T10:00:00Z', summary: 'Initial version.' }, { number: '2', date: '2026-11-25T10:00:00Z', summary: 'Added the CVE ID.' }],
};
const draft = { id: '11111111-2222-4333-8444-555555555555', advisoryId: null, createdBy: 'ada@company.example', updatedBy: 'ada@company.example', updatedAt: '2026-11-26T10:00:00Z',
  content: { kind: 'advisory', title: 'Path traversal in the report export', summary: 'A crafted name.', vulnerabilities: [{ description: 'x', cvssVector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N', affected: ['cornerstone:2.8.1'], fixed: ['cornerstone:2.10.0'], remediations: [{ kind: 'vendor_fix', text: 'Update.', releases: [], updateTo: 'cornerstone:2.10.0' }] }], notAffected: [], acknowledgments: [], internalNote: '' } };

async function fake(page: Page) {
  const json = (body: unknown, status = 200) => ({ status, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route('**/v1/security/releases', (r) => r.fulfill(json({ releases })));
  await page.route('**/v1/security/drafts', (r) => r.fulfill(json({ drafts: [{ id: draft.id, advisoryId: null, kind: 'advisory', title: draft.content.title, updatedBy: 'ada@company.example', updatedAt: '2026-11-26T10:00:00Z' }] })));
  await page.route(`**/v1/security/drafts/${draft.id}`, (r) => r.fulfill(json(draft)));
  await page.route(`**/v1/security/drafts/${draft.id}/preview`, (r) => r.fulfill(json({ csaf: { document: { title: 'x' } }, advisory: detail, problems: [{ instancePath: '/vulnerabilities/0/product_status/known_affected', message: 'must have 1 item' }, { instancePath: '/product_tree', message: 'Missing product_tree' }] })));
  await page.route('**/v1/advisories?*', (r) => r.fulfill(json({ advisories: [detail, { ...detail, advisoryId: 'EXAMPLE-VEX-2026-0001', kind: 'vex', severity: null, baseScore: null, title: 'Not affected by CVE-2026-9999 (OpenSSL)', version: '1' }] })));
  await page.route('**/v1/advisories', (r) => r.fulfill(json({ advisories: [detail, { ...detail, advisoryId: 'EXAMPLE-VEX-2026-0001', kind: 'vex', severity: null, baseScore: null, title: 'Not affected by CVE-2026-9999 (OpenSSL)', version: '1' }] })));
  await page.route('**/v1/advisories/policy', (r) => r.fulfill(json({ contact: 'mailto:security@example.com', securityTxt: '/.well-known/security.txt', providerMetadata: '/.well-known/csaf/provider-metadata.json' })));
  await page.route('**/v1/advisories/EXAMPLE-SA-2026-0001', (r) => r.fulfill(json(detail)));
}

for (const width of [1280, 360]) {
  test(`look ${width}`, async ({ staffPage: page }) => {
    test.setTimeout(120_000);
    await fake(page);
    await page.setViewportSize({ width, height: 900 });
    const shot = async (name: string) => page.screenshot({ path: `/tmp/look34/${name}-${width}.png`, fullPage: true });
    await gotoInitialized(page, '/service/security');
    await expect(page.getByText('Open drafts')).toBeVisible();
    await shot('staff-list');
    await gotoInitialized(page, '/service/security/new?affected=cornerstone%3A2.8.1&affected=cornerstone%3A9.9.9');
    await page.getByLabel('CVSS v3.1 vector').fill('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H');
    await page.getByRole('button', { name: 'Add a remediation' }).click();
    await shot('new');
    await gotoInitialized(page, `/service/security/drafts/${draft.id}`);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('heading', { name: 'The CSAF JSON' })).toBeVisible();
    await shot('draft-preview');
    await gotoInitialized(page, '/security');
    await expect(page.getByText('High 7.5').first()).toBeVisible();
    await shot('public-list');
    await gotoInitialized(page, '/security/EXAMPLE-SA-2026-0001');
    await expect(page.getByText('Revision history').first()).toBeVisible();
    await shot('public-advisory');
    await gotoInitialized(page, '/security/policy');
    await shot('policy');
  });
}
