import { rm } from 'node:fs/promises';
import { startPortal } from './portal-process';

export const E2E_MAKER_NAME = 'Example Instruments';

/** One portal for the browser tests: the production build, a temporary DATA_DIR, a free port. */
export default async function globalSetup() {
  const portal = await startPortal({ env: { MAKER_NAME: E2E_MAKER_NAME } });
  process.env.PORTAL_URL = portal.url;
  process.env.PORTAL_DATA_DIR = portal.dataDir;
  return async () => {
    await portal.stop();
    await rm(portal.dataDir, { recursive: true, force: true });
  };
}
