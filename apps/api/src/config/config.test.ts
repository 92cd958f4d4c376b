import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '@portal/contracts';
import { ConfigError, loadConfig } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/srv/portal');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('reads FIRMWARE_SIGNING_KEY as a 32-byte seed and refuses anything else without echoing it', () => {
    const seed = 'ab'.repeat(32);
    expect(loadConfig({ FIRMWARE_SIGNING_KEY: seed }, '/srv/portal').firmwareSigningKey).toEqual(
      Buffer.from(seed, 'hex'),
    );
    expect(loadConfig({}, '/srv/portal').firmwareSigningKey).toBeUndefined();
    const problems = problemsOf({ FIRMWARE_SIGNING_KEY: 'not-a-seed-abc' });
    expect(problems).toEqual([
      'FIRMWARE_SIGNING_KEY must be a 32-byte Ed25519 seed as 64 hex digits, for example from "openssl rand -hex 32" (got 14 characters)',
    ]);
    expect(problemsOf({ FIRMWARE_SIGNING_KEY: 'ab'.repeat(31) })).toHaveLength(1);
  });

  it('has working defaults for a first start', () => {
    const config = loadConfig({}, '/srv/portal');
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl.toString()).toBe('http://localhost:3000/');
    expect(config.dataDir).toBe('/srv/portal/data');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.secretKey).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe('software@localhost');
    expect(config.staffEmailDomains).toEqual(['example.com']);
  });

  it('reads the mail settings and the staff domains, lower-cased', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://portal:pw@mail.example.com:465',
      MAIL_FROM: 'software@example.org',
      STAFF_EMAIL_DOMAINS: ' Example.COM , lab.example.org',
      PUBLIC_URL: 'https://software.example.com',
    });
    expect(config.smtpUrl?.host).toBe('mail.example.com:465');
    expect(config.mailFrom).toBe('software@example.org');
    expect(config.staffEmailDomains).toEqual(['example.com', 'lab.example.org']);
    expect(loadConfig({ PUBLIC_URL: 'https://software.example.com' }).mailFrom).toBe('software@software.example.com');
  });

  it('refuses a bad mail address, domain list or SMTP URL without echoing its password', () => {
    expect(problemsOf({ MAIL_FROM: 'Software <software@example.com>' })).toEqual([
      'MAIL_FROM must be an e-mail address, got "Software <software@example.com>"',
    ]);
    expect(problemsOf({ STAFF_EMAIL_DOMAINS: 'example.com,*.example.org' })).toHaveLength(1);
    expect(problemsOf({ STAFF_EMAIL_DOMAINS: 'example.com,' })).toHaveLength(1);
    const [smtp] = problemsOf({ SMTP_URL: 'http://user:topsecret@mail.example.com' });
    expect(smtp).toMatch(/^SMTP_URL must be a URL starting with smtp:\/\/ or smtps:\/\//);
    expect(smtp).not.toContain('topsecret');
  });

  it('reads ADMIN_EMAILS canonicalised, and STAFF_DEFAULT_ROLES with service by default and empty for none', () => {
    const config = loadConfig({
      ADMIN_EMAILS: ' Ana@Example.com ,bo@example.com,ana@example.com',
      STAFF_DEFAULT_ROLES: 'publisher, service',
    });
    expect(config.adminEmails).toEqual(['ana@example.com', 'bo@example.com']);
    expect(config.staffDefaultRoles).toEqual(['publisher', 'service']);
    expect(loadConfig({}).adminEmails).toEqual([]);
    expect(loadConfig({}).staffDefaultRoles).toEqual(['service']);
    expect(loadConfig({ STAFF_DEFAULT_ROLES: '' }).staffDefaultRoles).toEqual([]);
  });

  it('refuses an unknown role, a malformed admin address or one outside STAFF_EMAIL_DOMAINS, one line each', () => {
    expect(problemsOf({ STAFF_DEFAULT_ROLES: 'service,root' })).toEqual([
      'STAFF_DEFAULT_ROLES must be a comma-separated list of the roles service, publisher, security, admin, got "root"',
    ]);
    expect(problemsOf({ ADMIN_EMAILS: 'ana@elsewhere.example' })).toEqual([
      'ADMIN_EMAILS must name addresses of STAFF_EMAIL_DOMAINS (example.com), got "ana@elsewhere.example"',
    ]);
    expect(problemsOf({ ADMIN_EMAILS: 'Ana <ana@example.com>' })).toHaveLength(1);
  });

  it('derives the public URL from PORT unless PUBLIC_URL says otherwise', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl.origin).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://software.example.com' }).publicUrl.origin).toBe(
      'https://software.example.com',
    );
  });

  it('names each bad variable on a line of its own', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual(['PORT must be an integer 1-65535, got "abc"']);
    expect(problemsOf({ PORT: '0', DATABASE_URL: 'mysql://db' })).toEqual([
      'PORT must be an integer 1-65535, got "0"',
      'DATABASE_URL must be a URL starting with postgres:// or postgresql://, got "mysql://db"',
    ]);
  });

  it('reads the operations settings: telemetry budgets, metrics listener, shutdown grace', () => {
    const config = loadConfig({}, '/srv/portal');
    expect(config).toMatchObject({
      telemetryBatchesPerAddressPerMinute: 60,
      telemetryEventsPerAddressPerDay: 20_000,
      telemetryEventsPerDay: 1_000_000,
      telemetryMinFreeDiskMb: 1024,
      metricsPort: undefined,
      metricsHost: '127.0.0.1',
      shutdownGraceSeconds: 10,
    });
    expect(
      loadConfig(
        { METRICS_PORT: '9464', TELEMETRY_MIN_FREE_DISK_MB: '0', SHUTDOWN_GRACE_SECONDS: '30' },
        '/srv/portal',
      ),
    ).toMatchObject({ metricsPort: 9464, telemetryMinFreeDiskMb: 0, shutdownGraceSeconds: 30 });
    expect(
      problemsOf({
        METRICS_PORT: '70000',
        TELEMETRY_EVENTS_PER_DAY: '0',
        TELEMETRY_EVENTS_PER_ADDRESS_PER_DAY: 'lots',
        TELEMETRY_BATCHES_PER_ADDRESS_PER_MINUTE: '1e9999',
        SHUTDOWN_GRACE_SECONDS: '0',
      }),
    ).toEqual([
      'SHUTDOWN_GRACE_SECONDS must be a whole number of seconds, 1-3600, got "0"',
      'METRICS_PORT must be an integer 1-65535, got "70000"',
      'TELEMETRY_BATCHES_PER_ADDRESS_PER_MINUTE must be a whole number of batches, 1-1000000, got "1e9999"',
      'TELEMETRY_EVENTS_PER_ADDRESS_PER_DAY must be a whole number of events, 1-1000000000, got "lots"',
      'TELEMETRY_EVENTS_PER_DAY must be a whole number of events, 1-1000000000, got "0"',
    ]);
  });

  it('never repeats a secret in its messages', () => {
    const [problem] = problemsOf({ SECRET_KEY: 'hunter2' });
    expect(problem).toMatch(/^SECRET_KEY must be at least 32 bytes/);
    expect(problem).not.toContain('hunter2');
    const [urlProblem] = problemsOf({ DATABASE_URL: 'mysql://user:pw@db/portal' });
    expect(urlProblem).not.toContain(':pw@');
  });

  it('accepts SECRET_KEY as 256 bits of hex or base64', () => {
    expect(loadConfig({ SECRET_KEY: 'ab'.repeat(32) }).secretKey).toHaveLength(32);
    expect(loadConfig({ SECRET_KEY: Buffer.alloc(48, 7).toString('base64url') }).secretKey).toHaveLength(48);
    expect(problemsOf({ SECRET_KEY: 'ab'.repeat(31) })).toHaveLength(1);
  });

  it('reads REDIS_URL as the shared store of the limits, and names a bad one without its password', () => {
    const config = loadConfig({ REDIS_URL: 'redis://:hunter2@cache.example.com:6379/2' });
    expect(config.redisUrl?.host).toBe('cache.example.com:6379');
    expect(loadConfig({}).redisUrl).toBeUndefined();
    const [problem] = problemsOf({ REDIS_URL: 'http://:hunter2@cache.example.com' });
    expect(problem).toMatch(/^REDIS_URL must be a URL starting with redis:\/\/ or rediss:\/\//);
    expect(problem).not.toContain('hunter2');
  });
});

