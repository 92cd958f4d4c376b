import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  ADVISORY_MESSAGES,
  advisoryPagePath,
  affectedByText,
  FEEDS_PATHS,
  registrationIdAuthorization,
  roleRequiredMessage,
  STAFF_ROLE_TITLES,
} from '@portal/contracts';
import { seriousViolations } from './axe';
import { acceptProblems, answeredWith, expect, signInPage, test } from './fixtures';
import { E2E_ADMINS } from './global-setup';
import { gotoInitialized } from './public-pages';
import { newStaffMember } from './publishers';

// Issue 34's "Done when", in Chromium: a person with the security role drafts an advisory for
// Cornerstone 2.8.1 with a CVSS vector, sees the score, publishes it; the public page, the CSAF
// JSON and the lookup of DEMO-CS-1001 show it; a revision adds a CVE and joins the history.
// Each advisory has a title of its own (other specs share the portal); the marks it adds to
// 2.8.1 are ignored by the lookup specs, which compare the results' own links.

// The administrator signs in once (one sign-in mail a minute per address): one worker, in order.
test.describe.configure({ mode: 'default' });

const CS = 'DEMO-CS-1001';
const VECTOR = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N';
const CVE = `CVE-2026-${String(Math.floor(Math.random() * 900_000) + 100_000)}`;

const newSecurityPerson = () => newStaffMember(E2E_ADMINS.securityAdvisories, ['security']);
const uniqueTitle = (what: string) => `E2E ${what} ${randomUUID().slice(0, 8)}`;

/**
 * Chromium logs each answer of `status` as a console error: where a test asks for one (a
 * refusal, an advisory that does not exist), those lines, and only those, leave the page's problems.
 */
function acceptStatus(pageProblems: string[], status: number) {
  expect(acceptProblems(pageProblems, answeredWith(status))).not.toEqual([]);
}

const picker = (page: Page, legend: string) => page.getByRole('group', { name: new RegExp(`^${legend}`) }).first();

/** The fields of a first vulnerability: every field the Done-when names. */
async function fillAdvisory(page: Page, title: string) {
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Summary', { exact: true }).fill('A crafted report name writes outside the export folder.');
  await page.getByLabel('CWE ID').fill('CWE-22');
  // The validator checks the name against the CWE catalogue (mandatory test 6.1.11).
  await page
    .getByLabel('CWE name')
    .fill("Improper Limitation of a Pathname to a Restricted Directory ('Path Traversal')");
  await page.getByLabel('Description').fill('The report export does not check the name it is given. <b>not bold</b>');

  // The score follows the vector as it is typed: nothing for half a vector, the score once whole.
  const cvss = page.getByLabel('CVSS v3.1 vector');
  await cvss.fill('CVSS:3.1/AV:N');
  await expect(page.getByText(/^Not a CVSS v3\.1 base vector/)).toBeVisible();
  await cvss.fill(VECTOR);
  await expect(page.getByText('Base score 7.5 High')).toBeVisible();

  await picker(page, 'Affected releases').getByRole('checkbox', { name: 'Cornerstone 2.8.1', exact: true }).check();
  await picker(page, 'Fixed in').getByRole('checkbox', { name: 'Cornerstone 2.10.0', exact: true }).check();
  await page.getByRole('button', { name: 'Add a remediation' }).click();
  const remediation = page.getByRole('group', { name: 'Remediation 1 of vulnerability 1' });
  await remediation.getByLabel('What to do').fill('Update to Cornerstone 2.10.0 or later.');
  await remediation.getByLabel('Update to').selectOption({ label: 'Cornerstone 2.10.0' });
  await page.getByLabel('Internal note (never published)').fill('Reported through ticket 4711.');
}

