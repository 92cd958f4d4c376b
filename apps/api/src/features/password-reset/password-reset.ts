import { and, eq, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/connect';
import { passwordResetRegistrations, registrationManagers } from './password-reset-tables';
import { canonicalEmail } from '../../shared/canonical-email';

export interface PasswordResetSettings {
  requiresAuthorizedAdmins: boolean;
  authorizedAdminEmails: string[];
  isManager: boolean;
}

/** A registration's settings as the staff member sees them; `lock` holds its row for an update. */
export async function settingsOf(
  db: DatabaseExecutor,
  registrationDigest: string,
  staffEmail: string,
  { lock = false } = {},
): Promise<PasswordResetSettings> {
  const query = db
    .select({
      requiresAuthorizedAdmins: passwordResetRegistrations.requiresAuthorizedAdmins,
      authorizedAdminEmails: passwordResetRegistrations.authorizedAdminEmails,
    })
    .from(passwordResetRegistrations)
    .where(eq(passwordResetRegistrations.registrationDigest, registrationDigest));
  const [row] = lock ? await query.for('update') : await query;
  const requiresAuthorizedAdmins = row?.requiresAuthorizedAdmins ?? false;
  const [manager] = requiresAuthorizedAdmins
    ? await db
        .select({ staffEmail: registrationManagers.staffEmail })
        .from(registrationManagers)
        .where(
          and(
            eq(registrationManagers.registrationDigest, registrationDigest),
            eq(registrationManagers.staffEmail, staffEmail),
          ),
        )
    : [];
  return {
    requiresAuthorizedAdmins,
    authorizedAdminEmails: row?.authorizedAdminEmails ?? [],
    // SPEC §6: only a manager of a registration that requires authorized admins may edit the list.
    isManager: manager !== undefined,
  };
}

/** SPEC §5: blank values and addresses with invalid characters are not saved; each address once. */
export function savableAdminEmails(submitted: string[]): string[] {
  const kept: string[] = [];
  for (const value of submitted) {
    const email = canonicalEmail(value);
    if (email && !kept.includes(email)) kept.push(email);
  }
  return kept;
}

export async function saveAdminEmails(
  tx: DatabaseExecutor,
  registrationDigest: string,
  emails: string[],
  changedBy: string,
): Promise<void> {
  await tx
    .update(passwordResetRegistrations)
    .set({ authorizedAdminEmails: emails, adminsChangedAt: sql`now()`, adminsChangedBy: changedBy })
    .where(eq(passwordResetRegistrations.registrationDigest, registrationDigest));
}
