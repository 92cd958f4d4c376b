import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { accountButton, expect, signInPage, test } from './fixtures';
import { E2E_MAKER_NAME, E2E_STAFF_DOMAIN } from './global-setup';
import { gotoHydrated } from './public-pages';
import { startPortal } from '../test-kit/portal-process';

const brandLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: `${E2E_MAKER_NAME} Software` });

test('without MAKER_LOGO the brand is a wordmark of the maker name', async ({ page, pageProblems }) => {
  await gotoHydrated(page, '/');
  const brand = brandLink(page);
  await expect(brand).toBeVisible();
  await expect(brand).toHaveText(`${E2E_MAKER_NAME} Software`);
  await expect(brand.getByText(E2E_MAKER_NAME)).toBeVisible();
  await expect(brand.locator('img')).toBeHidden();
  expect(await page.request.get('/brand/logo.svg').then((response) => response.status())).toBe(404);
  expect(pageProblems).toEqual([]);
});

test.describe('with MAKER_LOGO', () => {
  const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 32" width="120" height="32"><rect width="120" height="32" rx="4" fill="#fff"/><text x="8" y="22" font-size="16">${randomUUID().slice(0, 6)}</text></svg>`;
  let dir: string;
  let portal: Awaited<ReturnType<typeof startPortal>>;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dir = await mkdtemp(path.join(os.tmpdir(), 'portal-logo-'));
    await writeFile(path.join(dir, 'logo.svg'), LOGO);
    portal = await startPortal({ env: { MAKER_NAME: 'Logo Maker', MAKER_LOGO: path.join(dir, 'logo.svg') } });
  });
  test.afterAll(async () => {
    await portal?.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('the header shows the logo, served as a cached, script-less image; the link keeps its name', async ({
    page,
    pageProblems,
  }) => {
    await page.goto(`${portal.url}/`);
    await page.waitForFunction(() => '__reactRouterDataRouter' in window);
    const brand = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Logo Maker Software' });
    const logo = brand.locator('img');
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const src = await logo.getAttribute('src');
    expect(src).toMatch(/^\/brand\/logo\.svg\?v=[\w-]+$/);
    const response = await page.request.get(`${portal.url}${src}`);
    expect(await response.text()).toBe(LOGO);
    expect(response.headers()).toMatchObject({
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    expect(response.headers()['content-security-policy']).toContain('sandbox');
    // The name is read with the logo, not shown twice.
    const name = await brand.getByText('Logo Maker').boundingBox();
    expect(name!.width).toBeLessThanOrEqual(1);
    expect(pageProblems).toEqual([]);
  });
});

test('at 360 px a long account address stays inside the menu, and the header is one row', async ({
  page,
  pageProblems,
}) => {
  const email = `e2e-${randomUUID().slice(0, 13)}.maximiliane.schwarzenberger@${E2E_STAFF_DOMAIN}`;
  await signInPage(page, email);
  await page.setViewportSize({ width: 360, height: 740 });
  await gotoHydrated(page, '/service');
  const toggle = page.getByRole('button', { name: 'Menu' });
  const brandBox = (await brandLink(page).boundingBox())!;
  const toggleBox = (await toggle.boundingBox())!;
  // One row: the brand and the menu button share a line.
  expect(Math.abs(brandBox.y + brandBox.height / 2 - (toggleBox.y + toggleBox.height / 2))).toBeLessThan(4);
  await expect(accountButton(page, email)).toBeHidden();
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);

  await toggle.click();
  const account = accountButton(page, email);
  await expect(account).toBeVisible();
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
  const box = (await account.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  await account.click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect(pageProblems).toEqual([]);
});

test('the Cornerstone page shows the latest version, its date and what is new, above the fold', async ({
  page,
  pageProblems,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await gotoHydrated(page, '/cornerstone');
  const latest = page.getByText(/^Latest version Cornerstone 2\.10\.0, released May 20, 2025\./);
  await expect(latest).toBeVisible();
  const whatsNew = page.getByRole('link', { name: "What's new in 2.10.0" });
  await expect(whatsNew).toHaveAttribute('href', '/cornerstone/pibs');
  const download = page.getByRole('link', { name: 'Download the web installer' });
  for (const target of [latest, whatsNew, download]) {
    const box = (await target.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(900);
  }
  expect(pageProblems).toEqual([]);
});
