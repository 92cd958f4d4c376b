/**
 * Anonymous usage telemetry (docs/telemetry.md): what the browser may send and the limits
 * both sides keep. Nothing here can carry a person: no e-mail, no registration or key ID,
 * no address, no query string; a session is random per page load. No TypeBox here: the
 * browser's collector and the pages' emitters use these without bundling schemas
 * (the schemas are in telemetry.ts).
 */
export const TELEMETRY_PATHS = { ingest: '/v1/telemetry' } as const;

// SPEC §9, telemetry.
export const TELEMETRY_BATCH_INTERVAL_MS = 15_000;
export const TELEMETRY_BATCH_MAX_BYTES = 102_400;
export const TELEMETRY_MEMORY_BUFFER_EVENTS = 10_000;
export const TELEMETRY_STORED_BUFFER_EVENTS = 2_000;
export const TELEMETRY_MAX_RETRIES = 10;
export const TELEMETRY_SESSION_RENEWAL_MS = 30 * 60_000;
export const TELEMETRY_SESSION_EXPIRY_MS = 24 * 60 * 60_000;
/** SPEC §9's "500 ajax calls per view": usage events one page view may send. */
export const TELEMETRY_EVENTS_PER_VIEW = 500;

/** `sendBeacon` and `fetch(keepalive)` share a 64 KiB in-flight limit: each beacon stays under it. */
export const TELEMETRY_BEACON_MAX_BYTES = 60 * 1024;
/** A batch the server accepts: a little over one full batch of TELEMETRY_BATCH_MAX_BYTES. */
export const TELEMETRY_MAX_BODY_BYTES = 128 * 1024;
export const TELEMETRY_MAX_EVENTS_PER_BATCH = 1_000;
/** Events older than this (kept in a browser while the server was away) are dropped as too old. */
export const TELEMETRY_MAX_EVENT_AGE_MS = 7 * 24 * 60 * 60_000;
/** Clocks disagree; an event further in the future than this is not believed. */
export const TELEMETRY_MAX_CLOCK_SKEW_MS = 60 * 60_000;
/** Where unsent events wait in the browser while the server cannot be reached (the privacy page says so). */
export const TELEMETRY_STORAGE_KEY = 'telemetry-unsent';

/**
 * A page path: lower-case words and dashes only, so no ID, digit run, e-mail or query
 * string fits. The browser sends the registry's path of the page, or '/404'.
 */
export const TELEMETRY_PATH_PATTERN = '^(?:/404|/|(?:/[a-z]+(?:-[a-z]+)*)+)$';
/** Random per page load, made in the browser: 16 random bytes in hex. */
export const TELEMETRY_SESSION_PATTERN = '^[0-9a-f]{32}$';

export const USAGE_EVENT_NAMES = [
  'Requested all versions',
  'Sent authentication token email',
  'Looked up offline installers',
  'Looked up PIBs',
  'Looked up DSVs',
  'Started a download',
] as const;
export type UsageEventName = (typeof USAGE_EVENT_NAMES)[number];

/** The usage events that are lookups: the Usage screen counts them and their failures. */
export const LOOKUP_EVENT_NAMES = [
  'Looked up offline installers',
  'Looked up PIBs',
  'Looked up DSVs',
] as const satisfies readonly UsageEventName[];

/** A lookup's outcome, never its ID: answered, refused credential (401), or failed otherwise. */
export const LOOKUP_OUTCOMES = ['found', 'invalid', 'failed'] as const;
export type LookupOutcome = (typeof LOOKUP_OUTCOMES)[number];

export const ERROR_MESSAGE_MAX_CHARS = 500;
export const ERROR_STACK_MAX_CHARS = 2_000;

const EMAIL = /[^\s@<>()"',;:]+@[^\s@<>()"',;:]+/g;
const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}\b/g;
const IPV6 = /(?<![\w:])[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}(?![\w:])/gi;
/** A word with a digit in it, five characters or longer: registration IDs, key IDs, tokens. */
const ID_LIKE = /[A-Za-z0-9_-]*\d[A-Za-z0-9_-]*/g;
const URL_ORIGIN = /\b[a-z][a-z0-9+.-]*:\/\/[^/\s)]+/gi;
const QUERY_OR_HASH = /[?#][^\s):]*/g;

/**
 * An error message with whatever could point at a person or a licence taken out: e-mail
 * addresses, IP addresses, and ID-like words (any word of five or more characters with a digit).
 */
export function scrubErrorMessage(message: string): string {
  return message
    .replace(EMAIL, '[email]')
    .replace(IPV4, '[address]')
    .replace(IPV6, '[address]')
    .replace(ID_LIKE, (word) => (word.length >= 5 ? '[id]' : word))
    .slice(0, ERROR_MESSAGE_MAX_CHARS);
}

/**
 * A stack trace that names files, not places: origins and query strings removed
 * ("at f (https://portal.example/assets/a.js?v=1:1:20)" becomes "at f (/assets/a.js:1:20)"),
 * e-mail and IP addresses scrubbed, at most 10 lines.
 */
export function scrubErrorStack(stack: string): string {
  return stack
    .split('\n')
    .slice(0, 10)
    .map((line) =>
      line.replace(URL_ORIGIN, '').replace(QUERY_OR_HASH, '').replace(EMAIL, '[email]').replace(IPV4, '[address]'),
    )
    .join('\n')
    .slice(0, ERROR_STACK_MAX_CHARS);
}

/** A user agent the portal does not count: crawlers, link previewers and automated browsers. */
export const BOT_USER_AGENT = /bot|crawl|spider|slurp|preview|headless|lighthouse|curl|wget|python|httpclient|java\//i;