describe('trusted proxies and retention', () => {
  it('reads TRUST_PROXY as addresses and CIDR ranges, none by default', () => {
    expect(loadConfig({}, '/srv/portal').trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8' }, '/srv/portal').trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
    ]);
  });

  it('names a TRUST_PROXY entry that is not an address or a range', () => {
    for (const bad of ['proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/2', '*']) {
      expect(problemsOf({ TRUST_PROXY: bad })).toEqual([expect.stringMatching(/^TRUST_PROXY must be/)]);
    }
  });

  it('keeps a publishing draft 7 days after its last change unless told otherwise', () => {
    expect(loadConfig({}, '/srv/portal').draftExpiryDays).toBe(7);
    expect(loadConfig({ DRAFT_EXPIRY_DAYS: '30' }, '/srv/portal').draftExpiryDays).toBe(30);
    for (const bad of ['0', '1e9999', 'seven', '-1', '36501']) {
      expect(problemsOf({ DRAFT_EXPIRY_DAYS: bad })).toEqual([expect.stringMatching(/^DRAFT_EXPIRY_DAYS must be/)]);
    }
  });

  it('receives uploads into DATA_DIR/uploads unless told otherwise, and refuses files past 8 GiB unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: 'data' }, '/srv/portal').publishUploadDir).toBe('/srv/portal/data/uploads');
    expect(loadConfig({ PUBLISH_UPLOAD_DIR: '/shared/uploads' }, '/srv/portal').publishUploadDir).toBe(
      '/shared/uploads',
    );
    expect(problemsOf({ PUBLISH_UPLOAD_DIR: 'up\u0000loads' })).toEqual([
      expect.stringMatching(/^PUBLISH_UPLOAD_DIR must be/),
    ]);
    expect(loadConfig({}, '/srv/portal').publishMaxFileBytes).toBe(8_589_934_592);
    expect(loadConfig({ PUBLISH_MAX_FILE_BYTES: '1048576' }, '/srv/portal').publishMaxFileBytes).toBe(1_048_576);
    for (const bad of ['0', '-1', '1.5', '8GiB', '9007199254740993']) {
      expect(problemsOf({ PUBLISH_MAX_FILE_BYTES: bad })).toEqual([
        expect.stringMatching(/^PUBLISH_MAX_FILE_BYTES must be/),
      ]);
    }
  });

  it('keeps download records 400 days unless told otherwise', () => {
    expect(loadConfig({}, '/srv/portal').downloadRecordsRetentionDays).toBe(400);
    expect(loadConfig({ DOWNLOAD_RECORDS_RETENTION_DAYS: '30' }, '/srv/portal').downloadRecordsRetentionDays).toBe(30);
    expect(problemsOf({ DOWNLOAD_RECORDS_RETENTION_DAYS: '0' })).toEqual([
      expect.stringMatching(/^DOWNLOAD_RECORDS_RETENTION_DAYS must be/),
    ]);
  });

  it('keeps telemetry 400 days unless told otherwise, and reports errors only when REPORT_ERRORS is true', () => {
    const defaults = loadConfig({}, '/srv/portal');
    expect(defaults.telemetryRetentionDays).toBe(400);
    expect(defaults.reportErrors).toBe(false);
    expect(loadConfig({ TELEMETRY_RETENTION_DAYS: '90', REPORT_ERRORS: 'true' }, '/srv/portal')).toMatchObject({
      telemetryRetentionDays: 90,
      reportErrors: true,
    });
    expect(problemsOf({ TELEMETRY_RETENTION_DAYS: '1.5' })).toEqual([
      'TELEMETRY_RETENTION_DAYS must be a whole number of days, 1-36500, got "1.5"',
    ]);
    expect(problemsOf({ REPORT_ERRORS: 'yes' })).toEqual(['REPORT_ERRORS must be "true" or "false", got "yes"']);
  });
});

