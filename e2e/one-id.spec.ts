import type { Page } from '@playwright/test';
import { acceptRefusedCredentials, expect, test } from './fixtures';
import { gotoInitialized } from './public-pages';

// One ID per visit (decision 138): an ID the server accepted is offered, pre-filled, by the
// other lookups of the same kind in the same tab, from sessionStorage only.
const CS = 'DEMO-CS-1001';
const KEY = 'DEMO-KEY-2001';

const field = (page: Page, label: 'Registration ID' | 'Key ID') => page.getByRole('textbox', { name: label });

async function storedAnywhere(page: Page, id: string) {
  return page.evaluate(
    (value) => ({
      local: JSON.stringify({ ...localStorage }).includes(value),
      session: JSON.stringify({ ...sessionStorage }).includes(value),
      cookie: document.cookie.includes(value),
    }),
    id,
  );
}

test('a registration ID typed once pre-fills the other two lookups in this tab, not in a new one', async ({
  page,
  context,
  pageProblems,
}) => {
  await gotoInitialized(page, '/cornerstone/dsvs');
  await expect(field(page, 'Registration ID')).toHaveValue('');
  await field(page, 'Registration ID').fill(CS);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();

  for (const path of ['/cornerstone/offline', '/cornerstone/pibs']) {
    await gotoInitialized(page, path);
    await expect(field(page, 'Registration ID'), path).toHaveValue(CS);
    // Offered, not searched: the customer presses Find.
    await expect(page.getByText(/looked up \d{4}-/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Forget this ID' })).toBeVisible();
  }
  // The key ID lookups are another kind of ID.
  await gotoInitialized(page, '/chromatof/pibs');
  await expect(field(page, 'Key ID')).toHaveValue('');
  // In sessionStorage only: never localStorage, never a cookie.
  expect(await storedAnywhere(page, CS)).toEqual({ local: false, session: true, cookie: false });

  const other = await context.newPage();
  await gotoInitialized(other, '/cornerstone/offline');
  await expect(field(other, 'Registration ID')).toHaveValue('');
  await expect(other.getByRole('button', { name: 'Forget this ID' })).toHaveCount(0);
  await other.close();

  // Forget this ID: the field empties and no lookup offers it again.
  await gotoInitialized(page, '/cornerstone/pibs');
  await page.getByRole('button', { name: 'Forget this ID' }).click();
  await expect(field(page, 'Registration ID')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Forget this ID' })).toHaveCount(0);
  await gotoInitialized(page, '/cornerstone/offline');
  await expect(field(page, 'Registration ID')).toHaveValue('');
  expect(await storedAnywhere(page, CS)).toEqual({ local: false, session: false, cookie: false });
  expect(pageProblems).toEqual([]);
});

test('a refused registration ID is not offered to the other lookups', async ({ page, pageProblems }) => {
  await gotoInitialized(page, '/cornerstone/dsvs?registrationId=NO-SUCH-ID');
  await expect(page.getByRole('alert')).toHaveText('Invalid Registraion ID');
  await gotoInitialized(page, '/cornerstone/offline');
  await expect(field(page, 'Registration ID')).toHaveValue('');
  acceptRefusedCredentials(pageProblems);
  expect(pageProblems).toEqual([]);
});

test('a key ID accepted by the ChromaTOF download lookup pre-fills the ChromaTOF PIBs, and back', async ({
  page,
  context,
  pageProblems,
}) => {
  await gotoInitialized(page, '/chromatof');
  await field(page, 'Key ID').fill(KEY);
  await page.getByRole('button', { name: 'Find downloads' }).click();
  await expect(page.getByRole('list', { name: 'Downloads' })).toBeVisible();

  await gotoInitialized(page, '/chromatof/pibs');
  await expect(field(page, 'Key ID')).toHaveValue(KEY);
  await gotoInitialized(page, '/cornerstone/pibs');
  await expect(field(page, 'Registration ID')).toHaveValue('');
  await gotoInitialized(page, '/chromatof');
  await expect(field(page, 'Key ID')).toHaveValue(KEY);
  await page.getByRole('button', { name: 'Forget this ID' }).click();
  await expect(field(page, 'Key ID')).toHaveValue('');

  const other = await context.newPage();
  await gotoInitialized(other, '/chromatof/pibs');
  await expect(field(other, 'Key ID')).toHaveValue('');
  await other.close();
  expect(pageProblems).toEqual([]);
});
