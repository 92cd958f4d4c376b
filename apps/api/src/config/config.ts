import { CHROMATOF_PATHS, STAFF_ROLES, type StaffRole } from '@portal/contracts';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { canonicalEmail, isStaffAddress } from '../shared/canonical-email';

/**
 * The portal's whole configuration, read from the environment once at start-up.
 * Every variable of docs/configuration.md is validated here; a bad value stops start-up
 * with one line per problem naming the variable.
 */
export interface Config {
  port: number;
  host: string;
  /** How long SIGTERM waits for in-flight requests before the process exits anyway (SHUTDOWN_GRACE_SECONDS). */
  shutdownGraceSeconds: number;
  /** Port of the Prometheus `/metrics` listener (METRICS_PORT); undefined: none. */
  metricsPort: number | undefined;
  /** Where that listener binds (METRICS_HOST, default 127.0.0.1). */
  metricsHost: string;
  publicUrl: URL;
  dataDir: string;
  /** An external PostgreSQL server; without it the portal runs its own embedded one. */
  databaseUrl: URL | undefined;
  makerName: string;
  /** Key material from SECRET_KEY; when unset it is generated into DATA_DIR (see secret-key.ts). */
  secretKey: Buffer | undefined;
  /** Outgoing mail server; without it, mail is written to DATA_DIR/outbox/ as .eml files. */
  smtpUrl: URL | undefined;
  /** Sender of the portal's mail. Default: software@ the host of PUBLIC_URL. */
  mailFrom: string;
  /** Lower-case domains whose addresses may sign in as staff (exact match, no subdomains). Default: example.com. */
  staffEmailDomains: string[];
  /**
   * ADMIN_EMAILS, canonicalised as sign-in addresses are: administrators on every start, who
   * cannot lose `admin` through the API (docs/staff-roles.md). Default: none.
   */
  adminEmails: string[];
  /** STAFF_DEFAULT_ROLES: the roles a person gets on first sign-in (default `service`; empty: none). */
  staffDefaultRoles: StaffRole[];
  /**
   * Addresses or CIDR ranges of the reverse proxies whose X-Forwarded-For is believed
   * (TRUST_PROXY); empty: none, every client is the address that connected.
   */
  trustProxy: string[];
  /**
   * Where the browser starts the ChromaTOF download lookup (CHROMATOF_DOWNLOADS_URL): a path
   * on this site (default: the portal's own endpoint) or an http(s) URL elsewhere.
   */
  chromatofDownloadsUrl: string;
  /**
   * The 32-byte Ed25519 seed the firmware metadata is signed with (FIRMWARE_SIGNING_KEY, hex);
   * unset: derived from the secret key (plugins/firmware-signing.ts).
   */
  firmwareSigningKey: Buffer | undefined;
  /** Days a draft in progress is kept after its last change (DRAFT_EXPIRY_DAYS, default 7). */
  draftExpiryDays: number;
  /**
   * Where uploads into drafts are received before they are complete (PUBLISH_UPLOAD_DIR,
   * default DATA_DIR/uploads): never the blob store. Portals behind one load balancer share it.
   */
  publishUploadDir: string;
  /** The largest file a publisher may upload, in bytes (PUBLISH_MAX_FILE_BYTES, default 8 GiB). */
  publishMaxFileBytes: number;
  /** Days download records are kept (DOWNLOAD_RECORDS_RETENTION_DAYS, default 400). */
  downloadRecordsRetentionDays: number;
  /** Days anonymous telemetry events and their daily rollups are kept (TELEMETRY_RETENTION_DAYS, default 400). */
  telemetryRetentionDays: number;
  /**
   * Telemetry batches taken from one client address per minute (TELEMETRY_BATCHES_PER_ADDRESS_PER_MINUTE,
   * default 60); beyond, 429. A browser sends one every 15 s: a lab of many behind one NAT address needs more.
   */
  telemetryBatchesPerAddressPerMinute: number;
  /** Telemetry events stored per client address per UTC day (TELEMETRY_EVENTS_PER_ADDRESS_PER_DAY); beyond, dropped. */
  telemetryEventsPerAddressPerDay: number;
  /** Telemetry events stored per UTC day, every client together (TELEMETRY_EVENTS_PER_DAY); beyond, dropped and counted. */
  telemetryEventsPerDay: number;
  /** Below this many MB free on DATA_DIR's disk telemetry is refused (TELEMETRY_MIN_FREE_DISK_MB; 0: never). */
  telemetryMinFreeDiskMb: number;
  /**
   * A Redis server (REDIS_URL) that holds the rate limits and the guessing brake's counts,
   * so that every portal behind a load balancer spends one budget; without it, memory.
   */
  redisUrl: URL | undefined;
  /** Whether the browser reports unplanned errors (REPORT_ERRORS, default false); delivered to every page at run time. */
  reportErrors: boolean;
  /** LOG_FORMAT: `json` lines or `pretty` ones for a person; unset: pretty on a terminal, else JSON (logging.ts). */
  logFormat: LogFormat | undefined;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: traces go to this OTLP/HTTP collector; unset: no OpenTelemetry at all (telemetry/). */
  otelEndpoint: URL | undefined;
  /** An S3-compatible bucket for published files (S3_*, all or none); undefined: DATA_DIR/files. */
  s3: S3Config | undefined;
  /**
   * How a file's bytes reach the client once its link is checked (FILE_DELIVERY): streamed by
   * the portal, a redirect to a presigned bucket URL (S3 only), or an X-Accel-Redirect to
   * nginx (local files only). Default: redirect with S3, stream without.
   */
  fileDelivery: FileDeliveryMode;
  /** The internal nginx location X-Accel-Redirect names (FILE_DELIVERY_ACCEL_PREFIX, default /_portal-files/). */
  fileDeliveryAccelPrefix: string;
  /** Where customers get help when a lookup refuses their ID (SUPPORT_URL, an https URL); delivered to every page. */
  supportUrl: string | undefined;
  /** The address customers write to for that help (SUPPORT_EMAIL); delivered to every page. */
  supportEmail: string | undefined;
  /** The maker's logo (MAKER_LOGO, an SVG file read once at start-up); unset: the header shows a wordmark. */
  makerLogo: MakerLogo | undefined;
  /** Staff sign-in through the company's identity provider (OIDC_*, the core three all or none); undefined: e-mail links only. */
  oidc: OidcConfig | undefined;
  /**
   * The OpenPGP private key CSAF documents are signed with (CSAF_SIGNING_KEY, armored, without
   * a passphrase); unset: one generated once and kept in the database (docs/security-advisories.md).
   */
  csafSigningKey: string | undefined;
  /** The tracking IDs' prefix (CSAF_ID_PREFIX, default from MAKER_NAME): `ACME` of `ACME-SA-2026-0001`. */
  csafIdPrefix: string;
  /**
   * Where vulnerabilities are reported (SECURITY_CONTACT, a mailto: or https: URI); default
   * SUPPORT_EMAIL as mailto:, else SUPPORT_URL, else mailto:security@ the host of PUBLIC_URL.
   */
  securityContact: string;
}

