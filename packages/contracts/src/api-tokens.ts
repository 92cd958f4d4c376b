import { Type, type Static } from 'typebox';

/**
 * API tokens for publishing from a build pipeline (docs/publishing.md#from-a-build-pipeline,
 * docs/decisions/260-api-tokens-for-publishing.md): a publisher's token, with the one scope
 * `publish`, accepted only on the drafts, claims, tus uploads, preview and publish routes.
 */
export const API_TOKEN_PATHS = {
  /** GET: the tokens the caller may see (an administrator: everyone's). POST: create one (shown once). */
  tokens: '/v1/tokens',
  /** DELETE: revoke a token at once, on every portal. */
  token: '/v1/tokens/:tokenId',
} as const;

/**
 * What every token starts with, so a secret scanner (and a person) recognises one: `lpp_`,
 * then API_TOKEN_RANDOM_CHARS base62 characters of randomness, then
 * API_TOKEN_CHECKSUM_CHARS base62 characters of their CRC32.
 */
export const API_TOKEN_PREFIX = 'lpp_';
export const API_TOKEN_RANDOM_CHARS = 30;
export const API_TOKEN_CHECKSUM_CHARS = 6;
export const API_TOKEN_LENGTH = API_TOKEN_PREFIX.length + API_TOKEN_RANDOM_CHARS + API_TOKEN_CHECKSUM_CHARS;
/** The shape of a token, checksum aside. */
export const API_TOKEN_PATTERN = new RegExp(
  `^${API_TOKEN_PREFIX}[0-9A-Za-z]{${API_TOKEN_RANDOM_CHARS + API_TOKEN_CHECKSUM_CHARS}}$`,
);

/** The one scope a token has for now. */
export const API_TOKEN_SCOPES = ['publish'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_DEFAULT_DAYS = 90;
export const API_TOKEN_MAX_DAYS = 365;
export const API_TOKEN_NAME_MAX_CHARS = 100;
/** A token's row (its name, creator and last use) is deleted this many days after it expires; at once when revoked. */
export const API_TOKEN_KEPT_AFTER_EXPIRY_DAYS = 30;
/** The environment variable `portal-publish` reads its token from. */
export const API_TOKEN_ENV = 'PORTAL_TOKEN';

export const API_TOKEN_MESSAGES = {
  /** 401 for a missing, malformed, unknown, expired or revoked token, or one whose creator lost `publisher`: never which. */
  refused: 'This API token is not valid. Create a new one on the portal’s API tokens screen.',
  /** 403 for a token on any route but the publishing ones: names the scope. */
  scope: 'This token may only publish.',
  noSuchToken: 'There is no such API token.',
  name: `Give the token a name of 1 to ${API_TOKEN_NAME_MAX_CHARS} characters.`,
} as const;

export const CreateApiToken = Type.Object(
  {
    /** What the token is for, e.g. the pipeline's name: shown in the list and the audit log. */
    name: Type.String({ maxLength: API_TOKEN_NAME_MAX_CHARS }),
    /** Days until it expires: API_TOKEN_DEFAULT_DAYS when absent. */
    expiresInDays: Type.Optional(Type.Integer({ minimum: 1, maximum: API_TOKEN_MAX_DAYS })),
  },
  { additionalProperties: false },
);
export type CreateApiToken = Static<typeof CreateApiToken>;

export const ApiTokenSummary = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  scope: Type.Unsafe<ApiTokenScope>(Type.Union(API_TOKEN_SCOPES.map((scope) => Type.Literal(scope)))),
  createdBy: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** The address of the last use, truncated as the audit log keeps addresses. */
  lastUsedAddress: Type.Union([Type.String(), Type.Null()]),
});
export type ApiTokenSummary = Static<typeof ApiTokenSummary>;

export const ApiTokenList = Type.Object({ tokens: Type.Array(ApiTokenSummary) }, { $id: 'ApiTokenList' });
export type ApiTokenList = Static<typeof ApiTokenList>;

/** A token just created: the only answer that carries the token itself. */
export const CreatedApiToken = Type.Object({ ...ApiTokenSummary.properties, token: Type.String() });
export type CreatedApiToken = Static<typeof CreatedApiToken>;

export const ApiTokenParams = Type.Object({ tokenId: Type.String({ format: 'uuid' }) });
export type ApiTokenParams = Static<typeof ApiTokenParams>;

/** The token's name as kept (trimmed), or undefined when empty or too long. */
export function apiTokenName(asked: string): string | undefined {
  const name = asked.trim();
  return name.length >= 1 && name.length <= API_TOKEN_NAME_MAX_CHARS ? name : undefined;
}
