import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ADVISORY_PATHS,
  advisoryPagePath,
  parseReleaseReferenceKey,
  releaseReferenceLabel,
  type AdvisoryDetail,
  type AdvisoryDraftContent,
  type AdvisoryList,
} from '@portal/contracts';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { advisoryApiPath } from '../apps/web/app/features/security/api/advisory-path';
import { DEMO_ADVISORIES_FILE, DEMO_CATALOGUE_DIR } from '../apps/api/src/paths';
import { gotoHydrated, gotoInitialized } from './public-pages';

// A lookup result is a record a regulated lab files: printed (or saved as PDF) it shows the
// lookup (ID masked but for its last 4 characters, the time in UTC) and every file's name,
// size in bytes, date and full SHA-256, without the navigation, the form or the help.
const CS = 'DEMO-CS-1001';
const KEY = 'DEMO-KEY-2001';

const sha256Of = async (relative: string) =>
  createHash('sha256')
    .update(await readFile(path.join(DEMO_CATALOGUE_DIR, relative)))
    .digest('hex');

/** The lookup as the print shows it: the ID masked but for its last 4 characters, then the time in UTC. */
const lookupLine = (label: string, id: string) =>
  new RegExp(`^${label} ${'•'.repeat(id.length - 4)}${id.slice(-4)} looked up \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC$`);

async function expectPrintedRecord(page: Page, label: string, id: string, sha256: string) {
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByText(lookupLine(label, id))).toBeVisible();
  await expect(page.getByText(sha256, { exact: true })).toBeVisible();
  // The whole hash is on the paper: not cut off by its box.
  const clipped = await page
    .getByText(sha256, { exact: true })
    .evaluate((code) => code.scrollWidth > code.clientWidth || code.getBoundingClientRect().right > window.innerWidth);
  expect(clipped).toBe(false);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('complementary', { name: 'Need help?' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
  await expect(page.getByRole('button', { name: /^Copy/ })).toHaveCount(
    await page.getByRole('button', { name: /^Copy/ }).count(),
  );
  for (const copy of await page.getByRole('button', { name: /^Copy/ }).all()) await expect(copy).toBeHidden();
  // The ID itself is nowhere on the paper.
  expect(await page.locator('main').innerText()).not.toContain(id);
  await page.emulateMedia({ media: 'screen' });
}

/**
 * The facts of a description list (each a `<div>` of a `<dt>` and a `<dd>`) that are on paper,
 * as `term: value`. Asked of the term: a fact's `<div>` may be `display: contents`, which has no box.
 */
const printedFacts = (list: Locator) =>
  list.evaluate((facts) =>
    [...facts.children]
      .filter((fact) => fact.querySelector('dt')!.checkVisibility())
      .map((fact) => `${fact.querySelector('dt')!.textContent}: ${fact.querySelector('dd')!.textContent!.trim()}`),
  );

/** On paper, the result of `fileName` names the document as its maker does, and the day of import is nowhere. */
async function expectPrintedDocument(page: Page, fileName: string, lines: string[]) {
  await page.emulateMedia({ media: 'print' });
  const item = page.locator('main li').filter({ has: page.getByText(fileName, { exact: true }) });
  const printed = await printedFacts(item.locator('dl').first());
  expect(printed).toEqual(expect.arrayContaining(lines));
  expect(printed.join('\n')).not.toMatch(/Imported|Published/);
  await page.emulateMedia({ media: 'screen' });
}

test.describe('a lookup result prints as a record', () => {
  test('offline installers', async ({ page, pageProblems }) => {
    await gotoInitialized(page, `/cornerstone/offline?registrationId=${CS}`);
    await expectPrintedRecord(page, 'Registration ID', CS, await sha256Of('installers/Cornerstone-2.10.0-Offline.zip'));
    expect(pageProblems).toEqual([]);
  });

  test('Cornerstone PIBs, with their document number, title, revision and effective date', async ({
    page,
    pageProblems,
  }) => {
    await gotoInitialized(page, `/cornerstone/pibs?registrationId=${CS}`);
    await expectPrintedRecord(page, 'Registration ID', CS, await sha256Of('pibs/Cornerstone-2.10.0-std-PIB.pdf'));
    await expectPrintedDocument(page, 'Cornerstone-2.10.0-std-PIB.pdf', [
      'Document: PIB-CS-0210',
      'Title: Cornerstone 2.10.0 Product Information Bulletin',
      'Revision: A',
      'Effective: May 20, 2025',
      'Released: May 20, 2025',
    ]);
    expect(pageProblems).toEqual([]);
  });

  test('DSVs, with their document number, title, revision and effective date', async ({ page, pageProblems }) => {
    await gotoInitialized(page, `/cornerstone/dsvs?registrationId=${CS}`);
    await expectPrintedRecord(page, 'Registration ID', CS, await sha256Of('dsvs/DSV-Cornerstone-2.10.0.pdf'));
    await expectPrintedDocument(page, 'DSV-Cornerstone-2.10.0.pdf', [
      'Document: DSV-CS-0210',
      'Title: Declaration of Software Validation, Cornerstone 2.10.0',
      'Revision: A',
      'Effective: Jun 16, 2025',
      'Released: May 20, 2025',
    ]);
    expect(pageProblems).toEqual([]);
  });

  test('ChromaTOF PIBs', async ({ page, pageProblems }) => {
    await gotoInitialized(page, `/chromatof/pibs?registrationId=${KEY}`);
    await expectPrintedRecord(page, 'Key ID', KEY, await sha256Of('pibs/ChromaTOF-6.1.0-PIB.pdf'));
    expect(pageProblems).toEqual([]);
  });

  test('ChromaTOF downloads, and the PDF a browser saves', async ({ page, pageProblems }) => {
    await gotoHydrated(page, '/chromatof');
    await page.getByRole('textbox', { name: 'Key ID' }).fill(KEY);
    await page.getByRole('button', { name: 'Find downloads' }).click();
    const sha256 = await sha256Of('chromatof/ChromaTOF-6.1.0-Setup.zip');
    await expectPrintedRecord(page, 'Key ID', KEY, sha256);
    // The exact size in bytes is on paper, beside the size people read.
    await page.emulateMedia({ media: 'print' });
    const installer = page
      .getByRole('list', { name: 'Downloads' })
      .getByRole('listitem')
      .filter({ hasText: 'ChromaTOF 6.1.0 Installer' });
    const bytes = (await readFile(path.join(DEMO_CATALOGUE_DIR, 'chromatof/ChromaTOF-6.1.0-Setup.zip'))).length;
    await expect(installer).toContainText(`${bytes.toLocaleString('en-US')} bytes`);

    const pdf = await page.pdf({ format: 'A4', printBackground: false });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5_000);
    await test.info().attach('chromatof-downloads.pdf', { body: pdf, contentType: 'application/pdf' });
    expect(pageProblems).toEqual([]);
  });
});

