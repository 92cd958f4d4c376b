import type { CatalogueManifest } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { usePublishFolder } from '../../../test/publish-folder';
import { ImportError } from './manifest-check';
import { describeSummary } from './publishing';

const kit = usePublishFolder();
const { run } = kit;
const rows = async (query: string) => (await kit.portal.database.pool.query(query)).rows;

describe('the passwordReset section of the manifest', () => {
  it('publishes the requirement, the first admin list and the managers, and says so', async () => {
    const lines = describeSummary(await run());
    expect(lines).toContain('password reset settings: 4 added, 0 changed, 0 unchanged');
    expect(lines).toContain('registration managers: 3 added, 0 removed');
    expect(describeSummary(await run())).toContain('password reset settings: 0 added, 0 changed, 4 unchanged');
    expect(await rows('SELECT staff_email FROM registration_managers ORDER BY 1')).toEqual([
      { staff_email: 'another.manager@example.com' },
      { staff_email: 'staff@example.com' },
      { staff_email: 'staff@example.com' },
    ]);
  });

  it("keeps a list a manager saved, and follows the manifest's requirement and managers", async () => {
    await run();
    await kit.portal.database.pool.query(
      `UPDATE password_reset_registrations SET authorized_admin_emails = '{saved@customer.example}', admins_changed_at = now() WHERE 'lab.admin@customer.example' = ANY(authorized_admin_emails)`,
    );
    await kit.editManifest<CatalogueManifest>((manifest) => {
      const entry = manifest.passwordReset!.find((item) => item.registrationId === 'DEMO-CS-1001')!;
      entry.authorizedAdminEmails = ['from.manifest@customer.example'];
      entry.requiresAuthorizedAdmins = false;
      entry.managers = ['Another.Manager@Example.com'];
    });
    const lines = describeSummary(await run());
    expect(lines).toContain('password reset settings: 0 added, 1 changed, 3 unchanged');
    expect(lines).toContain('registration managers: 1 added, 1 removed');
    expect(
      await rows(
        `SELECT authorized_admin_emails, requires_authorized_admins FROM password_reset_registrations WHERE admins_changed_at IS NOT NULL`,
      ),
    ).toEqual([{ authorized_admin_emails: ['saved@customer.example'], requires_authorized_admins: false }]);
  });

  it('refuses entries for registrations the manifest does not publish, twice-named ones and invalid addresses', async () => {
    await kit.editManifest<CatalogueManifest>((manifest) => {
      manifest.passwordReset = [
        { registrationId: 'SECRET-9999', requiresAuthorizedAdmins: true },
        { registrationId: 'DEMO-CS-1001', requiresAuthorizedAdmins: true, authorizedAdminEmails: ['not an address'] },
        { registrationId: 'demo-cs-1001', requiresAuthorizedAdmins: false, managers: ['a%b@example.com'] },
      ];
    });
    const error = await run().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).problems).toEqual([
      'catalogue.json:1: passwordReset[0]: the registration ID is not in "registrations"',
      'catalogue.json:1: passwordReset[1].authorizedAdminEmails: "not an address" is not a valid e-mail address',
      'catalogue.json:1: passwordReset[2]: an ID appears twice',
      'catalogue.json:1: passwordReset[2].managers: "a%b@example.com" is not a valid e-mail address',
    ]);
    expect(JSON.stringify((error as ImportError).problems)).not.toContain('SECRET-9999');
    expect(await rows('SELECT * FROM password_reset_registrations')).toEqual([]);
  });
});
