import { expect, test } from './fixtures';

const REDIRECTS = {
  '/cornerstone/service': '/service',
  '/cornerstone/service/releases': '/service/cornerstone/releases',
  '/cornerstone/service/products-options': '/service/cornerstone/products-options',
  '/cornerstone/service/service-mode': '/service/cornerstone/service-mode',
  '/cornerstone/service/password-reset': '/service/cornerstone/password-reset',
  '/mx': '/metallographics/mx',
  '/px': '/metallographics/px',
  '/px/firmware': '/metallographics/px/firmware',
};

for (const [from, to] of Object.entries(REDIRECTS)) {
  test(`${from} redirects permanently to ${to}, keeping the query string`, async ({ request }) => {
    const response = await request.get(`${from}?source=manual`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(`${to}?source=manual`);
  });
}

test('a visitor following an old firmware link lands on the firmware page', async ({ page, pageProblems }) => {
  await page.goto('/px/firmware');
  await expect(page).toHaveURL(/\/metallographics\/px\/firmware$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PX Firmware');
  expect(pageProblems).toEqual([]);
});