// An advisory is printed to be filed with the validated system it concerns: on paper it shows
// what the page says (title, ID, severity, the affected and the fixed releases, the whole
// revision history), without the navigation or the buttons.
test('a security advisory prints with its ID, severity, releases and revision history', async ({
  page,
  pageProblems,
}) => {
  const [demo] = JSON.parse(
    await readFile(path.join(DEMO_CATALOGUE_DIR, DEMO_ADVISORIES_FILE), 'utf8'),
  ) as AdvisoryDraftContent[];
  const { advisories } = (await (await page.request.get(ADVISORY_PATHS.advisories)).json()) as AdvisoryList;
  const { advisoryId } = advisories.find((advisory) => advisory.title === demo!.title)!;
  const detail = (await (
    await page.request.get(advisoryApiPath(ADVISORY_PATHS.advisory, { advisoryId }))
  ).json()) as AdvisoryDetail;
  const vulnerability = demo!.vulnerabilities[0]!;
  const labels = (keys: string[]) => keys.map((key) => releaseReferenceLabel(parseReleaseReferenceKey(key)!));

  await gotoInitialized(page, advisoryPagePath(advisoryId));
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  const main = page.locator('main');
  await expect(main.getByRole('heading', { level: 1, name: demo!.title })).toBeVisible();
  expect(await printedFacts(main.locator('dl').first())).toEqual(
    expect.arrayContaining([
      `ID: ${advisoryId}`,
      'Severity: High 7.8',
      `CVE: ${vulnerability.cve}`,
      'Products: Cornerstone',
    ]),
  );
  const section = main.getByRole('region', { name: vulnerability.cve! });
  await expect(section).toBeVisible();
  expect(await printedFacts(section.locator('dl').first())).toEqual(
    expect.arrayContaining(['Severity: High 7.8', `CVSS v3.1: ${vulnerability.cvssVector}`]),
  );
  // Each list of releases is on paper under its heading: what is affected, then what fixes it.
  const printedSection = await section.innerText();
  expect(printedSection).toContain(['Affected', ...labels(vulnerability.affected), 'Fixed in'].join('\n'));
  expect(printedSection).toContain(['Fixed in', ...labels(vulnerability.fixed)].join('\n'));
  expect(labels(vulnerability.affected)).toEqual(['Cornerstone 2.8.1']);
  expect(labels(vulnerability.fixed)).toEqual(['Cornerstone 2.10.0']);

  // The whole revision history, each revision a row with its number and summary, not cut off.
  const history = main.getByRole('region', { name: 'Revision history' }).getByRole('table');
  await expect(history).toBeVisible();
  const rows = history.getByRole('row');
  await expect(rows).toHaveCount(detail.revisionHistory.length + 1);
  for (const [index, revision] of detail.revisionHistory.entries()) {
    await expect(rows.nth(index + 1).getByRole('rowheader')).toHaveText(revision.number);
    await expect(rows.nth(index + 1)).toContainText(revision.summary);
  }
  const clipped = await history.evaluate(
    (table) => table.getBoundingClientRect().right > document.querySelector('main')!.getBoundingClientRect().right + 1,
  );
  expect(clipped).toBe(false);

  // The screen's furniture is not.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
  await expect(main.getByRole('link', { name: 'Every advisory' })).toBeHidden();
  for (const button of await page.getByRole('button').all()) await expect(button).toBeHidden();

  const pdf = await page.pdf({ format: 'A4', printBackground: false });
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await test.info().attach('security-advisory.pdf', { body: pdf, contentType: 'application/pdf' });
  await page.emulateMedia({ media: 'screen' });
  expect(pageProblems).toEqual([]);
});
