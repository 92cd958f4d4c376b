import { expect, test } from './fixtures';

const SERVICE_MODE = '/service/cornerstone/service-mode';

test('Service Mode: a challenge answered and copied, and the expiring key shown with its expiry', async ({
  staffPage: page,
  context,
  pageProblems,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: process.env.PORTAL_URL });
  await page.goto(SERVICE_MODE);
  await expect(page).toHaveURL((url) => url.pathname === SERVICE_MODE);

  await expect(page.getByRole('heading', { name: 'Specific Challenge / Response' })).toBeVisible();
  await page.getByLabel('Challenge Key').fill('12345678');
  await page.getByRole('button', { name: 'Get Response Key' }).click();
  const responseKey = page.getByLabel('Response Key', { exact: true });
  await expect(responseKey).toHaveValue(/^\d{8}$/);
  await expect(responseKey).toHaveAttribute('readonly', '');
  await page.getByRole('button', { name: 'Copy Response Key' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await responseKey.inputValue());

  const card = page.getByRole('region', { name: 'Expiring Response Key' });
  await expect(card.getByText('For use with Cornerstone 2.8.1 and later. Valid 24 hours.')).toBeVisible();
  const expiringKey = card.getByRole('textbox', { name: 'Expiring Response Key' });
  await expect(expiringKey).toHaveValue(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}-[0-9A-Z*~$=]$/);
  const expires = card.locator('time');
  await expect(card.getByText(/^Expires [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M$/)).toBeVisible();
  const lifetime = Date.parse((await expires.getAttribute('datetime'))!) - Date.now();
  expect(lifetime).toBeGreaterThan(23.9 * 3600_000);
  expect(lifetime).toBeLessThanOrEqual(24 * 3600_000 + 60_000);
  await card.getByRole('button', { name: 'Copy Expiring Response Key' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await expiringKey.inputValue());
  expect(pageProblems).toEqual([]);
});