test('a person with the security role drafts, previews, publishes and revises an advisory; the public page, the CSAF JSON and the lookup show it', async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(120_000);
  await signInPage(page, await newSecurityPerson());
  const title = uniqueTitle('Path traversal in the report export');

  await gotoInitialized(page, '/service/security');
  await page.getByRole('link', { name: 'New advisory', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New advisory');
  await fillAdvisory(page, title);
  await page.getByRole('button', { name: 'Save draft' }).click();

  // Saved, the draft has its own address: a reload shows it as it was typed.
  await expect(page).toHaveURL(/\/service\/security\/drafts\/[0-9a-f-]{36}$/);
  await page.reload();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(page.getByText('Base score 7.5 High')).toBeVisible();
  await expect(
    picker(page, 'Affected releases').getByRole('checkbox', { name: 'Cornerstone 2.8.1', exact: true }),
  ).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  // The preview: the public page and the CSAF JSON, without the internal note.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('The CSAF document passes the CSAF 2.0 validator.')).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Revision history' })).toBeVisible();
  const csafPreview = preview.getByRole('region', { name: 'The CSAF document' });
  await expect(csafPreview).toContainText(`"title": "${title}"`);
  await expect(csafPreview).toContainText(VECTOR);
  await expect(preview).not.toContainText('ticket 4711');

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page).toHaveURL(/\/security\/[A-Z][A-Z0-9]*-SA-\d{4}-\d{4,6}$/);
  const advisoryId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

  // The public page: the facts, the typed HTML as text, the remediation's lookup, the history.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText('High 7.5').first()).toBeVisible();
  await expect(page.getByText('The report export does not check the name it is given. <b>not bold</b>')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Cornerstone 2.10.0' })).toHaveAttribute(
    'href',
    '/cornerstone/offline',
  );
  await expect(page.getByRole('row')).toHaveText([/Revision\s*Date\s*Summary/, /^1.*Initial version\.$/]);
  await expect(page.locator('main')).not.toContainText('ticket 4711');

  // The CSAF document and its signature, where the page links them.
  const csafHref = (await page.getByRole('link', { name: 'CSAF JSON' }).getAttribute('href'))!;
  expect(csafHref).toMatch(/^\/\.well-known\/csaf\/white\/\d{4}\/[a-z0-9_+-]+\.json$/);
  const csaf = await page.request.get(csafHref);
  expect(csaf.status()).toBe(200);
  const document = (await csaf.json()) as {
    document: { title: string; tracking: { id: string } };
    vulnerabilities: { scores: { cvss_v3: { baseScore: number; vectorString: string } }[] }[];
  };
  expect(document.document.title).toBe(title);
  expect(document.document.tracking.id).toBe(advisoryId);
  expect(document.vulnerabilities[0]!.scores[0]!.cvss_v3).toMatchObject({ baseScore: 7.5, vectorString: VECTOR });
  expect(JSON.stringify(document)).not.toContain('ticket 4711');
  const signature = await page.request.get(
    (await page.getByRole('link', { name: 'OpenPGP signature (.asc)' }).getAttribute('href'))!,
  );
  expect(signature.status()).toBe(200);
  expect(await signature.text()).toContain('-----BEGIN PGP SIGNATURE-----');

  // The list: newest first, with its severity, and the product filter in the address.
  await gotoInitialized(page, '/security');
  const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `${advisoryId}: ${title}` }) });
  await expect(item).toContainText('High 7.5');
  await expect(item).toContainText('Cornerstone');
  await expect(item.getByRole('link', { name: `CSAF JSON of ${advisoryId}` })).toHaveAttribute('href', csafHref);
  await page.getByLabel('Product', { exact: true }).selectOption('Cornerstone');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/security\?product=Cornerstone$/);
  await expect(item).toBeVisible();

  // The customer's lookup marks the affected version, with a link to the advisory.
  const mark = affectedByText({ advisoryId, title, severity: 'HIGH', fixedIn: '2.10.0', url: '' });
  await gotoInitialized(page, `/cornerstone/offline?registrationId=${CS}`);
  const affected = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Cornerstone 2.8.1', exact: true }) })
    .first();
  await expect(affected.getByRole('link', { name: mark, exact: true })).toHaveAttribute(
    'href',
    advisoryPagePath(advisoryId),
  );
  const newest = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Cornerstone 2.10.0', exact: true }) })
    .first();
  await expect(newest.getByRole('link', { name: mark })).toHaveCount(0);

  // The registration's private feed has an entry for it.
  const current = await page.request.get(FEEDS_PATHS.current, {
    headers: { authorization: registrationIdAuthorization(CS) },
  });
  const { feed } = (await current.json()) as { feed: string };
  await expect.poll(async () => (await page.request.get(feed)).text()).toContain(advisoryId);

  // A revision adds the CVE; the history shows both revisions.
  await gotoInitialized(page, '/service/security');
  await page.getByRole('button', { name: `Revise ${advisoryId}` }).click();
  await expect(page).toHaveURL(/\/service\/security\/drafts\//);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await page.getByLabel('CVE ID (optional)').fill(CVE);
  await page.getByRole('button', { name: 'Publish revision' }).click();
  // Without a summary the revision is refused, the field named.
  await expect(page.getByLabel('What this revision changes')).toHaveAccessibleDescription(
    ADVISORY_MESSAGES.revisionSummaryRequired,
  );
  await page.getByLabel('What this revision changes').fill('Added the CVE ID.');
  await page.getByRole('button', { name: 'Publish revision' }).click();
  await expect(page).toHaveURL(new RegExp(`${advisoryPagePath(advisoryId)}$`));
  await expect(page.getByRole('heading', { name: `${CVE}` })).toBeVisible();
  await expect(page.getByRole('row')).toHaveText([
    /Revision\s*Date\s*Summary/,
    /^1.*Initial version\.$/,
    /^2.*Added the CVE ID\.$/,
  ]);
  expect(pageProblems).toEqual([]);
});

