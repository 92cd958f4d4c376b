import { expect, test } from './fixtures';
import { E2E_MAKER_NAME } from './global-setup';
import { removeDataDir, startPortal, type PortalProcess } from '../test-kit/portal-process';
import { gotoHydrated } from './public-pages';

// The privacy page states how long the server keeps download records and usage records:
// the running configuration's numbers, written into the page at start-up (decision 135).
for (const [downloadDays, telemetryDays] of [
  ['30', '90'],
  ['730', '14'],
] as const) {
  test.describe(`a portal keeping download records ${downloadDays} days and usage ${telemetryDays} days`, () => {
    let portal: PortalProcess;
    test.beforeAll(async () => {
      portal = await startPortal({
        env: {
          MAKER_NAME: E2E_MAKER_NAME,
          DOWNLOAD_RECORDS_RETENTION_DAYS: downloadDays,
          TELEMETRY_RETENTION_DAYS: telemetryDays,
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
      expect(html).not.toContain('RETENTION_DAYS%');

      await gotoHydrated(page, `${portal.url}/privacy`);
      const purposes = page.getByRole('region', { name: 'What we do with it' });
      await expect(purposes).toContainText(`We keep each download record for ${downloadDays} days`);
      await expect(purposes).toContainText(
        `the anonymous usage records described under Analytics for ${telemetryDays} days`,
      );
      await expect(purposes).toContainText('Only staff with the administrator role see them');
      await expect(purposes).toContainText('Only staff with the service role can see them');
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
