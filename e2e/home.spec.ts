import { expect, test } from './fixtures';
import { E2E_MAKER_NAME } from './global-setup';

test('Home names the maker in its title and offers the four product areas', async ({ page, pageProblems }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(`${E2E_MAKER_NAME} Software`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${E2E_MAKER_NAME} Software`);
  for (const area of ['Cornerstone', 'ChromaTOF', 'Cornerstone Mobile', 'Metallographics']) {
    await expect(page.getByRole('link', { name: area, exact: true })).toBeVisible();
  }
  expect(pageProblems).toEqual([]);
});

test('the prerendered Home carries its text before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.PORTAL_URL });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${E2E_MAKER_NAME} Software`);
  await context.close();
});

for (const path of ['/no/such/page', '/404']) {
  test(`${path} shows the not-found page with a link home`, async ({ page, pageProblems }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByText('The page you were looking for cannot be found.')).toBeVisible();
    await expect(page).toHaveTitle(`Page not found | ${E2E_MAKER_NAME} Software`);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle(`${E2E_MAKER_NAME} Software`);
    expect(pageProblems).toEqual([]);
  });
}
