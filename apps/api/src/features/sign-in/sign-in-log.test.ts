import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/config';
import { blobStoreOf } from '../../plugins/blob-store';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';

/** The portal as server.ts runs it, with its log captured line by line. */
// Portals of one database share its SECRET_KEY (the CSAF signing key kept there is sealed with it).
const secretKey = randomBytes(32);

async function portalWithLog(env: Record<string, string>, database: TestDatabase) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const config = loadConfig(env);
  const app = await buildApp(
    {
      config,
      db: database.db,
      pool: database.pool,
      secretKey,
      blobStore: blobStoreOf(config.dataDir),
    },
    { logger: { level: 'info', stream } },
  );
  const requestLink = (email: string) =>
    app.inject({ method: 'PUT', url: '/v1/auth/redirects/requests', payload: { email, redirectPath: '/' } });
  return { app, log: () => lines.join(''), requestLink };
}

describe('the sign-in link in the server log', () => {
  let database: TestDatabase;
  let dataDir: string;
  let smtp: SMTPServer;
  let smtpPort: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-log-'));
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => stream.on('end', () => callback()).resume(),
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is logged with the outbox file when mail goes to the outbox (development)', async () => {
    const portal = await portalWithLog({ DATA_DIR: dataDir, STAFF_EMAIL_DOMAINS: 'company.example' }, database);
    expect((await portal.requestLink('dev@company.example')).statusCode).toBe(200);
    expect(portal.log()).toMatch(
      /Sign-in mail written to .*outbox.*\.eml; link: http:\/\/localhost:3000\/auth\?bearer=/,
    );
    await portal.app.close();
  });

  it('is never logged when mail goes over SMTP', async () => {
    const portal = await portalWithLog(
      { DATA_DIR: dataDir, STAFF_EMAIL_DOMAINS: 'company.example', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
      database,
    );
    expect((await portal.requestLink('prod@company.example')).statusCode).toBe(200);
    expect(portal.log()).not.toContain('bearer=');
    expect(portal.log()).not.toContain('/auth?');
    await portal.app.close();
  });
});