export interface OidcConfig {
  /** OIDC_ISSUER: https, or http on a loopback address only. */
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** OIDC_NAME: what the button says after "Sign in with" (default MAKER_NAME). */
  name: string;
  /** OIDC_ONLY: no e-mailed links at all; the identity provider is the only door. */
  only: boolean;
  /** OIDC_ROLES_CLAIM: the ID token claim that lists the person's groups (default `groups`). */
  rolesClaim: string;
  /** OIDC_ROLE_MAP: the groups that give each role; undefined: roles stay as People sets them. */
  roleMap: OidcRoleMap | undefined;
  /** OIDC_SESSION_HOURS: how long a session opened through the identity provider lasts (default 12). */
  sessionHours: number;
}

/** Each role and the groups any of which gives it. */
export type OidcRoleMap = Partial<Record<StaffRole, string[]>>;

export type LogFormat = 'json' | 'pretty';

export interface S3Config {
  endpoint: URL;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (http://host/bucket/key) rather than the host name: most self-hosted stores need it. */
  forcePathStyle: boolean;
}

export const FILE_DELIVERY_MODES = ['stream', 'redirect', 'accel'] as const;
export type FileDeliveryMode = (typeof FILE_DELIVERY_MODES)[number];
const DEFAULT_ACCEL_PREFIX = '/_portal-files/';

export interface MakerLogo {
  /** The SVG file's bytes, served as they are at MAKER_LOGO_PATH. */
  svg: Buffer;
  /** A digest of the bytes: the logo's URL carries it, so a new logo is fetched at once. */
  version: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const MAKER_NAME_MAX_CHARS = 80;
/** A logo is a small drawing; anything larger is a mistake (a photo, a wrong file). */
export const MAKER_LOGO_MAX_BYTES = 100 * 1024;
const SECRET_KEY_MIN_BYTES = 32;
const CONTROL_CHARS = /\p{Cc}/u;
const MAIL_ADDRESS = /^[^@\s<>",;]+@[^@\s<>",;]+$/;
const STAFF_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/;
/** Reserved for documentation (RFC 2606): no one receives mail there, so the default lets no real person in. */
const DEFAULT_STAFF_EMAIL_DOMAIN = 'example.com';
/** Service Mode and Password Reset for everyone who signs in, as before there were roles. */
const DEFAULT_STAFF_ROLES = 'service';

function isStaffRole(name: string): name is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(name);
}

const DEFAULT_DOWNLOAD_RECORDS_RETENTION_DAYS = 400;
const DEFAULT_DRAFT_EXPIRY_DAYS = 7;
const DEFAULT_TELEMETRY_RETENTION_DAYS = 400;
/** Long enough for a lookup or a page, short enough for a rolling restart; downloads resume by Range. */
const DEFAULT_SHUTDOWN_GRACE_SECONDS = 10;
/** Budgets no real browser reaches (docs/decisions/131-telemetry-budgets.md). */
const DEFAULT_TELEMETRY_EVENTS_PER_ADDRESS_PER_DAY = 20_000;
/** A browser sends a batch every 15 seconds, a few more when pages close: 60 a minute is some 15 browsers. */
const DEFAULT_TELEMETRY_BATCHES_PER_ADDRESS_PER_MINUTE = 60;
const DEFAULT_TELEMETRY_EVENTS_PER_DAY = 1_000_000;
const DEFAULT_TELEMETRY_MIN_FREE_DISK_MB = 1024;
const RETENTION_MAX_DAYS = 36_500;
/** 8 GiB: a large installer with room to spare; a bigger one is a decision for the operator. */
const DEFAULT_PUBLISH_MAX_FILE_BYTES = 8 * 1024 ** 3;

/** Required together: the identity provider, and this portal's name and secret there. */
const OIDC_REQUIRED = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
/** Optional, but each only with the three above: none is accepted and then ignored. */
const OIDC_OPTIONAL = ['OIDC_NAME', 'OIDC_ONLY', 'OIDC_ROLES_CLAIM', 'OIDC_ROLE_MAP', 'OIDC_SESSION_HOURS'] as const;
const DEFAULT_OIDC_ROLES_CLAIM = 'groups';
const DEFAULT_OIDC_SESSION_HOURS = 12;
/** A session through the identity provider lasts at most as long as one by e-mailed link (92 days). */
const OIDC_SESSION_MAX_HOURS = 92 * 24;

/** Required together: a bucket is named by all five. S3_FORCE_PATH_STYLE is optional (default false) but needs them. */
const S3_REQUIRED = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];
  const problem = (name: string, rule: string, value: string) =>
    problems.push(`${name} ${rule}, got ${JSON.stringify(value)}`);
  const read = (name: string) => {
    const value = env[name];
    return value === undefined || value === '' ? undefined : value;
  };

  let port = 3000;
  const rawPort = read('PORT');
  if (rawPort !== undefined) {
    port = Number(rawPort);
    if (!/^\d+$/.test(rawPort) || port < 1 || port > 65535) {
      problem('PORT', 'must be an integer 1-65535', rawPort);
    }
  }

  const host = read('HOST') ?? '127.0.0.1';
  if (CONTROL_CHARS.test(host) || /\s/.test(host)) problem('HOST', 'must be a host name or IP address', host);

  let shutdownGraceSeconds = DEFAULT_SHUTDOWN_GRACE_SECONDS;
  const rawShutdownGrace = read('SHUTDOWN_GRACE_SECONDS');
  if (rawShutdownGrace !== undefined) {
    shutdownGraceSeconds = Number(rawShutdownGrace);
    if (!/^\d+$/.test(rawShutdownGrace) || shutdownGraceSeconds < 1 || shutdownGraceSeconds > 3600) {
      problem('SHUTDOWN_GRACE_SECONDS', 'must be a whole number of seconds, 1-3600', rawShutdownGrace);
    }
  }

  let metricsPort: number | undefined;
  const rawMetricsPort = read('METRICS_PORT');
  if (rawMetricsPort !== undefined) {
    metricsPort = Number(rawMetricsPort);
    if (!/^\d+$/.test(rawMetricsPort) || metricsPort < 1 || metricsPort > 65535) {
      problem('METRICS_PORT', 'must be an integer 1-65535', rawMetricsPort);
    }
  }
  const metricsHost = read('METRICS_HOST') ?? '127.0.0.1';
  if (CONTROL_CHARS.test(metricsHost) || /\s/.test(metricsHost)) {
    problem('METRICS_HOST', 'must be a host name or IP address', metricsHost);
  }

  let publicUrl: URL | undefined;
  const rawPublicUrl = read('PUBLIC_URL');
  if (rawPublicUrl !== undefined) {
    const urlIssue = urlProblem(rawPublicUrl, ['http:', 'https:']);
    if (urlIssue) problem('PUBLIC_URL', urlIssue, rawPublicUrl);
    else publicUrl = new URL(rawPublicUrl);
  }

  const dataDir = path.resolve(cwd, read('DATA_DIR') ?? 'data');

  let databaseUrl: URL | undefined;
  const rawDatabaseUrl = read('DATABASE_URL');
  if (rawDatabaseUrl !== undefined) {
    const urlIssue = urlProblem(rawDatabaseUrl, ['postgres:', 'postgresql:']);
    if (urlIssue) problem('DATABASE_URL', urlIssue, redactUrl(rawDatabaseUrl));
    else databaseUrl = new URL(rawDatabaseUrl);
  }

  const makerName = (read('MAKER_NAME') ?? 'Instrument Maker').trim();
  if (makerName.length === 0 || makerName.length > MAKER_NAME_MAX_CHARS || CONTROL_CHARS.test(makerName)) {
    problem('MAKER_NAME', `must be 1-${MAKER_NAME_MAX_CHARS} printable characters`, makerName);
  }

  let makerLogo: MakerLogo | undefined;
  const rawMakerLogo = read('MAKER_LOGO');
  if (rawMakerLogo !== undefined) {
    const logo = readMakerLogo(path.resolve(cwd, rawMakerLogo));
    if (typeof logo === 'string') problem('MAKER_LOGO', logo, rawMakerLogo);
    else makerLogo = logo;
  }

  let secretKey: Buffer | undefined;
  const rawSecretKey = read('SECRET_KEY');
  if (rawSecretKey !== undefined) {
    secretKey = decodeKeyMaterial(rawSecretKey);
    if (!secretKey) {
      // The value itself is a secret: name the rule, never echo it.
      problems.push(
        `SECRET_KEY must be at least ${SECRET_KEY_MIN_BYTES} bytes of key material, hex or base64 encoded (got ${rawSecretKey.length} characters)`,
      );
    }
  }

  let smtpUrl: URL | undefined;
  const rawSmtpUrl = read('SMTP_URL');
  if (rawSmtpUrl !== undefined) {
    const urlIssue = urlProblem(rawSmtpUrl, ['smtp:', 'smtps:']);
    if (urlIssue) problem('SMTP_URL', urlIssue, redactUrl(rawSmtpUrl));
    else smtpUrl = new URL(rawSmtpUrl);
  }

  const rawMailFrom = read('MAIL_FROM')?.trim();
  if (rawMailFrom !== undefined && !MAIL_ADDRESS.test(rawMailFrom)) {
    problem('MAIL_FROM', 'must be an e-mail address', rawMailFrom);
  }

  // Exact domains only: a subdomain (a@company.evil.example) is someone else's.
  const rawDomains = read('STAFF_EMAIL_DOMAINS') ?? DEFAULT_STAFF_EMAIL_DOMAIN;
  const staffEmailDomains = rawDomains.split(',').map((domain) => domain.trim().toLowerCase());
  if (!staffEmailDomains.every((domain) => STAFF_DOMAIN.test(domain))) {
    problem(
      'STAFF_EMAIL_DOMAINS',
      'must be a comma-separated list of domains, for example "example.com,example.org"',
      rawDomains,
    );
  }

  const adminEmails: string[] = [];
  for (const raw of (read('ADMIN_EMAILS') ?? '').split(',').filter((entry) => entry.trim() !== '')) {
    const email = canonicalEmail(raw);
    if (email === undefined) problem('ADMIN_EMAILS', 'must be a comma-separated list of e-mail addresses', raw);
    // An address that can never sign in would be an administrator no one can be.
    else if (!isStaffAddress(email, staffEmailDomains))
      problem('ADMIN_EMAILS', `must name addresses of STAFF_EMAIL_DOMAINS (${staffEmailDomains.join(', ')})`, raw);
    else if (!adminEmails.includes(email)) adminEmails.push(email);
  }

  // Unset: `service`; set but empty: no role at all (read() would take '' for unset).
  const rawDefaultRoles = env.STAFF_DEFAULT_ROLES ?? DEFAULT_STAFF_ROLES;
  const staffDefaultRoles: StaffRole[] = [];
  for (const name of rawDefaultRoles.split(',').map((entry) => entry.trim().toLowerCase())) {
    if (name === '') continue;
    if (!isStaffRole(name))
      problem('STAFF_DEFAULT_ROLES', `must be a comma-separated list of the roles ${STAFF_ROLES.join(', ')}`, name);
    else if (!staffDefaultRoles.includes(name)) staffDefaultRoles.push(name);
  }

  const rawTrustProxy = read('TRUST_PROXY');
  const trustProxy = rawTrustProxy === undefined ? [] : rawTrustProxy.split(',').map((entry) => entry.trim());
  if (!trustProxy.every(isAddressOrRange)) {
    problem(
      'TRUST_PROXY',
      'must be a comma-separated list of IP addresses or CIDR ranges, for example "10.0.0.1,192.168.0.0/16"',
      rawTrustProxy ?? '',
    );
  }

  let firmwareSigningKey: Buffer | undefined;
  const rawFirmwareSigningKey = read('FIRMWARE_SIGNING_KEY');
  if (rawFirmwareSigningKey !== undefined) {
    if (/^[0-9a-fA-F]{64}$/.test(rawFirmwareSigningKey.trim())) {
      firmwareSigningKey = Buffer.from(rawFirmwareSigningKey.trim(), 'hex');
    } else {
      // A secret: name the rule, never echo the value.
      problems.push(
        `FIRMWARE_SIGNING_KEY must be a 32-byte Ed25519 seed as 64 hex digits, for example from "openssl rand -hex 32" (got ${rawFirmwareSigningKey.length} characters)`,
      );
    }
  }

  const retentionDays = (name: string, fallback: number) => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const days = Number(raw);
    if (!/^\d+$/.test(raw) || days < 1 || days > RETENTION_MAX_DAYS) {
      problem(name, `must be a whole number of days, 1-${RETENTION_MAX_DAYS}`, raw);
    }
    return days;
  };
  const downloadRecordsRetentionDays = retentionDays(
    'DOWNLOAD_RECORDS_RETENTION_DAYS',
    DEFAULT_DOWNLOAD_RECORDS_RETENTION_DAYS,
  );
  const telemetryRetentionDays = retentionDays('TELEMETRY_RETENTION_DAYS', DEFAULT_TELEMETRY_RETENTION_DAYS);
  const draftExpiryDays = retentionDays('DRAFT_EXPIRY_DAYS', DEFAULT_DRAFT_EXPIRY_DAYS);
  const rawUploadDir = read('PUBLISH_UPLOAD_DIR');
  if (rawUploadDir !== undefined && CONTROL_CHARS.test(rawUploadDir)) {
    problem('PUBLISH_UPLOAD_DIR', 'must be a folder path without control characters', rawUploadDir);
  }
  const publishUploadDir = path.resolve(cwd, rawUploadDir ?? path.join(dataDir, 'uploads'));
  let publishMaxFileBytes = DEFAULT_PUBLISH_MAX_FILE_BYTES;
  const rawMaxFileBytes = read('PUBLISH_MAX_FILE_BYTES');
  if (rawMaxFileBytes !== undefined) {
    publishMaxFileBytes = Number(rawMaxFileBytes);
    if (!/^\d+$/.test(rawMaxFileBytes) || publishMaxFileBytes < 1 || !Number.isSafeInteger(publishMaxFileBytes)) {
      problem(
        'PUBLISH_MAX_FILE_BYTES',
        `must be a whole number of bytes, 1-${Number.MAX_SAFE_INTEGER}`,
        rawMaxFileBytes,
      );
    }
  }
  const wholeNumber = (name: string, fallback: number, min: number, max: number, unit: string) => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      problem(name, `must be a whole number of ${unit}, ${min}-${max}`, raw);
    }
    return value;
  };
  const telemetryBatchesPerAddressPerMinute = wholeNumber(
    'TELEMETRY_BATCHES_PER_ADDRESS_PER_MINUTE',
    DEFAULT_TELEMETRY_BATCHES_PER_ADDRESS_PER_MINUTE,
    1,
    1_000_000,
    'batches',
  );
  const telemetryEventsPerAddressPerDay = wholeNumber(
    'TELEMETRY_EVENTS_PER_ADDRESS_PER_DAY',
    DEFAULT_TELEMETRY_EVENTS_PER_ADDRESS_PER_DAY,
    1,
    1_000_000_000,
    'events',
  );
  const telemetryEventsPerDay = wholeNumber(
    'TELEMETRY_EVENTS_PER_DAY',
    DEFAULT_TELEMETRY_EVENTS_PER_DAY,
    1,
    1_000_000_000,
    'events',
  );
  const telemetryMinFreeDiskMb = wholeNumber(
    'TELEMETRY_MIN_FREE_DISK_MB',
    DEFAULT_TELEMETRY_MIN_FREE_DISK_MB,
    0,
    100_000_000,
    'MB',
  );

  const rawReportErrors = read('REPORT_ERRORS');
  if (rawReportErrors !== undefined && rawReportErrors !== 'true' && rawReportErrors !== 'false') {
    problem('REPORT_ERRORS', 'must be "true" or "false"', rawReportErrors);
  }
  const reportErrors = rawReportErrors === 'true';

  let redisUrl: URL | undefined;
  const rawRedisUrl = read('REDIS_URL');
  if (rawRedisUrl !== undefined) {
    const urlIssue = urlProblem(rawRedisUrl, ['redis:', 'rediss:']);
    if (urlIssue) problem('REDIS_URL', urlIssue, redactUrl(rawRedisUrl));
    else redisUrl = new URL(rawRedisUrl);
  }

  const chromatofDownloadsUrl = read('CHROMATOF_DOWNLOADS_URL')?.trim() ?? CHROMATOF_PATHS.downloads;
  if (!isSitePath(chromatofDownloadsUrl) && urlProblem(chromatofDownloadsUrl, ['http:', 'https:'])) {
    problem(
      'CHROMATOF_DOWNLOADS_URL',
      'must be a path on this site starting with / or a URL starting with http:// or https://',
      chromatofDownloadsUrl,
    );
  }

  const rawLogFormat = read('LOG_FORMAT');
  if (rawLogFormat !== undefined && rawLogFormat !== 'json' && rawLogFormat !== 'pretty') {
    problem('LOG_FORMAT', 'must be "json" or "pretty"', rawLogFormat);
  }
  const logFormat = rawLogFormat as LogFormat | undefined;

  // The SDK reads it (and the other OTEL_* variables) itself; checked here so a typo stops start-up.
  let otelEndpoint: URL | undefined;
  const rawOtelEndpoint = read('OTEL_EXPORTER_OTLP_ENDPOINT');
  if (rawOtelEndpoint !== undefined) {
    const urlIssue = urlProblem(rawOtelEndpoint, ['http:', 'https:']);
    if (urlIssue) problem('OTEL_EXPORTER_OTLP_ENDPOINT', urlIssue, redactUrl(rawOtelEndpoint));
    else otelEndpoint = new URL(rawOtelEndpoint);
  }

  // The one reading of the S3_ variables: the bucket, and whether any of them was set at all.
  const { s3, named: s3Named } = readS3(read, problem, problems);

  const rawFileDelivery = read('FILE_DELIVERY')?.trim();
  let fileDelivery: FileDeliveryMode = s3 ? 'redirect' : 'stream';
  if (rawFileDelivery !== undefined) {
    if (!(FILE_DELIVERY_MODES as readonly string[]).includes(rawFileDelivery)) {
      problem('FILE_DELIVERY', `must be one of ${FILE_DELIVERY_MODES.join(', ')}`, rawFileDelivery);
    } else {
      fileDelivery = rawFileDelivery as FileDeliveryMode;
      // A presigned URL needs a bucket; nginx's sendfile needs a file on its own disk.
      if (fileDelivery === 'redirect' && !s3Named) {
        problems.push('FILE_DELIVERY=redirect needs an S3 bucket (S3_ENDPOINT and the other S3_ variables)');
      }
      if (fileDelivery === 'accel' && s3Named) {
        problems.push('FILE_DELIVERY=accel serves local files through nginx and cannot be used with S3_ENDPOINT');
      }
    }
  }
  const rawAccelPrefix = read('FILE_DELIVERY_ACCEL_PREFIX')?.trim();
  const fileDeliveryAccelPrefix = rawAccelPrefix ?? DEFAULT_ACCEL_PREFIX;
  if (rawAccelPrefix !== undefined) {
    if (!/^\/(?:[A-Za-z0-9._~-]+\/)+$/.test(rawAccelPrefix)) {
      problem(
        'FILE_DELIVERY_ACCEL_PREFIX',
        'must be a path starting and ending with /, for example "/_portal-files/"',
        rawAccelPrefix,
      );
    } else if (fileDelivery !== 'accel') {
      problems.push('FILE_DELIVERY_ACCEL_PREFIX is only used with FILE_DELIVERY=accel');
    }
  }

  // A link a customer is sent to: https only, so no page of ours points at a plain-text or script URL.
  const supportUrl = read('SUPPORT_URL')?.trim();
  if (supportUrl !== undefined && (urlProblem(supportUrl, ['https:']) || CONTROL_CHARS.test(supportUrl))) {
    problem('SUPPORT_URL', 'must be a URL starting with https://', supportUrl);
  }
  const supportEmail = read('SUPPORT_EMAIL')?.trim();
  if (supportEmail !== undefined && !MAIL_ADDRESS.test(supportEmail)) {
    problem('SUPPORT_EMAIL', 'must be an e-mail address', supportEmail);
  }

  const oidc = readOidc(read, problem, problems, makerName);
  const csafSigningKey = read('CSAF_SIGNING_KEY')?.trim();
  if (csafSigningKey !== undefined && !CSAF_SIGNING_KEY_ARMOR.test(csafSigningKey)) {
    // A secret: name the rule, never echo the value.
    problems.push(
      `CSAF_SIGNING_KEY must be an armored OpenPGP private key ("-----BEGIN PGP PRIVATE KEY BLOCK-----" …), for example from "gpg --armor --export-secret-keys" (got ${csafSigningKey.length} characters)`,
    );
  }
  const rawCsafIdPrefix = read('CSAF_ID_PREFIX')?.trim();
  const csafIdPrefix = rawCsafIdPrefix ?? csafIdPrefixOf(makerName);
  if (!CSAF_ID_PREFIX_PATTERN.test(csafIdPrefix)) {
    problem('CSAF_ID_PREFIX', 'must be 1-16 upper-case letters and digits, starting with a letter', csafIdPrefix);
  }
  const rawSecurityContact = read('SECURITY_CONTACT')?.trim();
  if (rawSecurityContact !== undefined && !securityContactIsValid(rawSecurityContact)) {
    problem('SECURITY_CONTACT', 'must be a mailto: address or a URL starting with https://', rawSecurityContact);
  }

  if (problems.length > 0) throw new ConfigError(problems);
  publicUrl ??= new URL(`http://localhost:${port}`);
  const securityContact =
    rawSecurityContact ??
    (supportEmail ? `mailto:${supportEmail}` : (supportUrl ?? `mailto:security@${publicUrl.hostname}`));
  const mailFrom = rawMailFrom ?? `software@${publicUrl.hostname}`;
  return {
    port,
    host,
    shutdownGraceSeconds,
    metricsPort,
    metricsHost,
    publicUrl,
    dataDir,
    databaseUrl,
    makerName,
    secretKey,
    smtpUrl,
    mailFrom,
    staffEmailDomains,
    adminEmails,
    staffDefaultRoles,
    trustProxy,
    chromatofDownloadsUrl,
    firmwareSigningKey,
    downloadRecordsRetentionDays,
    draftExpiryDays,
    publishUploadDir,
    publishMaxFileBytes,
    telemetryRetentionDays,
    telemetryBatchesPerAddressPerMinute,
    telemetryEventsPerAddressPerDay,
    telemetryEventsPerDay,
    telemetryMinFreeDiskMb,
    reportErrors,
    logFormat,
    otelEndpoint,
    redisUrl,
    s3,
    fileDelivery,
    fileDeliveryAccelPrefix,
    supportUrl,
    supportEmail,
    makerLogo,
    oidc,
    csafSigningKey,
    csafIdPrefix,
    securityContact,
  };
}

