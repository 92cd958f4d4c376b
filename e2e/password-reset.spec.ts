import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mailsTo } from '../test-kit/outbox';

const PASSWORD_RESET = '/service/cornerstone/password-reset';
/** The demo catalogue's staff address (docs/demo-data.md): manager of DEMO-CS-1001, not of DEMO-ONH-1002. */
const DEMO_STAFF = 'staff@example.com';

// One sign-in for the file (the fixture reuses the session within a worker): the portal
// mails an address at most once a minute.
test.describe.configure({ mode: 'serial' });
test.use({ staffEmail: DEMO_STAFF });

/** The mails to `to` in the e2e portal's outbox, as one text. */
const mailText = async (to: string) =>
  (await mailsTo(to, process.env.PORTAL_DATA_DIR!)).map((mail) => mail.decoded).join('\n');

async function enterRegistration(page: Page, registrationId: string) {
  await page.getByLabel('Registration ID').fill(registrationId);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a manager saves the admin list with Save & Continue and sends the response key; the mail is in the outbox', async ({
  staffPage: page,
  pageProblems,
}) => {
  await page.goto(PASSWORD_RESET);
  await enterRegistration(page, 'DEMO-CS-1001');
  await expect(page.getByLabel('Instrument Family')).toHaveValue('CS');
  await expect(page.getByLabel('Instrument Family')).toHaveAttribute('readonly', '');
  await expect(
    page.getByText('Blank values and addresses with invalid characters are not saved.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Authorized admin email 1' })).toHaveValue(
    'lab.admin@customer.example',
  );
  // Nothing changed: Continue; a change: Save & Continue.
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add Email' }).click();
  await page.getByRole('textbox', { name: 'Authorized admin email 2' }).fill('e2e.admin@customer.example');
  await page.getByRole('button', { name: 'Save & Continue' }).click();

  const challenge = page.getByLabel('Challenge Key');
  await challenge.fill('24681357');
  await page.getByRole('button', { name: 'Send Response Key' }).click();
  await expect(
    page.getByRole('status').filter({
      hasText:
        'The response key was sent to the authorized admins: lab.admin@customer.example, e2e.admin@customer.example.',
    }),
  ).toBeVisible();
  await expect(challenge).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Send Response Key' })).toBeHidden();
  await expect.poll(() => mailText('e2e.admin@customer.example')).toMatch(/Response key: \d{8}/);
  expect(await mailText('e2e.admin@customer.example')).toContain('Challenge key: 24681357');

  // Service Mode answers the same challenge with another code: the mailed key stays the administrators'.
  const mailed = (await mailText('e2e.admin@customer.example')).match(/Response key: (\d{8})/)![1]!;
  const serviceMode = await page.context().newPage();
  await serviceMode.goto('/service/cornerstone/service-mode');
  await serviceMode.getByLabel('Challenge Key').fill('24681357');
  await serviceMode.getByRole('button', { name: 'Get Response Key' }).click();
  const shown = serviceMode.getByLabel('Response Key', { exact: true });
  await expect(shown).toHaveValue(/^\d{8}$/);
  expect(await shown.inputValue()).not.toBe(mailed);
  await serviceMode.close();

  await page.getByRole('button', { name: 'Reset Form' }).click();
  await expect(page.getByLabel('Registration ID')).toHaveValue('');
  await expect(page.getByLabel('Registration ID')).toBeEditable();
  await expect(page.getByLabel('Instrument Family')).toBeHidden();
  await expect(page.getByLabel('Challenge Key')).toBeHidden();
  expect(pageProblems).toEqual([]);
});

test('a non-manager goes straight to the challenge key, without the admin list editor', async ({
  staffPage: page,
  pageProblems,
}) => {
  await page.goto(PASSWORD_RESET);
  await enterRegistration(page, 'DEMO-ONH-1002');
  await expect(page.getByLabel('Instrument Family')).toHaveValue('ONH');
  await expect(page.getByRole('group', { name: 'Authorized Admin Emails' })).toBeHidden();
  await expect(page.getByLabel('Challenge Key')).toBeEditable();
  await expect(page.getByRole('button', { name: 'Send Response Key' })).toBeVisible();
  expect(pageProblems).toEqual([]);
});
