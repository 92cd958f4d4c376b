import { Type, type Static } from 'typebox';

/**
 * What an error a customer can meet on a customer page is, as a stable code beside its
 * English `message` (docs/api.md, "Error codes"): a page in another language tells it in its
 * own words by the code, never by matching the English, which stays as SPEC words it.
 */
export const ERROR_CODES = [
  /** 401: a lookup's registration ID is unknown, malformed or no longer valid. */
  'registration-id-unknown',
  /** 401: a ChromaTOF key ID is unknown, malformed or no longer valid. */
  'key-id-unknown',
  /** 429: too many refused IDs or unknown feed addresses from this client: wait (Retry-After). */
  'too-many-failures',
  /** 503: the database is away for a moment (Retry-After). */
  'database-unavailable',
  /** 503: a service the request needs (file storage, mail) is away for a moment. */
  'service-unavailable',
  /** 500: a fault of ours, logged. */
  'internal-error',
  /** 404: the address, file or feed entry is not known (or not the caller's to know). */
  'not-found',
  /** 410: a download link made more than an hour ago. */
  'link-expired',
  /** 410: the file was withdrawn by the maker. */
  'file-withdrawn',
  /** 410: a feed address that a reissue replaced. */
  'feed-replaced',
  /** 404: no published advisory (or CSAF document) has this ID. */
  'advisory-not-found',
  /** 404: no published firmware (or its SBOM) of this series and version. */
  'firmware-not-found',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The one body every error answer of the API carries: its English `message`, and where a
 * customer page shows it, a stable `code` (ERROR_CODES).
 */
export const ErrorBody = Type.Object(
  {
    message: Type.String(),
    code: Type.Optional(
      Type.Unsafe<ErrorCode>(
        Type.Union(
          ERROR_CODES.map((code) => Type.Literal(code)),
          { description: 'What the error is, for a page to say it in its own language (docs/api.md, "Error codes")' },
        ),
      ),
    ),
  },
  { $id: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** For routes that take no query: anything in the query string is refused with 400, never silently ignored. */
export const NoQuery = Type.Object({}, { additionalProperties: false });
