import { freePort, removeDataDir, SEED_DATA_DIR_ENV, startPortal } from '../test-kit/portal-process';

export const E2E_MAKER_NAME = 'Example Instruments';
/** Staff addresses of the end-to-end tests end in @E2E_STAFF_DOMAIN. */
export const E2E_STAFF_DOMAIN = 'company.example';
/**
 * The administrators of the end-to-end portal (ADMIN_EMAILS): one per spec that needs one, as
 * only the newest sign-in link of an address works and specs run side by side.
 */
export const E2E_ADMINS = {
  staffRoles: `e2e-admin-roles@${E2E_STAFF_DOMAIN}`,
  usage: `e2e-admin-usage@${E2E_STAFF_DOMAIN}`,
  publishing: `e2e-admin-publishing@${E2E_STAFF_DOMAIN}`,
  publishingDrafts: `e2e-admin-drafts@${E2E_STAFF_DOMAIN}`,
  sboms: `e2e-admin-sboms@${E2E_STAFF_DOMAIN}`,
  narrowScreens: `e2e-admin-narrow@${E2E_STAFF_DOMAIN}`,
  securityAdvisories: `e2e-admin-security@${E2E_STAFF_DOMAIN}`,
  apiTokens: `e2e-admin-tokens@${E2E_STAFF_DOMAIN}`,
  uploadDrops: `e2e-admin-drops@${E2E_STAFF_DOMAIN}`,
  sendWhileHashing: `e2e-admin-hashing@${E2E_STAFF_DOMAIN}`,
} as const;

/** One portal for the browser tests: the production build, a temporary DATA_DIR, a free port. */
export default async function globalSetup() {
  const port = String(await freePort());
  // The seed for the portals specs start of their own, first-started beside the shared one.
  const seeding = startPortal().then(async (portal) => {
    if ((await portal.stop()) !== 0) throw new Error(`The seed portal stopped badly:\n${portal.output()}`);
    return portal.dataDir;
  });
  const portal = await startPortal({
    // PUBLIC_URL is where the links in mail lead: the very origin the browser tests use.
    env: {
      PORT: port,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      MAKER_NAME: E2E_MAKER_NAME,
      // example.com: the demo catalogue's staff address (docs/demo-data.md) manages registrations.
      STAFF_EMAIL_DOMAINS: `${E2E_STAFF_DOMAIN},example.com`,
      // Everyone else who signs in gets STAFF_DEFAULT_ROLES' default, service (docs/staff-roles.md).
      ADMIN_EMAILS: Object.values(E2E_ADMINS).join(','),
      // Every page of every spec comes from 127.0.0.1: to the portal, one address for what are
      // many visitors, like a lab behind one NAT address (the default's 60 a minute is ~15 browsers).
      TELEMETRY_BATCHES_PER_ADDRESS_PER_MINUTE: '6000',
    },
  });
  const seed = await seeding;
  process.env.PORTAL_URL = portal.url;
  process.env.PORTAL_DATA_DIR = portal.dataDir;
  process.env[SEED_DATA_DIR_ENV] = seed;
  return async () => {
    await portal.stop();
    await removeDataDir(portal.dataDir);
    await removeDataDir(seed);
  };
}
