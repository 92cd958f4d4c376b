import { EVERY_PUBLISHED_FILE } from '../../test-kit/published-files.ts';
import { embeddedDatabase, startPortal } from '../../test-kit/portal-process.ts';
import { signInWithRoles } from '../../test-kit/staff-session.ts';

const DOMAIN = 'bench.example';

/**
 * A portal with a staff member holding exactly `roles` signed in, the one staff sign-in of
 * the benches: an administrator invites an address with those roles, which signs in (the
 * browser door's caller). The portal starts on `dataDir` when given (a folder a bench
 * prepared, e.g. a catalogue imported before the first start), else on a new one, where
 * start-up imports the demo catalogue. Answers the portal (close it); `api(method, path,
 * body?)`, a JSON call as the staff member that throws on any answer but 2xx; `headers` and
 * `bearer`, the staff member's session (for an upload client, a browser); and `database()`,
 * a client of the portal's embedded PostgreSQL (end it), for a bench that writes rows the
 * product's doors would take minutes to.
 */
export async function startPortalWithStaff({ roles, dataDir } = {}) {
  const admin = `bench-admin@${DOMAIN}`;
  const portal = await startPortal({ dataDir, env: { STAFF_EMAIL_DOMAINS: DOMAIN, ADMIN_EMAILS: admin } });
  try {
    const staff = await signInWithRoles({
      origin: portal.url,
      dataDir: portal.dataDir,
      admin,
      email: `bench-${roles.join('-')}@${DOMAIN}`,
      roles,
    });
    const api = async (method, path, body) => {
      const response = await fetch(new URL(path, portal.url), {
        method,
        headers: { ...staff.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 2_000)}`);
      return JSON.parse(text);
    };
    return {
      portal,
      api,
      headers: staff.headers,
      bearer: staff.bearer,
      database: () => embeddedDatabase(portal.dataDir),
    };
  } catch (error) {
    await portal.close();
    throw error;
  }
}

/**
 * A portal on the demo catalogue with a publisher signed in (startPortalWithStaff with only
 * the `publisher` role), and `storedPib`, a live PIB file of the demo catalogue that a draft
 * may name by its SHA-256, so nothing is uploaded.
 */
export async function startPortalWithPublisher() {
  const staffed = await startPortalWithStaff({ roles: ['publisher'] });
  try {
    const { files } = await staffed.api('GET', EVERY_PUBLISHED_FILE);
    const storedPib = files.find((file) => file.withdrawn === null && file.uses.some((use) => use.section === 'pibs'));
    if (!storedPib) throw new Error('the demo catalogue has no live PIB file to name');
    return { ...staffed, storedPib };
  } catch (error) {
    await staffed.portal.close();
    throw error;
  }
}
