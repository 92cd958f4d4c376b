import type { CatalogueManifest } from '@portal/contracts';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/connect';
import type { CatalogueSection } from '../../plugins/catalogue/section-kit';
import { count, emptyChanges, type Changes } from '../../plugins/catalogue/upsert';
import { normaliseCustomerId } from '../../plugins/registrations/registrations';
import { canonicalEmail } from '../../shared/canonical-email';
import { passwordResetRegistrations, registrationManagers } from './password-reset-tables';

/**
 * The password-reset feature's section of the catalogue (plugins/catalogue/sections.ts):
 * per registration of the manifest, whether it requires authorized admins, its first list
 * of them, and the staff addresses that manage it (decision 077). Not in the snapshot: the
 * feature reads its settings from its tables.
 */
export const passwordResetSection = {
  /** Each entry names a registration of this manifest, once; every address is one plain address. */
  check(manifest, problems) {
    const published = new Set(
      manifest.registrations.map((registration) => normaliseCustomerId(registration.registrationId)),
    );
    const seen = new Set<string>();
    (manifest.passwordReset ?? []).forEach((entry, index) => {
      const where = `passwordReset[${index}]`;
      const id = normaliseCustomerId(entry.registrationId);
      // A registration ID is a credential: a problem never repeats it.
      if (!published.has(id)) problems.add(`${where}: the registration ID is not in "registrations"`);
      if (seen.has(id)) problems.add(`${where}: an ID appears twice`);
      seen.add(id);
      for (const [list, emails] of [
        ['authorizedAdminEmails', entry.authorizedAdminEmails ?? []],
        ['managers', entry.managers ?? []],
      ] as const) {
        for (const email of emails) {
          if (!canonicalEmail(email)) problems.add(`${where}.${list}: "${email}" is not a valid e-mail address`);
        }
      }
    });
  },

  async upsert(tx, manifest, { digestOf }) {
    const section = manifest.passwordReset ?? [];
    return {
      passwordReset: await upsertSettings(tx, section, digestOf),
      managers: await upsertManagers(tx, section, digestOf),
    };
  },
} satisfies CatalogueSection<{
  passwordReset: Changes;
  managers: { added: number; removed: number };
}>;

type PasswordResetEntries = NonNullable<CatalogueManifest['passwordReset']>;
type DigestOf = (credential: { scheme: 'hasp'; id: string }) => string;

/**
 * Whether each registration requires authorized admins, and its first admin list: a list a
 * manager has saved in the portal is kept (decision 077). Addresses are canonical (checked).
 */
async function upsertSettings(
  tx: DatabaseExecutor,
  section: PasswordResetEntries,
  digestOf: DigestOf,
): Promise<Changes> {
  const changes = emptyChanges();
  for (const entry of section) {
    const emails = (entry.authorizedAdminEmails ?? []).map((email) => canonicalEmail(email)!);
    const rows = await tx
      .insert(passwordResetRegistrations)
      .values({
        registrationDigest: digestOf({ scheme: 'hasp', id: entry.registrationId }),
        requiresAuthorizedAdmins: entry.requiresAuthorizedAdmins,
        authorizedAdminEmails: emails,
      })
      .onConflictDoUpdate({
        target: passwordResetRegistrations.registrationDigest,
        set: {
          requiresAuthorizedAdmins: sql`excluded.requires_authorized_admins`,
          authorizedAdminEmails: sql`CASE WHEN ${passwordResetRegistrations.adminsChangedAt} IS NULL THEN excluded.authorized_admin_emails ELSE ${passwordResetRegistrations.authorizedAdminEmails} END`,
        },
        setWhere: sql`${passwordResetRegistrations.requiresAuthorizedAdmins} IS DISTINCT FROM excluded.requires_authorized_admins OR (${passwordResetRegistrations.adminsChangedAt} IS NULL AND ${passwordResetRegistrations.authorizedAdminEmails} IS DISTINCT FROM excluded.authorized_admin_emails)`,
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    count(changes, rows.length === 0 ? 'unchanged' : rows[0]!.inserted ? 'added' : 'changed');
  }
  return changes;
}

/** The managers of each registration the section names: exactly the listed staff addresses. */
async function upsertManagers(
  tx: DatabaseExecutor,
  section: PasswordResetEntries,
  digestOf: DigestOf,
): Promise<{ added: number; removed: number }> {
  let added = 0;
  let removed = 0;
  for (const entry of section) {
    const registrationDigest = digestOf({ scheme: 'hasp', id: entry.registrationId });
    const managers = (entry.managers ?? []).map((email) => canonicalEmail(email)!);
    removed += (
      await tx
        .delete(registrationManagers)
        .where(
          and(
            eq(registrationManagers.registrationDigest, registrationDigest),
            managers.length === 0 ? undefined : notInArray(registrationManagers.staffEmail, managers),
          ),
        )
        .returning({ staffEmail: registrationManagers.staffEmail })
    ).length;
    if (managers.length === 0) continue;
    added += (
      await tx
        .insert(registrationManagers)
        .values(managers.map((staffEmail) => ({ registrationDigest, staffEmail })))
        .onConflictDoNothing()
        .returning({ staffEmail: registrationManagers.staffEmail })
    ).length;
  }
  return { added, removed };
}
