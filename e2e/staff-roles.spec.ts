import { readFile } from 'node:fs/promises';
import { roleRequiredMessage } from '@portal/contracts';
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { acceptProblems, answeredWith, expect, newStaffAddress, signInPage, test } from './fixtures';
import { E2E_ADMINS } from './global-setup';

const ADMIN = E2E_ADMINS.staffRoles;
// One administrator address for the whole file, whose sign-in link only works once: its tests
// run one after the other, in one worker, sharing its session.
test.describe.configure({ mode: 'default' });

const staffTools = (page: Page) => page.getByRole('region', { name: 'Tools for company employees and service staff' });
const personCard = (page: Page, email: string) => page.getByRole('listitem', { name: email, exact: true });

async function setRoleCheckbox(page: Page, email: string, role: string, checked: boolean) {
  const card = personCard(page, email);
  await card.getByRole('checkbox', { name: role, exact: true }).setChecked(checked);
  await card.getByRole('button', { name: 'Save roles' }).click();
  await expect(card.getByRole('status')).toHaveText('Roles saved.');
}

test('an administrator invites a person with Service, takes it away again, and the audit log shows both, verified', async ({
  browser,
  page: adminPage,
  pageProblems,
}) => {
  const person = newStaffAddress();

  // The administrator invites the person with the Service role.
  await signInPage(adminPage, ADMIN);
  await adminPage.goto('/service/people');
  await expect(adminPage.getByRole('heading', { level: 1 })).toHaveText('People');
  const invite = adminPage.getByRole('region', { name: 'Invite someone' });
  await invite.getByLabel('E-mail address').fill(person);
  await invite.getByRole('checkbox', { name: 'Service', exact: true }).check();
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(invite.getByRole('status')).toHaveText(`Invited ${person}.`);
  const card = personCard(adminPage, person);
  await expect(card).toContainText('Never: invited, not signed in yet');
  await expect(card.getByRole('checkbox', { name: 'Service', exact: true })).toBeChecked();
  await expect(card.getByRole('checkbox', { name: 'Administrator', exact: true })).not.toBeChecked();
  // The administrator's own Administrator role cannot be taken away here, and says why.
  const own = personCard(adminPage, ADMIN).getByRole('checkbox', { name: 'Administrator', exact: true });
  await expect(own).toBeDisabled();
  await expect(own).toHaveAccessibleDescription(/ADMIN_EMAILS|your own Administrator role/);

  // The person signs in, sees the Service tools on the hub, and gets a Service Mode key.
  const personContext = await browser.newContext({ baseURL: process.env.PORTAL_URL });
  const personPage = await personContext.newPage();
  await signInPage(personPage, person);
  await personPage.goto('/service');
  await expect(staffTools(personPage).getByRole('link')).toHaveText([
    'Releases & PIBs',
    'Products & Options',
    'Service Mode',
    'Password Reset',
    'ChromaTOF Releases',
    // The component search is any staff member's.
    'Components',
  ]);
  await personPage.getByRole('button', { name: person, exact: true }).click();
  await expect(personPage.getByText('Roles: Service', { exact: true })).toBeVisible();
  await personPage.keyboard.press('Escape');
  await staffTools(personPage).getByRole('link', { name: 'Service Mode' }).click();
  await personPage.getByLabel('Challenge Key').fill('12345678');
  await personPage.getByRole('button', { name: 'Get Response Key' }).click();
  await expect(personPage.getByLabel('Response Key', { exact: true })).toHaveValue(/^\d{8}$/);

  // The administrator takes Service away.
  await adminPage.reload();
  await expect(personCard(adminPage, person)).not.toContainText('Never: invited');
  await setRoleCheckbox(adminPage, person, 'Service', false);
  await expect(personCard(adminPage, person).getByRole('checkbox', { name: 'Service', exact: true })).not.toBeChecked();

  // The person's next key request is refused, with the role message on the page.
  await personPage.getByRole('button', { name: 'Get Response Key' }).click();
  await expect(personPage.getByRole('alert')).toHaveText(roleRequiredMessage('service'));
  // Opened again, the tool gives way to the role-needed page, which names the administrators.
  await personPage.reload();
  await expect(personPage.getByRole('heading', { name: 'You need the Service role' })).toBeVisible();
  await expect(personPage.getByRole('link', { name: ADMIN })).toHaveAttribute('href', `mailto:${ADMIN}`);
  await expect(personPage.getByRole('button', { name: 'Get Response Key' })).toHaveCount(0);
  // The hub no longer offers what the person may not use.
  await personPage.getByRole('link', { name: 'Back to the service page' }).click();
  await expect(staffTools(personPage).getByRole('link', { name: 'Service Mode' })).toHaveCount(0);
  await expect(staffTools(personPage).getByRole('link', { name: 'Releases & PIBs' })).toBeVisible();
  await personContext.close();

  // The audit log shows both changes of the person's roles, and that the chain is verified.
  await adminPage.goto(`/service/audit?actor=${encodeURIComponent(ADMIN)}`);
  await expect(adminPage.getByText(/^Chain verified: intact, \d+ rows?\./)).toBeVisible();
  const rows = adminPage.getByRole('row').filter({ hasText: person });
  // Each detail in words, its JSON behind a disclosure.
  await expect(rows.filter({ hasText: 'People: roles changed' })).toContainText(
    `${person}: service before, no role now.`,
  );
  await expect(rows.filter({ hasText: 'People: invited' })).toContainText(`${person} was invited as service.`);
  const invited = rows.filter({ hasText: 'People: invited' });
  await expect(invited.locator('pre')).toBeHidden();
  await invited.getByText('JSON', { exact: true }).click();
  await expect(invited.locator('pre')).toContainText('"roles": [');
  // The action filter lives in the URL: choosing it navigates, and a reload keeps it.
  await adminPage.getByLabel('Action').selectOption({ label: 'People: roles changed' });
  await adminPage.getByRole('button', { name: 'Filter' }).click();
  await expect(adminPage).toHaveURL(/action=people\.roles-change/);
  await adminPage.reload();
  await expect(adminPage.getByLabel('Action')).toHaveValue('people.roles-change');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('People: roles changed');

  // The filtered rows download as CSV.
  const downloading = adminPage.waitForEvent('download');
  await adminPage.getByRole('button', { name: 'Download these rows as CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}-filtered\.csv$/);
  // The rows of the filters only: the role change, not the invitation.
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toContain(person);
  expect(csv).toContain('people.roles-change');
  expect(csv).not.toContain('people.invite');
  // The refusals the test caused on purpose: the browser logs each 403 as a console error.
  acceptProblems(pageProblems, answeredWith(403));
});

test('a person invited without a role sees only the read-only tools and, at a role tool, whom to ask; removed, they are signed out', async ({
  browser,
  page: adminPage,
  pageProblems,
}) => {
  const person = newStaffAddress();
  await signInPage(adminPage, ADMIN);
  await adminPage.goto('/service/people');
  const invite = adminPage.getByRole('region', { name: 'Invite someone' });
  await invite.getByLabel('E-mail address').fill(person);
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(invite.getByRole('status')).toHaveText(`Invited ${person}.`);

  const personContext = await browser.newContext({ baseURL: process.env.PORTAL_URL });
  const personPage = await personContext.newPage();
  await signInPage(personPage, person);
  await personPage.goto('/service');
  await expect(staffTools(personPage).getByRole('link')).toHaveText([
    'Releases & PIBs',
    'Products & Options',
    'ChromaTOF Releases',
    'Components',
  ]);
  await personPage.getByRole('button', { name: person, exact: true }).click();
  await expect(personPage.getByText('Roles: none (the read-only tools)')).toBeVisible();
  await personPage.keyboard.press('Escape');

  // Opened by URL, an administrators' tool says which role it needs and who the administrators are.
  await personPage.goto('/service/people');
  await expect(personPage.getByRole('heading', { level: 1 })).toHaveText('People');
  await expect(personPage.getByRole('heading', { name: 'You need the Administrator role' })).toBeVisible();
  await expect(personPage.getByText(roleRequiredMessage('admin'))).toBeVisible();
  await expect(personPage.getByRole('link', { name: ADMIN })).toBeVisible();
  await expect(personPage.getByRole('region', { name: 'Invite someone' })).toHaveCount(0);
  expect(await seriousViolations(personPage)).toEqual([]);
  await personPage.setViewportSize({ width: 360, height: 740 });
  expect(await personPage.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);

  // The administrator removes the person, after a confirmation.
  await adminPage.reload();
  const card = personCard(adminPage, person);
  await card.getByRole('button', { name: 'Remove…' }).click();
  const dialog = adminPage.getByRole('dialog', { name: `Remove ${person}?` });
  await expect(dialog).toBeVisible();
  // Opened on the button that changes nothing.
  await expect(dialog.getByRole('button', { name: 'Keep' })).toBeFocused();
  expect(await seriousViolations(adminPage)).toEqual([]);
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(card).toHaveCount(0);

  // Their sessions ended with it: the next page they open asks them to sign in.
  await personPage.goto('/service/cornerstone/releases');
  await expect(personPage.getByRole('heading', { name: "You'll need to sign in" })).toBeVisible();
  await personContext.close();
  acceptProblems(pageProblems, answeredWith(403, 401));
});

for (const [path, heading] of [
  ['/service/people', 'People'],
  ['/service/audit', 'Audit Log'],
  ['/service', 'Service'],
] as const) {
  test(`${path}, signed in as an administrator, has no serious accessibility violation and fits 360 px`, async ({
    page,
    pageProblems,
  }) => {
    await signInPage(page, ADMIN);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByText('Checking your roles…')).toHaveCount(0);
    // Loaded: the hub's Audit Log tile, the log's table, the People list.
    await expect(
      page
        .getByRole('link', { name: 'Audit Log' })
        .or(page.getByRole('table'))
        .or(page.getByText(/^\d+ people$/))
        .first(),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
    expect(pageProblems).toEqual([]);
  });
}
