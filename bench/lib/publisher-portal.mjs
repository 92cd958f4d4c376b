import { EVERY_PUBLISHED_FILE } from '../../test-kit/published-files.ts';
import { startPortal } from '../../test-kit/portal-process.ts';
import { signInWithRoles } from '../../test-kit/staff-session.ts';

const DOMAIN = 'bench.example';

/**
 * A portal on the demo catalogue with a publisher signed in: an administrator invites an
 * address with only the `publisher` role, which signs in (the browser door's caller).
 * Answers the portal (close it), `api(method, path, body?)`, a JSON call as the publisher
 * that throws on any answer but 2xx, and `storedPib`, a live PIB file of the demo catalogue
 * that a draft may name by its SHA-256, so nothing is uploaded; `bearer`, the publisher's
 * session for a browser.
 */
export async function startPortalWithPublisher() {
  const admin = `bench-admin@${DOMAIN}`;
  const portal = await startPortal({ env: { STAFF_EMAIL_DOMAINS: DOMAIN, ADMIN_EMAILS: admin } });
  try {
    const publisher = await signInWithRoles({
      origin: portal.url,
      dataDir: portal.dataDir,
      admin,
      email: `bench-publisher@${DOMAIN}`,
      roles: ['publisher'],
    });
    const api = async (method, path, body) => {
      const response = await fetch(new URL(path, portal.url), {
        method,
        headers: { ...publisher.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return JSON.parse(text);
    };
    const { files } = await api('GET', EVERY_PUBLISHED_FILE);
    const storedPib = files.find((file) => file.withdrawn === null && file.uses.some((use) => use.section === 'pibs'));
    if (!storedPib) throw new Error('the demo catalogue has no live PIB file to name');
    return { portal, api, storedPib, bearer: publisher.bearer };
  } catch (error) {
    await portal.close();
    throw error;
  }
}