const CSAF_SIGNING_KEY_ARMOR = /^-----BEGIN PGP PRIVATE KEY BLOCK-----[\s\S]+-----END PGP PRIVATE KEY BLOCK-----$/;
const CSAF_ID_PREFIX_PATTERN = /^[A-Z][A-Z0-9]{0,15}$/;

/** `ACME` from "Acme Instruments": the first word's letters and digits, upper case; `PORTAL` when none. */
function csafIdPrefixOf(makerName: string): string {
  const word = (makerName.split(/\s+/)[0] ?? '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 16);
  return /^[A-Z]/.test(word) ? word : 'PORTAL';
}

function securityContactIsValid(contact: string): boolean {
  if (CONTROL_CHARS.test(contact)) return false;
  if (contact.startsWith('mailto:')) return MAIL_ADDRESS.test(contact.slice('mailto:'.length));
  return !urlProblem(contact, ['https:']);
}

/**
 * The OIDC_ variables: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together or none
 * (then the optional ones must be unset too). The issuer is https, or http on a loopback
 * address only (a test's provider, a local Keycloak): elsewhere a plain-text issuer would
 * hand the portal's secret and people's tokens to anyone on the way.
 */
function readOidc(
  read: (name: string) => string | undefined,
  problem: (name: string, rule: string, value: string) => void,
  problems: string[],
  makerName: string,
): OidcConfig | undefined {
  const present = OIDC_REQUIRED.filter((name) => read(name) !== undefined);
  if (present.length === 0) {
    for (const name of OIDC_OPTIONAL) {
      if (read(name) !== undefined)
        problems.push(`${name} is set without OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET`);
    }
    return undefined;
  }
  if (present.length < OIDC_REQUIRED.length) {
    const missing = OIDC_REQUIRED.filter((name) => read(name) === undefined);
    problems.push(
      `Sign-in through an identity provider needs all of ${OIDC_REQUIRED.join(', ')}: ${missing.join(', ')} missing`,
    );
    return undefined;
  }
  const before = problems.length;
  const rawIssuer = read('OIDC_ISSUER')!.trim();
  const issuerIssue = oidcIssuerProblem(rawIssuer);
  if (issuerIssue) problem('OIDC_ISSUER', issuerIssue, rawIssuer);
  const clientId = read('OIDC_CLIENT_ID')!.trim();
  if (!/^[\x21-\x7e]{1,255}$/.test(clientId))
    problem('OIDC_CLIENT_ID', 'must be 1-255 printable characters without spaces', clientId);
  const clientSecret = read('OIDC_CLIENT_SECRET')!.trim();
  // A secret: name the rule, never echo the value.
  if (!/^[\x21-\x7e]{1,1024}$/.test(clientSecret)) {
    problems.push(
      `OIDC_CLIENT_SECRET must be 1-1024 printable characters without spaces (got ${clientSecret.length} characters)`,
    );
  }
  const name = read('OIDC_NAME')?.trim() ?? makerName;
  if (name.length === 0 || name.length > MAKER_NAME_MAX_CHARS || CONTROL_CHARS.test(name)) {
    problem('OIDC_NAME', `must be 1-${MAKER_NAME_MAX_CHARS} printable characters`, name);
  }
  const rawOnly = read('OIDC_ONLY')?.trim();
  if (rawOnly !== undefined && rawOnly !== 'true' && rawOnly !== 'false')
    problem('OIDC_ONLY', 'must be "true" or "false"', rawOnly);
  const rolesClaim = read('OIDC_ROLES_CLAIM')?.trim() ?? DEFAULT_OIDC_ROLES_CLAIM;
  if (!/^[A-Za-z0-9_:./-]{1,200}$/.test(rolesClaim)) {
    problem('OIDC_ROLES_CLAIM', 'must be a claim name such as "groups" (letters, digits, _ : . / -)', rolesClaim);
  }
  const rawRoleMap = read('OIDC_ROLE_MAP');
  let roleMap: OidcRoleMap | undefined;
  if (rawRoleMap !== undefined) {
    const parsed = parseOidcRoleMap(rawRoleMap);
    if (typeof parsed === 'string') problem('OIDC_ROLE_MAP', parsed, rawRoleMap);
    else roleMap = parsed;
  } else if (read('OIDC_ROLES_CLAIM') !== undefined) {
    problems.push('OIDC_ROLES_CLAIM is only used with OIDC_ROLE_MAP, which is not set');
  }
  let sessionHours = DEFAULT_OIDC_SESSION_HOURS;
  const rawSessionHours = read('OIDC_SESSION_HOURS');
  if (rawSessionHours !== undefined) {
    sessionHours = Number(rawSessionHours);
    if (!/^\d+$/.test(rawSessionHours) || sessionHours < 1 || sessionHours > OIDC_SESSION_MAX_HOURS) {
      problem('OIDC_SESSION_HOURS', `must be a whole number of hours, 1-${OIDC_SESSION_MAX_HOURS}`, rawSessionHours);
    }
  }
  if (problems.length > before) return undefined;
  return {
    issuer: new URL(rawIssuer),
    clientId,
    clientSecret,
    name,
    only: rawOnly === 'true',
    rolesClaim,
    roleMap,
    sessionHours,
  };
}

/** Why OIDC_ISSUER is refused, or undefined: https anywhere, http only on a loopback address. */
function oidcIssuerProblem(value: string): string | undefined {
  const rule = 'must be an https:// URL (http:// only on a loopback address such as 127.0.0.1 or localhost)';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return rule;
  }
  if (url.username || url.password || url.search || url.hash) return `${rule}, without credentials, query or fragment`;
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return undefined;
  return rule;
}

