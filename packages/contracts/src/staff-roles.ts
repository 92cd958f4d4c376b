/**
 * Staff roles (docs/staff-roles.md). Every signed-in staff member may use the read-only
 * tools (Releases & PIBs, Products & Options, ChromaTOF Releases); a role adds powers, and
 * a person holds any set of roles. `admin` holds every power.
 *
 * A module without schemas, so the service page, every staff screen's frame and the account
 * button read roles and their rules without bringing TypeBox and the People schemas into
 * the browser (decision 165); the schemas are in people.ts.
 */
export const STAFF_ROLES = ['service', 'publisher', 'security', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a staff route or screen needs: any signed-in staff member, or a role. */
export type StaffAccess = 'staff' | StaffRole;

export const STAFF_ROLE_TITLES: Record<StaffRole, string> = {
  service: 'Service',
  publisher: 'Publisher',
  security: 'Security',
  admin: 'Administrator',
};

/** What each role allows, in the words the People screen and docs use. */
export const STAFF_ROLE_POWERS: Record<StaffRole, string> = {
  service: 'Service Mode keys and Password Reset, including editing authorized admins where the manager rule allows',
  publisher: 'Publishing, withdrawing and restoring releases',
  security: 'Drafting, publishing and revising security advisories and not-affected statements',
  admin: 'People, the audit log, Usage, and every other power',
};

/** Whether someone holding `roles` may use what needs `access`: admin holds every power. */
export function allows(roles: readonly StaffRole[], access: StaffAccess): boolean {
  return access === 'staff' || roles.includes('admin') || roles.includes(access);
}

/** The 403 message of a staff route whose role the caller lacks: it names the role. */
export function roleRequiredMessage(role: StaffRole): string {
  return `This needs the ${STAFF_ROLE_TITLES[role]} role (${role}). Ask an administrator to give it to you.`;
}

export const PEOPLE_PATHS = {
  /** GET: everyone who has signed in or been invited. POST: invite an address. */
  people: '/v1/people',
  /** DELETE: remove a person (ends their sessions, removes their roles). */
  person: '/v1/people/:email',
  /** PUT: set a person's roles. */
  roles: '/v1/people/:email/roles',
  /** DELETE: sign a person out everywhere (ends all their sessions at once). */
  sessions: '/v1/people/:email/sessions',
  /** GET: the caller's own roles, and who the administrators are (for the role-needed page). */
  me: '/v1/people/me',
} as const;
