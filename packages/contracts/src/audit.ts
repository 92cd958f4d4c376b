import { Type, type Static } from 'typebox';

export const AUDIT_PATHS = {
  log: '/v1/audit',
  /** GET: the hash chain checked now, as `npm run portal -- audit verify` checks it. */
  verification: '/v1/audit/verification',
  /** GET: the rows the log's filters select, as CSV (text/csv), oldest first. */
  export: '/v1/audit/export.csv',
} as const;

/** The acts the staff audit log records. */
export const AUDIT_ACTIONS = {
  challengeResponse: 'service-key.challenge-response',
  expiringKey: 'service-key.expiring-key',
  adminListChange: 'password-reset.admin-list-change',
  responseKeyMail: 'password-reset.response-key-mail',
  personInvite: 'people.invite',
  rolesChange: 'people.roles-change',
  personRemove: 'people.remove',
  signOutEverywhere: 'people.sign-out',
  feedReissue: 'feeds.reissue',
  privacyErase: 'privacy.erase',
  cataloguePublish: 'catalogue.publish',
  catalogueWithdraw: 'catalogue.withdraw',
  catalogueRestore: 'catalogue.restore',
  advisoryPublish: 'security.advisory-publish',
  advisoryRevise: 'security.advisory-revise',
  apiTokenCreate: 'api-tokens.create',
  apiTokenRevoke: 'api-tokens.revoke',
} as const;

/** The actor the audit log names for a change made with `npm run portal -- …` on the server. */
export const AUDIT_CLI_ACTOR = 'cli';
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];

export const AUDIT_PAGE_DEFAULT_LIMIT = 50;
export const AUDIT_PAGE_MAX_LIMIT = 200;

export const AuditQuery = Type.Object(
  {
    /** Rows with an id below this one (the previous page's `nextBefore`). */
    before: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    limit: Type.Integer({ minimum: 1, maximum: AUDIT_PAGE_MAX_LIMIT, default: AUDIT_PAGE_DEFAULT_LIMIT }),
    ...AuditFilterProperties(),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuery>;

/** The filters of the audit log screen, shared by the page query and the CSV export. */
function AuditFilterProperties() {
  const day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A UTC day, YYYY-MM-DD' });
  return {
    /** Rows whose actor is this address (or `cli`), exactly. */
    actor: Type.Optional(Type.String({ minLength: 1, maxLength: 320 })),
    /** Rows of this action (AUDIT_ACTIONS), exactly. */
    action: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** Rows on or after this UTC day. */
    from: Type.Optional(day),
    /** Rows on or before this UTC day. */
    to: Type.Optional(day),
  };
}

export const AuditExportQuery = Type.Object(AuditFilterProperties(), { additionalProperties: false });
export type AuditExportQuery = Static<typeof AuditExportQuery>;

export const AuditVerification = Type.Union(
  [
    Type.Object({ state: Type.Literal('intact'), rows: Type.Integer({ minimum: 0 }), headHash: Type.String() }),
    Type.Object({ state: Type.Literal('broken'), rowId: Type.Integer(), reason: Type.String() }),
  ],
  { $id: 'AuditVerification' },
);
export type AuditVerification = Static<typeof AuditVerification>;

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const AuditRecord = Type.Object({
  id: Type.Integer(),
  occurredAt: Type.String({ format: 'date-time' }),
  actorEmail: Type.String(),
  action: Type.String(),
  registrationDigest: NullableString,
  outcome: Type.String(),
  requestId: Type.String(),
  clientAddress: Type.String(),
  subjectDigest: NullableString,
  detail: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  previousHash: Type.String(),
  rowHash: Type.String(),
});
export type AuditRecord = Static<typeof AuditRecord>;

export const AuditPage = Type.Object(
  {
    /** Newest first. */
    entries: Type.Array(AuditRecord),
    /** The `before` of the next (older) page; null on the last page. */
    nextBefore: Type.Union([Type.Integer(), Type.Null()]),
  },
  { $id: 'AuditPage' },
);
export type AuditPage = Static<typeof AuditPage>;