describe('CHROMATOF_DOWNLOADS_URL', () => {
  it("starts the ChromaTOF download lookup at the portal's own endpoint unless told otherwise", () => {
    expect(loadConfig({}, '/srv/portal').chromatofDownloadsUrl).toBe('/v1/chromatof/downloads');
    expect(
      loadConfig({ CHROMATOF_DOWNLOADS_URL: 'https://downloads.example.com/chromatof' }, '/srv/portal')
        .chromatofDownloadsUrl,
    ).toBe('https://downloads.example.com/chromatof');
  });

  it('takes a path on this site or an http(s) URL, nothing else', () => {
    for (const bad of ['downloads', '//evil.example/x', 'ftp://downloads.example.com/', 'javascript:alert(1)']) {
      expect(problemsOf({ CHROMATOF_DOWNLOADS_URL: bad }), bad).toEqual([
        expect.stringMatching(/^CHROMATOF_DOWNLOADS_URL must be/),
      ]);
    }
  });

  it('reads LOG_FORMAT and OTEL_EXPORTER_OTLP_ENDPOINT, refusing anything else without echoing a password', () => {
    expect(loadConfig({}, '/srv/portal').logFormat).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: 'json' }, '/srv/portal').logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, '/srv/portal').logFormat).toBe('pretty');
    expect(problemsOf({ LOG_FORMAT: 'JSON' })).toEqual(['LOG_FORMAT must be "json" or "pretty", got "JSON"']);

    expect(loadConfig({}, '/srv/portal').otelEndpoint).toBeUndefined();
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector.internal:4318' }, '/srv/portal').otelEndpoint?.href,
    ).toBe('http://collector.internal:4318/');
    expect(problemsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toEqual([
      'OTEL_EXPORTER_OTLP_ENDPOINT must be a URL starting with http:// or https://, got "collector:4318"',
    ]);
    expect(problemsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://otel:secret@collector:4317' })).toEqual([
      'OTEL_EXPORTER_OTLP_ENDPOINT must be a URL starting with http:// or https://, got "grpc://otel:***@collector:4317"',
    ]);
  });
});

