import type { StaffRole } from '@portal/contracts';
import type { FastifyServerOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { importFolder } from '../src/features/publishing/publishing';
import { importDemoAdvisories } from '../src/features/security-advisories/demo-advisories';
import { DEMO_CATALOGUE_DIR } from '../src/paths';
import { staffMembers } from '../src/shared/staff-members';
import { issueStaffSession } from '../src/shared/staff-sessions';
import { createTestApp, type TestApp } from './test-app';

/** Credentials of the demo catalogue (docs/demo-data.md), as Authorization headers. */
export const DEMO = {
  CS: 'Hasp id=DEMO-CS-1001',
  ONH: 'Hasp id=DEMO-ONH-1002',
  DEV: 'Hasp id=DEMO-DEV-1003',
  DEMO: 'Hasp id=DEMO-DEMO-1004',
  KEY: 'Rainbow id=DEMO-KEY-2001',
} as const;

/** The demo staff address; an administrator in these tests (ADMIN_EMAILS), so it may use every staff route. */
export const DEMO_STAFF_EMAIL = 'staff@example.com';

/** A test app with the demo catalogue published and a signed-in staff member; set up before the file's tests. */
export class DemoPortal {
  portal!: TestApp;
  dataDir!: string;
  /** `Bearer …` of a signed-in staff member. */
  staff!: string;
  private nextAddress = 1;

  /** Each test asks from an address of its own, so the guessing brake of one never touches another. */
  freshClient = () => `198.51.100.${this.nextAddress++}`;

  /** `Bearer …` of a new session of `email`, who holds exactly `roles` (a staff member row is written). */
  signIn = async (email: string, roles: StaffRole[]) => {
    const { db } = this.portal.database;
    await db
      .insert(staffMembers)
      .values({ email, roles })
      .onConflictDoUpdate({ target: staffMembers.email, set: { roles } });
    this.portal.app.staffRoles.forget(email);
    return `Bearer ${(await issueStaffSession(db, this.portal.app.secretKey, email)).bearer}`;
  };

  get = (url: string, authorization?: string, { remoteAddress = '192.0.2.1', headers = {} } = {}) =>
    this.portal.app.inject({
      method: 'GET',
      url,
      remoteAddress,
      headers: { ...(authorization ? { authorization } : {}), ...headers },
    });
}

export function useDemoPortal({
  env = {},
  options,
}: {
  env?: Record<string, string>;
  /** Fastify options: a logger whose lines the test reads (test/captured-log.ts); without, the log is silent. */
  options?: FastifyServerOptions;
} = {}): DemoPortal {
  const demo = new DemoPortal();
  beforeAll(async () => {
    demo.portal = await createTestApp({ withDataDir: true, env: { ADMIN_EMAILS: DEMO_STAFF_EMAIL, ...env }, options });
    demo.dataDir = demo.portal.dataDir;
    if (!options?.logger) demo.portal.app.log.level = 'silent';
    const { db } = demo.portal.database;
    await importFolder(DEMO_CATALOGUE_DIR, {
      db,
      secretKey: demo.portal.app.secretKey,
      blobStore: demo.portal.app.blobStore,
    });
    await importDemoAdvisories(DEMO_CATALOGUE_DIR, {
      db,
      secretKey: demo.portal.app.secretKey,
      config: demo.portal.app.config,
    });
    demo.staff = `Bearer ${(await issueStaffSession(db, demo.portal.app.secretKey, DEMO_STAFF_EMAIL)).bearer}`;
  });
  afterAll(() => demo.portal.close());
  return demo;
}

/** Publishing for tests outside the publishing feature, which may not import it themselves. */
export { importFolder };
