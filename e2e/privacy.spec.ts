import { expect, test } from './fixtures';
import { E2E_MAKER_NAME } from './global-setup';
import { removeDataDir, startPortal, type PortalProcess } from '../test-kit/portal-process';
import { gotoHydrated } from './public-pages';

// The privacy page states how long the server keeps download records, usage records and
// publishing drafts: the running configuration's numbers, written into the page at start-up
// (decision 135).
for (const [downloadDays, telemetryDays, draftDays] of [
  ['30', '90', '3'],
  ['730', '14', '30'],
] as const) {
  test.describe(`a portal keeping download records ${downloadDays} days, usage ${telemetryDays} days and drafts ${draftDays} days`, () => {
    let portal: PortalProcess;
    test.beforeAll(async () => {
      portal = await startPortal({
        env: {
          MAKER_NAME: E2E_MAKER_NAME,
          DOWNLOAD_RECORDS_RETENTION_DAYS: downloadDays,
          TELEMETRY_RETENTION_DAYS: telemetryDays,
          DRAFT_EXPIRY_DAYS: draftDays,
          SUPPORT_EMAIL: 'privacy@example.com',
        },
      });
    });
    test.afterAll(async () => {
      await portal?.stop();
      if (portal) await removeDataDir(portal.dataDir);
    });

    test('the privacy page says so, before and after hydration, and whom to ask for removal', async ({
      page,
      pageProblems,
    }) => {
      // What the server sends, before any script runs.
      const html = await (await fetch(`${portal.url}/privacy`)).text();
      expect(html).toContain(`<span data-testid="download-records-retention-days">${downloadDays}</span> days`);
      expect(html).toContain(`<span data-testid="telemetry-retention-days">${telemetryDays}</span> days`);
      expect(html).toContain(`<span data-testid="draft-expiry-days">${draftDays}</span> days`);
      expect(html).not.toContain('RETENTION_DAYS%');
      expect(html).not.toContain('EXPIRY_DAYS%');
      // The same figures in every language.
      const german = await (await fetch(`${portal.url}/de/privacy`)).text();
      expect(german).toContain(`<span data-testid="download-records-retention-days">${downloadDays}</span> Tage`);
      expect(german).toContain(`<span data-testid="draft-expiry-days">${draftDays}</span> Tage`);
      const japanese = await (await fetch(`${portal.url}/ja/privacy`)).text();
      expect(japanese).toContain(`<span data-testid="telemetry-retention-days">${telemetryDays}</span> 日間`);

      await gotoHydrated(page, `${portal.url}/privacy`);
      const purposes = page.getByRole('region', { name: 'What we do with it' });
      await expect(purposes).toContainText(`We keep each download record for ${downloadDays} days`);
      await expect(purposes).toContainText(
        `the anonymous usage records described under Analytics for ${telemetryDays} days`,
      );
      await expect(purposes).toContainText('Only staff with the administrator role see them');
      await expect(purposes).toContainText('Only staff with the service role can see them');
      // Staff addresses are kept with what staff do: who sees them, and for how long.
      await expect(purposes).toContainText(
        "Staff with the administrator role see the People list (each staff member's roles, who invited them and when they last signed in) and the audit log.",
      );
      await expect(purposes).toContainText(
        "The audit log and the catalogue's history are the service area's permanent record",
      );
      await expect(purposes).toContainText(
        `A draft and the files uploaded into it are deleted ${draftDays} days after the draft's last change, whether it was published or not.`,
      );
      await expect(page.getByRole('region', { name: 'Information we collect' })).toContainText(
        "With a staff member's e-mail address we record when they sign in",
      );
      await expect(purposes.getByRole('link', { name: 'privacy@example.com' })).toHaveAttribute(
        'href',
        'mailto:privacy@example.com',
      );
      for (const heading of [
        'Information we collect',
        'How we get it',
        'What we do with it',
        'Third parties',
        'Cookies',
        'Local storage',
        'Analytics',
        'Young people',
      ]) {
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      }
      expect(pageProblems).toEqual([]);
    });
  });
}