test('publishing is refused, each problem named beside its field, and nothing is published', async ({
  page,
  pageProblems,
}) => {
  await signInPage(page, await newSecurityPerson());
  const title = uniqueTitle('Refused advisory');
  await gotoInitialized(page, '/service/security/new');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Summary', { exact: true }).fill('No release is named.');
  await page.getByLabel('Description').fill('Nothing is affected yet.');
  // A CVE ID of the wrong form is refused by the save, beside its field.
  await page.getByLabel('CVE ID (optional)').fill('CVE-26-1');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page.getByLabel('CVE ID (optional)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/service\/security\/new$/);

  await page.getByLabel('CVE ID (optional)').fill('');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/service\/security\/drafts\//);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page.locator('main')).toContainText(ADVISORY_MESSAGES.vulnerabilityNeedsProducts);
  await expect(page).toHaveURL(/\/service\/security\/drafts\//);

  await gotoInitialized(page, '/security');
  await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
  acceptStatus(pageProblems, 400);
  expect(pageProblems).toEqual([]);
});

test('a person without the security role is refused, with the role named', async ({ page, pageProblems }) => {
  await signInPage(page, await newStaffMember(E2E_ADMINS.securityAdvisories, ['publisher']));
  for (const path of ['/service/security', '/service/security/new']) {
    await gotoInitialized(page, path);
    await expect(page.getByRole('heading', { name: `You need the ${STAFF_ROLE_TITLES.security} role` })).toBeVisible();
    await expect(page.getByText(roleRequiredMessage('security'))).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveCount(0);
  }
  acceptStatus(pageProblems, 403);
  expect(pageProblems).toEqual([]);
});

test('the public security pages: the policy names the contact, and the footer and the Service page lead there', async ({
  page,
  pageProblems,
}) => {
  await gotoInitialized(page, '/service');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Security advisories' }).click();
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Security Advisories');
  await page.getByRole('link', { name: 'How to report it' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reporting a Vulnerability');
  await expect(page.getByRole('link', { name: /@|^https:/ }).first()).toHaveAttribute('href', /^(mailto:|https:)/);
  await expect(page.getByRole('link', { name: 'security.txt' })).toHaveAttribute('href', '/.well-known/security.txt');
  expect(await seriousViolations(page)).toEqual([]);

  await gotoInitialized(page, '/service');
  await page.getByRole('main').getByRole('link', { name: 'Report a vulnerability' }).click();
  await expect(page).toHaveURL(/\/security\/policy$/);

  // An advisory that does not exist: a clear answer, no error of the server.
  await gotoInitialized(page, advisoryPagePath('ACME-SA-1999-0001'));
  await expect(page.getByRole('alert')).toHaveText(ADVISORY_MESSAGES.noSuchAdvisory);
  acceptStatus(pageProblems, 404);
  expect(pageProblems).toEqual([]);
});
