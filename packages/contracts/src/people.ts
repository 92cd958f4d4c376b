import { Type, type Static } from 'typebox';

/**
 * Staff roles (docs/staff-roles.md). Every signed-in staff member may use the read-only
 * tools (Releases & PIBs, Products & Options, ChromaTOF Releases); a role adds powers, and
 * a person holds any set of roles. `admin` holds every power.
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

const StaffRoleSchema = Type.Unsafe<StaffRole>(Type.Union(STAFF_ROLES.map((role) => Type.Literal(role))));
const Roles = Type.Array(StaffRoleSchema, { maxItems: STAFF_ROLES.length, uniqueItems: true });
const Email = Type.String({ minLength: 3, maxLength: 320 });

export const Person = Type.Object({
  email: Type.String(),
  roles: Roles,
  /** Named by ADMIN_EMAILS: an administrator on every start, who cannot lose admin on the screen. */
  configuredAdmin: Type.Boolean(),
  /** The roles come from the identity provider's groups (OIDC_ROLE_MAP): set at each sign-in there, not edited here. */
  rolesFromIdentityProvider: Type.Boolean(),
  invitedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  invitedBy: Type.Union([Type.String(), Type.Null()]),
  lastSignInAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  activeSessions: Type.Integer({ minimum: 0 }),
});
export type Person = Static<typeof Person>;

export const PeopleList = Type.Object({ people: Type.Array(Person) }, { $id: 'PeopleList' });
export type PeopleList = Static<typeof PeopleList>;

export const InvitePerson = Type.Object({ email: Email, roles: Roles }, { additionalProperties: false });
export type InvitePerson = Static<typeof InvitePerson>;

export const SetRoles = Type.Object({ roles: Roles }, { additionalProperties: false });
export type SetRoles = Static<typeof SetRoles>;

export const PersonParams = Type.Object({ email: Email });
export type PersonParams = Static<typeof PersonParams>;

export const Me = Type.Object(
  {
    email: Type.String(),
    roles: Roles,
    /** Whom to ask for a role. */
    administrators: Type.Array(Type.String()),
  },
  { $id: 'Me' },
);
export type Me = Static<typeof Me>;

/** The People API's refusals (4xx `{ message }`): nothing changes when one is sent. */
export const PEOPLE_MESSAGES = {
  notAnAddress: 'Enter a valid email address.',
  taggedAddress: 'Enter the email address without a +tag.',
  notStaffAddress: (domains: readonly string[]) => `Only addresses of ${domains.join(', ')} can be staff members.`,
  alreadyStaff: 'This address is already a staff member.',
  noSuchPerson: 'There is no staff member with this address.',
  configuredAdmin:
    'This address is an administrator by the server setting ADMIN_EMAILS: it keeps the Administrator role and cannot be removed here.',
  ownAdmin: 'You cannot take away your own Administrator role. Ask another administrator.',
  removeSelf: 'You cannot remove yourself. Ask another administrator.',
  lastAdmin: 'This is the last administrator. Give someone else the Administrator role first.',
  identityProviderRoles:
    "This person's roles come from their groups at the company's identity provider (OIDC_ROLE_MAP): change their groups there.",
} as const;