function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost') return true;
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1';
}

/**
 * `service=<group>,publisher=<group>,admin=<group>`: a role may appear more than once, one
 * group each time (a group name may not hold a comma). Any role of STAFF_ROLES is accepted.
 */
export function parseOidcRoleMap(raw: string): OidcRoleMap | string {
  const rule = `must be a comma-separated list of role=group (roles: ${STAFF_ROLES.join(', ')}), for example "publisher=portal-publishers,admin=portal-admins"`;
  const map: OidcRoleMap = {};
  const entries = raw.split(',').map((entry) => entry.trim());
  if (entries.length === 0 || entries.every((entry) => entry === '')) return rule;
  for (const entry of entries) {
    const at = entry.indexOf('=');
    if (at < 0) return rule;
    const role = entry.slice(0, at).trim().toLowerCase();
    const group = entry.slice(at + 1).trim();
    if (!isStaffRole(role)) return rule;
    if (group.length === 0 || group.length > 256 || CONTROL_CHARS.test(group)) return rule;
    const groups = (map[role] ??= []);
    if (!groups.includes(group)) groups.push(group);
  }
  return map;
}

/**
 * The S3_ variables: all five required ones or none (then S3_FORCE_PATH_STYLE must be unset
 * too). `named`: whether any required one is set, valid or not, so FILE_DELIVERY's rules
 * about S3 judge what was meant even when the bucket itself was refused.
 */
