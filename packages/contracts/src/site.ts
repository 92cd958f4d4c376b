/**
 * The maker's name is configuration (MAKER_NAME), not code: the web build writes this
 * placeholder wherever the name goes, the server replaces it in every page at start-up,
 * and the browser reads the value back from the page, so a new name needs a restart,
 * never a rebuild.
 */
export const MAKER_NAME_PLACEHOLDER = '%MAKER_NAME%';

/** What the site calls itself (SPEC §2: the maker's name followed by 'Software'): titles, headings, mail. */
export function siteNameOf(makerName: string): string {
  return `${makerName} Software`;
}

/**
 * Where the browser starts the ChromaTOF download lookup (CHROMATOF_DOWNLOADS_URL) is
 * configuration too, written and read back the same way. Here, not in chromatof.ts: every
 * page (Home included) carries it, and this module has no schemas to bundle.
 */
export const CHROMATOF_DOWNLOADS_URL_PLACEHOLDER = '%CHROMATOF_DOWNLOADS_URL%';

/**
 * REPORT_ERRORS is configuration read at run time, like the maker's name: the web build
 * writes this placeholder into every page, the server replaces it with "true" or "false".
 */
export const REPORT_ERRORS_PLACEHOLDER = '%REPORT_ERRORS%';

/**
 * Whom a customer contacts when a lookup refuses their ID (SUPPORT_URL, SUPPORT_EMAIL):
 * configuration read at run time like the maker's name. The server writes each value, or
 * nothing when it is not set, in place of its placeholder.
 */
export const SUPPORT_URL_PLACEHOLDER = '%SUPPORT_URL%';
export const SUPPORT_EMAIL_PLACEHOLDER = '%SUPPORT_EMAIL%';

/**
 * The maker's logo (MAKER_LOGO, an SVG file) reaches the browser the same way: the web build
 * writes this placeholder where the logo's URL goes, the server replaces it with
 * MAKER_LOGO_PATH and the file's digest (`/brand/logo.svg?v=…`), or with "" when no logo
 * is configured and the header shows a wordmark of the maker's name instead.
 */
export const MAKER_LOGO_URL_PLACEHOLDER = '%MAKER_LOGO_URL%';

/**
 * OIDC_NAME (empty when no identity provider is configured) and OIDC_ONLY ("true" or
 * "false"): configuration read at run time like the maker's name. Here, not in
 * sign-in-oidc.ts: every page carries them, and the sign-in's words stay with the staff screens.
 */
export const OIDC_NAME_PLACEHOLDER = '%OIDC_NAME%';
export const OIDC_ONLY_PLACEHOLDER = '%OIDC_ONLY%';

/**
 * How long the server keeps download records, anonymous telemetry and publishing drafts with
 * their uploads (DOWNLOAD_RECORDS_RETENTION_DAYS, TELEMETRY_RETENTION_DAYS, DRAFT_EXPIRY_DAYS):
 * the privacy page states the running configuration's numbers, so they reach it like the
 * maker's name, replaced in every page at start-up.
 */
export const DOWNLOAD_RECORDS_RETENTION_DAYS_PLACEHOLDER = '%DOWNLOAD_RECORDS_RETENTION_DAYS%';
export const TELEMETRY_RETENTION_DAYS_PLACEHOLDER = '%TELEMETRY_RETENTION_DAYS%';
export const DRAFT_EXPIRY_DAYS_PLACEHOLDER = '%DRAFT_EXPIRY_DAYS%';

/** Where the API serves the configured logo: one stable path, the digest in the query busts caches. */
export const MAKER_LOGO_PATH = '/brand/logo.svg';
