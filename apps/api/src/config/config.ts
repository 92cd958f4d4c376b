import path from 'node:path';

/**
 * The portal's whole configuration, read from the environment once at start-up.
 * Every variable of docs/configuration.md is validated here; a bad value stops start-up
 * with one line per problem naming the variable.
 */
export interface Config {
  port: number;
  host: string;
  publicUrl: URL;
  dataDir: string;
  /** An external PostgreSQL server; without it the portal runs its own embedded one. */
  databaseUrl: URL | undefined;
  makerName: string;
  /** Key material from SECRET_KEY; when unset it is generated into DATA_DIR (see secret-key.ts). */
  secretKey: Buffer | undefined;
  /** Variables the schema validates but whose feature has not shipped yet: start-up warns about them. */
  notYetUsed: string[];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const MAKER_NAME_MAX_CHARS = 80;
const SECRET_KEY_MIN_BYTES = 32;
const CONTROL_CHARS = /\p{Cc}/u;

/** Validated but not used by any shipped feature yet; each arrives with its feature. */
const RESERVED_VARIABLES: Record<string, (value: string) => string | undefined> = {
  SMTP_URL: (v) => urlProblem(v, ['smtp:', 'smtps:']),
  MAIL_FROM: (v) => (/^[^@\s]+@[^@\s]+$/.test(v) ? undefined : 'must be an e-mail address'),
  STAFF_EMAIL_DOMAINS: (v) =>
    v.split(',').every((d) => /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(d.trim()))
      ? undefined
      : 'must be a comma-separated list of domains, for example "example.com,example.org"',
  REDIS_URL: (v) => urlProblem(v, ['redis:', 'rediss:']),
  S3_ENDPOINT: (v) => urlProblem(v, ['http:', 'https:']),
  S3_BUCKET: (v) => (/^[a-z0-9.-]{3,63}$/.test(v) ? undefined : 'must be an S3 bucket name'),
  S3_REGION: (v) => (v.trim() ? undefined : 'must not be empty'),
  S3_ACCESS_KEY_ID: (v) => (v.trim() ? undefined : 'must not be empty'),
  S3_SECRET_ACCESS_KEY: (v) => (v.trim() ? undefined : 'must not be empty'),
  REPORT_ERRORS: (v) => (v === 'true' || v === 'false' ? undefined : 'must be "true" or "false"'),
};

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

  const notYetUsed: string[] = [];
  for (const [name, check] of Object.entries(RESERVED_VARIABLES)) {
    const value = read(name);
    if (value === undefined) continue;
    const issue = check(value);
    if (issue) problem(name, issue, name.includes('SECRET') ? '…' : value);
    else notYetUsed.push(name);
  }

  if (problems.length > 0) throw new ConfigError(problems);
  publicUrl ??= new URL(`http://localhost:${port}`);
  return { port, host, publicUrl, dataDir, databaseUrl, makerName, secretKey, notYetUsed };
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