describe('object storage and file delivery', () => {
  const S3 = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_REGION: 'us-east-1',
    S3_BUCKET: 'portal-files',
    S3_ACCESS_KEY_ID: 'portal',
    S3_SECRET_ACCESS_KEY: 'not-a-real-secret-1234',
  };

  it('keeps local files streamed by the portal when no S3 variable is set', () => {
    const config = loadConfig({}, '/srv/portal');
    expect(config.s3).toBeUndefined();
    expect(config.fileDelivery).toBe('stream');
  });

  it('switches to the bucket with all five S3 variables, redirecting by default and path style only when asked', () => {
    const config = loadConfig(S3, '/srv/portal');
    expect(config.s3).toMatchObject({ region: 'us-east-1', bucket: 'portal-files', forcePathStyle: false });
    expect(config.s3?.endpoint.toString()).toBe('http://127.0.0.1:9000/');
    expect(config.fileDelivery).toBe('redirect');
    expect(loadConfig({ ...S3, S3_FORCE_PATH_STYLE: 'true' }, '/srv/portal').s3?.forcePathStyle).toBe(true);
    expect(loadConfig({ ...S3, FILE_DELIVERY: 'stream' }, '/srv/portal').fileDelivery).toBe('stream');
  });

  it('refuses some S3 variables without the others, naming the missing ones', () => {
    const { S3_BUCKET: _bucket, S3_SECRET_ACCESS_KEY: _secret, ...partial } = S3;
    expect(problemsOf(partial)).toEqual([
      'S3 storage needs all of S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: S3_BUCKET, S3_SECRET_ACCESS_KEY missing',
    ]);
    expect(problemsOf({ S3_FORCE_PATH_STYLE: 'true' })).toEqual([
      'S3_FORCE_PATH_STYLE is set without S3_ENDPOINT and the other S3_ variables',
    ]);
  });

  it('names bad S3 values without echoing the secret', () => {
    const problems = problemsOf({
      ...S3,
      S3_ENDPOINT: 'ftp://files.example.com',
      S3_BUCKET: 'Portal_Files',
      S3_SECRET_ACCESS_KEY: 'has a space',
      S3_FORCE_PATH_STYLE: 'yes',
    });
    expect(problems).toEqual([
      'S3_ENDPOINT must be a URL starting with http:// or https://, got "ftp://files.example.com/"',
      'S3_BUCKET must be an S3 bucket name, got "Portal_Files"',
      'S3_SECRET_ACCESS_KEY must be printable characters without spaces (got 11 characters)',
      'S3_FORCE_PATH_STYLE must be "true" or "false", got "yes"',
    ]);
    expect(problems.join('\n')).not.toContain('has a space');
  });

  it('allows only the delivery modes that fit the storage', () => {
    expect(problemsOf({ FILE_DELIVERY: 'sendfile' })).toEqual([
      'FILE_DELIVERY must be one of stream, redirect, accel, got "sendfile"',
    ]);
    expect(problemsOf({ FILE_DELIVERY: 'redirect' })).toEqual([
      'FILE_DELIVERY=redirect needs an S3 bucket (S3_ENDPOINT and the other S3_ variables)',
    ]);
    expect(problemsOf({ ...S3, FILE_DELIVERY: 'accel' })).toEqual([
      'FILE_DELIVERY=accel serves local files through nginx and cannot be used with S3_ENDPOINT',
    ]);
    const accel = loadConfig({ FILE_DELIVERY: 'accel' }, '/srv/portal');
    expect(accel.fileDelivery).toBe('accel');
    expect(accel.fileDeliveryAccelPrefix).toBe('/_portal-files/');
    expect(
      loadConfig({ FILE_DELIVERY: 'accel', FILE_DELIVERY_ACCEL_PREFIX: '/internal/files/' }, '/srv/portal')
        .fileDeliveryAccelPrefix,
    ).toBe('/internal/files/');
    expect(problemsOf({ FILE_DELIVERY: 'accel', FILE_DELIVERY_ACCEL_PREFIX: '/files' })).toHaveLength(1);
    expect(problemsOf({ FILE_DELIVERY_ACCEL_PREFIX: '/internal/' })).toEqual([
      'FILE_DELIVERY_ACCEL_PREFIX is only used with FILE_DELIVERY=accel',
    ]);
  });
});

