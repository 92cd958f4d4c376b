import { Type, type Static } from 'typebox';
import { STAFF_ROLES, type StaffRole } from './staff-roles';

// The roles, their rules and the People API's paths: in a module of their own, so the service
// page and every staff screen's frame read them without these schemas (decision 165).
export {
  PEOPLE_PATHS,
  STAFF_ROLE_POWERS,
  STAFF_ROLE_TITLES,
  STAFF_ROLES,
  allows,
  roleRequiredMessage,
  type StaffAccess,
  type StaffRole,
} from './staff-roles';

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
