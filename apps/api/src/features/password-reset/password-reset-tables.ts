import { boolean, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { registrations } from '../../plugins/registrations/registrations-tables';

/**
 * Password reset settings of a registration, by its keyed digest: published by the import
 * (publishing) and read and changed by the password-reset feature. The import gives the
 * first list of authorized admins; once a manager has saved one (`adminsChangedAt`), a
 * re-import keeps theirs (decision 077).
 */
export const passwordResetRegistrations = pgTable('password_reset_registrations', {
  registrationDigest: text('registration_digest')
    .primaryKey()
    .references(() => registrations.idDigest),
  requiresAuthorizedAdmins: boolean('requires_authorized_admins').notNull(),
  authorizedAdminEmails: text('authorized_admin_emails').array().notNull().default([]),
  adminsChangedAt: timestamp('admins_changed_at', { withTimezone: true }),
  adminsChangedBy: text('admins_changed_by'),
});

/** Which staff addresses manage which registrations (published by the import). */
export const registrationManagers = pgTable(
  'registration_managers',
  {
    registrationDigest: text('registration_digest')
      .notNull()
      .references(() => registrations.idDigest),
    staffEmail: text('staff_email').notNull(),
  },
  (table) => [primaryKey({ columns: [table.registrationDigest, table.staffEmail] })],
);