function readS3(
  read: (name: string) => string | undefined,
  problem: (name: string, rule: string, value: string) => void,
  problems: string[],
): { s3: S3Config | undefined; named: boolean } {
  const forcePathStyleRaw = read('S3_FORCE_PATH_STYLE')?.trim();
  const present = S3_REQUIRED.filter((name) => read(name) !== undefined);
  if (present.length === 0) {
    if (forcePathStyleRaw !== undefined)
      problems.push('S3_FORCE_PATH_STYLE is set without S3_ENDPOINT and the other S3_ variables');
    return { s3: undefined, named: false };
  }
  if (present.length < S3_REQUIRED.length) {
    const missing = S3_REQUIRED.filter((name) => read(name) === undefined);
    problems.push(`S3 storage needs all of ${S3_REQUIRED.join(', ')}: ${missing.join(', ')} missing`);
    return { s3: undefined, named: true };
  }
  const before = problems.length;
  const endpoint = read('S3_ENDPOINT')!.trim();
  const endpointIssue = urlProblem(endpoint, ['http:', 'https:']);
  if (endpointIssue) problem('S3_ENDPOINT', endpointIssue, redactUrl(endpoint));
  const bucket = read('S3_BUCKET')!.trim();
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) problem('S3_BUCKET', 'must be an S3 bucket name', bucket);
  const region = read('S3_REGION')!.trim();
  if (!/^[a-z0-9-]{1,64}$/.test(region)) problem('S3_REGION', 'must be a region name such as "us-east-1"', region);
  const accessKeyId = read('S3_ACCESS_KEY_ID')!.trim();
  if (!/^[\x21-\x7e]+$/.test(accessKeyId))
    problems.push('S3_ACCESS_KEY_ID must be printable characters without spaces');
  const secretAccessKey = read('S3_SECRET_ACCESS_KEY')!.trim();
  // A secret: name the rule, never echo the value.
  if (!/^[\x21-\x7e]+$/.test(secretAccessKey)) {
    problems.push(
      `S3_SECRET_ACCESS_KEY must be printable characters without spaces (got ${secretAccessKey.length} characters)`,
    );
  }
  if (forcePathStyleRaw !== undefined && forcePathStyleRaw !== 'true' && forcePathStyleRaw !== 'false') {
    problem('S3_FORCE_PATH_STYLE', 'must be "true" or "false"', forcePathStyleRaw);
  }
  if (problems.length > before) return { s3: undefined, named: true };
  return {
    s3: {
      endpoint: new URL(endpoint),
      region,
      bucket,
      accessKeyId,
      secretAccessKey,
      forcePathStyle: forcePathStyleRaw === 'true',
    },
    named: true,
  };
}

