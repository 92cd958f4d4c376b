import { Type, type Static } from 'typebox';
import { FileDetails, ReleaseNotesLink } from './files';
import type { StaffAccess } from './people';

/**
 * Update feeds (docs/feeds.md): a private Atom feed per registration ID and per ChromaTOF
 * key ID, at an address whose token neither holds nor reveals the ID; and a public one per
 * firmware series.
 */
export const FEEDS_PATHS = {
  /** GET, Atom: the files the token's registration or key ID would see, newest first. */
  feed: '/v1/feeds/:token.atom',
  /** GET: one file of that feed, with a freshly signed download link. */
  file: '/v1/feeds/:token/files/:fileId',
  /** GET, with the customer's `Hasp id=` or `Rainbow id=` header: the address of its feed. */
  current: '/v1/feeds/current',
  /** POST (staff): a new feed address for a registration ID or key ID; the old one answers 410. */
  reissue: '/v1/feeds/reissue',
  /** GET, Atom, public: the firmware releases of one series. */
  firmware: '/v1/firmware/:series/feed.atom',
} as const;

/** The web page a feed entry links to: shows the file and a fresh download link. Query: token, file. */
export const FEED_FILE_PAGE = '/feed-file';

/** Who may issue a new feed address (the old one then answers 410): staff with the service role. */
export const FEED_REISSUE_ACCESS: StaffAccess = 'service';

/** A feed token: 32 base64url characters (24 bytes of a keyed digest). */
export const FEED_TOKEN_LENGTH = 32;
export const FEED_TOKEN_PATTERN = `^[A-Za-z0-9_-]{${FEED_TOKEN_LENGTH}}$`;

/** The most entries a private feed holds: the newest files. */
export const FEED_ENTRIES_MAX = 100;

/** What a revoked feed address answers (410). */
export const FEED_REVOKED =
  'This feed address has been replaced. Look up your registration ID or key ID on the portal to get the new one.';
/** A staff reissue for an ID that is not published (404). */
export const NO_SUCH_FEED_ID = 'No published registration ID or key ID matches.';

export const FIRMWARE_FEED_SERIES = ['mx', 'px', 'cx'] as const;
export type FirmwareFeedSeries = (typeof FIRMWARE_FEED_SERIES)[number];

export function feedPath(token: string): string {
  return FEEDS_PATHS.feed.replace(':token', token);
}

export function firmwareFeedPath(series: FirmwareFeedSeries): string {
  return FEEDS_PATHS.firmware.replace(':series', series);
}

const Token = Type.String({
  pattern: FEED_TOKEN_PATTERN,
  maxLength: FEED_TOKEN_LENGTH,
  description: 'The opaque token of a feed address',
});

export const FeedParams = Type.Object({ token: Token });
export type FeedParams = Static<typeof FeedParams>;

export const FeedFileParams = Type.Object({ token: Token, fileId: Type.String({ format: 'uuid' }) });
export type FeedFileParams = Static<typeof FeedFileParams>;

export const FirmwareFeedParams = Type.Object({
  series: Type.Union([Type.Literal('mx'), Type.Literal('px'), Type.Literal('cx')], {
    description: 'The instrument series, lower case',
  }),
});
export type FirmwareFeedParams = Static<typeof FirmwareFeedParams>;

/** The address of a customer's feed, as a path on the portal. */
export const CurrentFeed = Type.Object(
  { feed: Type.String({ description: 'The path of the Atom feed, e.g. /v1/feeds/….atom' }) },
  { $id: 'CurrentFeed' },
);
export type CurrentFeed = Static<typeof CurrentFeed>;

/** One file of a feed: what it is, and a download link signed now, valid one hour. */
export const FeedFile = Type.Object(
  {
    title: Type.String({ description: "What the file is: 'Cornerstone 2.10.0 offline installer'" }),
    product: Type.String(),
    version: Type.String(),
    uri: Type.String({ description: 'A download link valid for one hour' }),
    file: FileDetails,
    releaseNotes: Type.Union([ReleaseNotesLink, Type.Null()]),
  },
  { $id: 'FeedFile' },
);
export type FeedFile = Static<typeof FeedFile>;

export const FeedReissueBody = Type.Object(
  {
    scheme: Type.Union([Type.Literal('hasp'), Type.Literal('rainbow')], {
      description: '`hasp`: a Cornerstone registration ID; `rainbow`: a ChromaTOF key ID',
    }),
    id: Type.String({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: false },
);
export type FeedReissueBody = Static<typeof FeedReissueBody>;