describe('SUPPORT_URL and SUPPORT_EMAIL', () => {
  it('are absent unless set, and taken trimmed when they are', () => {
    expect(loadConfig({}, '/srv/portal')).toMatchObject({ supportUrl: undefined, supportEmail: undefined });
    expect(
      loadConfig(
        { SUPPORT_URL: ' https://support.example.com/contact ', SUPPORT_EMAIL: 'support@example.com ' },
        '/srv/portal',
      ),
    ).toMatchObject({ supportUrl: 'https://support.example.com/contact', supportEmail: 'support@example.com' });
  });

  it('take only an https URL and one e-mail address', () => {
    for (const bad of ['http://support.example.com/', 'support.example.com', 'javascript:alert(1)', '/contact']) {
      expect(problemsOf({ SUPPORT_URL: bad }), bad).toEqual([
        `SUPPORT_URL must be a URL starting with https://, got ${JSON.stringify(bad)}`,
      ]);
    }
    for (const bad of ['support', 'a@b@c', 'support@example.com, sales@example.com', '<support@example.com>']) {
      expect(problemsOf({ SUPPORT_EMAIL: bad }), bad).toEqual([
        `SUPPORT_EMAIL must be an e-mail address, got ${JSON.stringify(bad)}`,
      ]);
    }
  });

  describe('sign-in through an identity provider (OIDC_*)', () => {
    const OIDC = {
      OIDC_ISSUER: 'https://login.example.com/realms/staff',
      OIDC_CLIENT_ID: 'software-portal',
      OIDC_CLIENT_SECRET: 's3cret-value-never-echoed',
    };

    it('reads the three core variables with defaults for the rest', () => {
      expect(loadConfig({}, '/srv/portal').oidc).toBeUndefined();
      const oidc = loadConfig({ ...OIDC, MAKER_NAME: 'Contoso' }, '/srv/portal').oidc;
      expect(oidc).toEqual({
        issuer: new URL(OIDC.OIDC_ISSUER),
        clientId: 'software-portal',
        clientSecret: 's3cret-value-never-echoed',
        name: 'Contoso',
        only: false,
        rolesClaim: 'groups',
        roleMap: undefined,
        sessionHours: 12,
      });
    });

    it('reads the role map: any role of STAFF_ROLES, several groups per role', () => {
      const oidc = loadConfig(
        {
          ...OIDC,
          OIDC_NAME: 'Contoso',
          OIDC_ONLY: 'true',
          OIDC_ROLES_CLAIM: 'roles',
          OIDC_ROLE_MAP: 'service=field-service, service=Support Team,publisher=portal-publishers,ADMIN=it/admins',
          OIDC_SESSION_HOURS: '8',
        },
        '/srv/portal',
      ).oidc;
      expect(oidc).toMatchObject({
        name: 'Contoso',
        only: true,
        rolesClaim: 'roles',
        sessionHours: 8,
        roleMap: { service: ['field-service', 'Support Team'], publisher: ['portal-publishers'], admin: ['it/admins'] },
      });
    });

    it('takes http only on a loopback address, and says so at start-up', () => {
      for (const issuer of ['http://127.0.0.1:4000', 'http://localhost:8080/realms/x', 'http://[::1]:9000'])
        expect(problemsOf({ ...OIDC, OIDC_ISSUER: issuer })).toEqual([]);
      for (const issuer of [
        'http://login.example.com',
        'http://10.0.0.5',
        'ftp://login.example.com',
        'login.example.com',
      ]) {
        expect(problemsOf({ ...OIDC, OIDC_ISSUER: issuer })).toEqual([
          `OIDC_ISSUER must be an https:// URL (http:// only on a loopback address such as 127.0.0.1 or localhost), got ${JSON.stringify(issuer)}`,
        ]);
      }
    });

    it('wants the core three together, and no optional one without them', () => {
      const { OIDC_CLIENT_SECRET: _secret, ...partial } = OIDC;
      expect(problemsOf(partial)).toEqual([
        'Sign-in through an identity provider needs all of OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: OIDC_CLIENT_SECRET missing',
      ]);
      expect(problemsOf({ OIDC_ONLY: 'true', OIDC_ROLE_MAP: 'admin=x' })).toEqual([
        'OIDC_ONLY is set without OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
        'OIDC_ROLE_MAP is set without OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
      ]);
      expect(problemsOf({ ...OIDC, OIDC_ROLES_CLAIM: 'roles' })).toEqual([
        'OIDC_ROLES_CLAIM is only used with OIDC_ROLE_MAP, which is not set',
      ]);
    });

    it('names bad values without echoing the client secret', () => {
      const problems = problemsOf({
        ...OIDC,
        OIDC_CLIENT_SECRET: 'has a space',
        OIDC_ONLY: 'yes',
        OIDC_ROLE_MAP: 'superuser=it-admins',
        OIDC_SESSION_HOURS: '1e9999',
      });
      expect(problems).toEqual([
        'OIDC_CLIENT_SECRET must be 1-1024 printable characters without spaces (got 11 characters)',
        'OIDC_ONLY must be "true" or "false", got "yes"',
        `OIDC_ROLE_MAP must be a comma-separated list of role=group (roles: ${STAFF_ROLES.join(', ')}), for example "publisher=portal-publishers,admin=portal-admins", got "superuser=it-admins"`,
        'OIDC_SESSION_HOURS must be a whole number of hours, 1-2208, got "1e9999"',
      ]);
      for (const map of ['admin', 'admin=', '=group', ',', 'admin=a,,publisher=b'])
        expect(problemsOf({ ...OIDC, OIDC_ROLE_MAP: map })).toHaveLength(1);
      for (const hours of ['0', '2209', 'Infinity', '9'.repeat(400), '-1', '1.5'])
        expect(problemsOf({ ...OIDC, OIDC_SESSION_HOURS: hours })).toHaveLength(1);
      expect(problemsOf({ ...OIDC, OIDC_ISSUER: 'https://user:pw@login.example.com' })).toHaveLength(1);
    });
  });
});
