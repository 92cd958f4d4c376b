import { Type, type Static } from 'typebox';

export const PASSWORD_RESET_PATHS = {
  status: '/v1/Cornerstone/PasswordReset/:registrationId',
  reset: '/v1/Cornerstone/PasswordReset',
} as const;

export function passwordResetStatusPath(registrationId: string): string {
  return PASSWORD_RESET_PATHS.status.replace(':registrationId', encodeURIComponent(registrationId));
}

/** SPEC §8's texts for the password reset. */
export const PASSWORD_RESET_MESSAGES = {
  invalidRegistrationId: 'Invalid Registration ID',
  invalidChallengeKey: 'Invalid Challenge Key',
  timeout: 'Encountered timeout while connecting to API server. Please retry the operation.',
  notSent:
    "The Challenge Response email was not able to be sent. Please contact the company's software team for assistance.",
  noAuthorizedAdmin:
    'No Authorized Admin is associated with this registration, so the response key was not sent. Please contact service to add one.',
  notManager: 'Only a manager of this registration may change its authorized admins.',
  tooMany: 'Too many response keys were requested. Please try again later.',
  tooManyAdmins: 'Enter at most 20 authorized admin e-mails.',
} as const;

/** SPEC §5: the help text of the admin e-mail editor. */
export const ADMIN_EMAIL_HELP =
  'Blank values and addresses with invalid characters are not saved. With no addresses, a password reset is impossible until a valid one is added.';

export const AUTHORIZED_ADMINS_MAX = 20;
const Email = Type.String({ maxLength: 320 });
const RegistrationId = Type.String({ maxLength: 128 });

export const PasswordResetParams = Type.Object({ registrationId: RegistrationId });
export type PasswordResetParams = Static<typeof PasswordResetParams>;

export const PasswordResetStatus = Type.Object(
  {
    isRegistrationIdValid: Type.Boolean(),
    family: Type.Union([Type.String(), Type.Null()]),
    requiresAuthorizedAdmins: Type.Boolean(),
    /** Whether the signed-in staff member may change the list: a manager of a registration that requires admins. */
    isManager: Type.Boolean(),
    authorizedAdminEmails: Type.Array(Type.String()),
  },
  { $id: 'PasswordResetStatus' },
);
export type PasswordResetStatus = Static<typeof PasswordResetStatus>;

export const PasswordResetUpdate = Type.Object(
  {
    registrationId: RegistrationId,
    authorizedAdminEmails: Type.Array(Email, { maxItems: AUTHORIZED_ADMINS_MAX * 2 }),
  },
  { additionalProperties: false },
);
export type PasswordResetUpdate = Static<typeof PasswordResetUpdate>;

export const PasswordResetSend = Type.Object(
  { registrationId: RegistrationId, challengeKey: Type.String({ maxLength: 100 }) },
  { additionalProperties: false },
);
export type PasswordResetSend = Static<typeof PasswordResetSend>;

export const PasswordResetSent = Type.Object(
  { emailSent: Type.Boolean(), authorizedAdminEmails: Type.Array(Type.String()) },
  { $id: 'PasswordResetSent' },
);
export type PasswordResetSent = Static<typeof PasswordResetSent>;