/** The logo file, or the rule it breaks: it must exist, be a file of at most MAKER_LOGO_MAX_BYTES, and be an SVG. */
function readMakerLogo(file: string): MakerLogo | string {
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) return 'must be the path of an SVG file';
    size = stat.size;
  } catch {
    return 'must be the path of an existing SVG file';
  }
  if (size === 0 || size > MAKER_LOGO_MAX_BYTES)
    return `must be an SVG file of at most ${MAKER_LOGO_MAX_BYTES / 1024} KB`;
  const svg = readFileSync(file);
  if (!isSvgDocument(svg.toString('utf8'))) return 'must be an SVG file (an <svg> element in UTF-8 text)';
  return { svg, version: createHash('sha256').update(svg).digest('base64url').slice(0, 16) };
}

/** UTF-8 text whose root element is <svg>, after an optional byte-order mark, XML declaration, comments and doctype. */
export function isSvgDocument(text: string): boolean {
  const prolog = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE svg[^>]*>\s*)*/i;
  const rest = text.replace(prolog, '');
  return /^<svg[\s>]/i.test(rest) && /<\/svg>\s*$/i.test(text) && !text.includes('\uFFFD');
}

function urlProblem(value: string, protocols: string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`;
  }
  if (!protocols.includes(url.protocol)) {
    return `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`;
  }
  return undefined;
}

/** `/v1/…`: a path on this site; `//host/…` names another host and is not one. */
function isSitePath(value: string): boolean {
  return /^\/(?!\/)[^\s\\]*$/.test(value) && !CONTROL_CHARS.test(value);
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

export function decodeKeyMaterial(value: string): Buffer | undefined {
  const trimmed = value.trim();
  const bytes =
    /^[0-9a-f]+$/i.test(trimmed) && trimmed.length % 2 === 0
      ? Buffer.from(trimmed, 'hex')
      : /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)
        ? Buffer.from(trimmed, 'base64url')
        : undefined;
  return bytes && bytes.length >= SECRET_KEY_MIN_BYTES ? bytes : undefined;
}

/** A database URL fit for logs and messages: the password replaced. */
export function redactUrl(value: string | URL): string {
  try {
    const url = new URL(value.toString());
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(not a URL)';
  }
}
