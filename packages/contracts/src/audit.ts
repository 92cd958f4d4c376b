import { Type, type Static } from 'typebox';

export const AUDIT_PATHS = { log: '/v1/audit' } as const;

/** The acts the staff audit log records. */
export const AUDIT_ACTIONS = {
  challengeResponse: 'service-key.challenge-response',
  expiringKey: 'service-key.expiring-key',
  adminListChange: 'password-reset.admin-list-change',
  responseKeyMail: 'password-reset.response-key-mail',
} as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];

export const AUDIT_PAGE_DEFAULT_LIMIT = 50;
export const AUDIT_PAGE_MAX_LIMIT = 200;

export const AuditQuery = Type.Object(
  {
    /** Rows with an id below this one (the previous page's `nextBefore`). */
    before: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    limit: Type.Integer({ minimum: 1, maximum: AUDIT_PAGE_MAX_LIMIT, default: AUDIT_PAGE_DEFAULT_LIMIT }),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuery>;

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
