import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_TOKEN_ENV, API_TOKEN_PREFIX, type CatalogueManifest } from '@portal/contracts';
import { signInPage, test, expect } from './fixtures';
import { E2E_ADMINS } from './global-setup';
import { gotoHydrated } from './public-pages';
import { newPublisher } from './publishers';
import { REPO_ROOT } from '../test-kit/portal-process';

/** The command as `npm ci` links it in a clone. */
const PORTAL_PUBLISH = path.join(REPO_ROOT, 'node_modules/.bin/portal-publish');

/** Runs portal-publish (preview only: nothing is published, so no other spec sees a change) from a folder outside the checkout. */
async function previewWithToken(token: string) {
  const work = await mkdtemp(path.join(os.tmpdir(), 'portal-tokens-e2e-'));
  try {
    const manifest: CatalogueManifest = {
      families: ['Dev'],
      versions: [{ name: '9.0.0-tokens', families: ['Dev'], releaseDate: '2026-11-27' }],
      registrations: [],
      pibs: [],
      dsvs: [],
    };
    await mkdir(path.join(work, 'release'));
    await writeFile(path.join(work, 'release', 'catalogue.json'), JSON.stringify(manifest));
    return await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        PORTAL_PUBLISH,
        ['--url', process.env.PORTAL_URL!, 'release'],
        { cwd: work, env: { PATH: process.env.PATH, HOME: process.env.HOME, [API_TOKEN_ENV]: token } },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

test('a publisher creates an API token, sees it once, sees its last use after portal-publish ran, and revokes it', async ({
  page,
  context,
  pageProblems,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInPage(page, await newPublisher(E2E_ADMINS.apiTokens));
  await gotoHydrated(page, '/service/tokens');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API Tokens');
  await expect(page.getByText('No API tokens yet.')).toBeVisible();

  await page.getByLabel('Name').fill('e2e pipeline');
  await page.getByLabel('Expires in (days)').fill('30');
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'shown only this once' })).toBeVisible();
  const field = page.getByRole('textbox', { name: 'New API token' });
  const token = await field.inputValue();
  expect(token.startsWith(API_TOKEN_PREFIX)).toBe(true);
  await page.getByRole('button', { name: 'Copy New API token' }).click();
  await expect(page.getByText('Copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

  const row = page.getByRole('row', { name: /e2e pipeline/ });
  await expect(row).toContainText('Never');

  // Shown once: a reload lists the token without it.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'New API token' })).toHaveCount(0);
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(token);

  const run = await previewWithToken(token);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toContain('Not published');
  await page.reload();
  await expect(row).toContainText(/from 127\.0\.0\.0/);

  await page.getByRole('button', { name: 'Revoke e2e pipeline' }).click();
  await expect(page.getByText('No API tokens yet.')).toBeVisible();
  const refused = await previewWithToken(token);
  expect(refused.code).toBe(1);
  expect(pageProblems).toEqual([]);
});
