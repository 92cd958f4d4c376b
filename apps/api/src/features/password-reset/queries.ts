import { AUDIT_CLI_ACTOR } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/connect';
import { passwordResetRegistrations } from './password-reset-tables';

/**
 * What other features may ask of the password reset's tables: a privacy erasure
 * (features/privacy) takes an authorized admin's address off every registration's list,
 * inside the caller's transaction. Addresses match without regard to case, as mail does.
 * The change counts as a saved list (`adminsChangedAt`), so a re-import of a manifest that
 * still names the address does not bring it back (decision 077). Returns how many
 * registrations' lists held it.
 */
export async function eraseAuthorizedAdmin(tx: DatabaseExecutor, email: string): Promise<number> {
  const address = email.trim().toLowerCase();
  const lists = passwordResetRegistrations.authorizedAdminEmails;
  const changed = await tx
    .update(passwordResetRegistrations)
    .set({
      authorizedAdminEmails: sql`ARRAY(SELECT e FROM unnest(${lists}) AS e WHERE lower(e) <> ${address})`,
      adminsChangedAt: sql`now()`,
      adminsChangedBy: AUDIT_CLI_ACTOR,
    })
    .where(sql`EXISTS (SELECT 1 FROM unnest(${lists}) AS e WHERE lower(e) = ${address})`)
    .returning({ registrationDigest: passwordResetRegistrations.registrationDigest });
  return changed.length;
}
