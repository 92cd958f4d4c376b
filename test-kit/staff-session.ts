import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { PEOPLE_PATHS, SIGN_IN_PATHS, type StaffRole } from '@portal/contracts';
import { waitForSignInLink } from './outbox';

export interface StaffSignIn {
  email: string;
  /** The session bearer the portal handed out. */
  bearer: string;
  /** `{ authorization: 'Bearer …' }`, for API calls as this staff member. */
  headers: { authorization: string };
}

/**
 * A loopback address of `email`'s own (127.x.y.z, never 127.0.0.1): a test that signs many
 * people in sends each one's requests from a machine of its own, as in life.
 */
export function loopbackAddressOf(email: string): string {
  const [a = 0, b = 0, c = 0] = createHash('sha256').update(email).digest();
  return `127.${a}.${b}.${c === 0 || c === 255 ? 7 : c}`;
}

/**
 * Signs a staff member in through the API and the outbox, with no browser: asks `requestAt`
 * for a sign-in link (PUT /v1/auth/redirects/requests), reads the link from the outbox of
 * `dataDirs` (every portal process that may have sent it) and trades its token for a session
 * bearer at `exchangeAt` (POST /v1/auth/sessions), as a click on the link from another
 * device would. The address must be in one of the portal's STAFF_EMAIL_DOMAINS.
 * `localAddress` (a loopback address such as 127.0.3.7) sends both from that address, as
 * from a machine of its own: the sign-in limits count per client address.
 */
export async function signInThroughOutbox({
  email,
  requestAt,
  exchangeAt = requestAt,
  dataDirs,
  redirectPath = '/',
  localAddress,
}: {
  email: string;
  requestAt: string;
  exchangeAt?: string;
  dataDirs: string | string[];
  redirectPath?: string;
  localAddress?: string;
}): Promise<StaffSignIn> {
  const requested = await sendJson(
    'PUT',
    new URL(SIGN_IN_PATHS.linkRequests, requestAt),
    { email, redirectPath },
    localAddress,
  );
  if (requested.status !== 200) throw new Error(`asking for a sign-in link: ${requested.status} ${requested.body}`);
  const link = await waitForSignInLink(email, dataDirs);
  const exchanged = await sendJson(
    'POST',
    new URL(SIGN_IN_PATHS.sessions, exchangeAt),
    { token: link.searchParams.get('bearer') },
    localAddress,
  );
  if (exchanged.status !== 200) throw new Error(`exchanging the sign-in link: ${exchanged.status} ${exchanged.body}`);
  const { bearer } = JSON.parse(exchanged.body) as { bearer: string };
  return { email, bearer, headers: { authorization: `Bearer ${bearer}` } };
}

/**
 * A staff member holding exactly `roles`, signed in: an administrator (`admin`, one of the
 * portal's ADMIN_EMAILS) signs in, invites `email` with those roles (POST /v1/people), and
 * `email` signs in, each from a loopback address of its own. For one portal (`origin` and
 * its `dataDir`'s outbox); the administrator's link is spent, so call it once per
 * administrator a minute (the sign-in mail's limit).
 */
export async function signInWithRoles({
  origin,
  dataDir,
  admin,
  email,
  roles,
}: {
  origin: string;
  dataDir: string;
  admin: string;
  email: string;
  roles: StaffRole[];
}): Promise<StaffSignIn> {
  const signIn = (address: string) =>
    signInThroughOutbox({
      email: address,
      requestAt: origin,
      dataDirs: dataDir,
      localAddress: loopbackAddressOf(address),
    });
  const administrator = await signIn(admin);
  const invited = await sendJson(
    'POST',
    new URL(PEOPLE_PATHS.people, origin),
    { email, roles },
    undefined,
    administrator.headers,
  );
  if (invited.status !== 201) throw new Error(`inviting ${email}: ${invited.status} ${invited.body}`);
  return signIn(email);
}

/** One JSON request over plain HTTP (the portals under test), from `localAddress` when given. */
function sendJson(
  method: string,
  url: URL,
  body: unknown,
  localAddress: string | undefined,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const bytes = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      url,
      {
        method,
        localAddress,
        family: localAddress === undefined ? undefined : localAddress.includes(':') ? 6 : 4,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': bytes.length },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(bytes);
  });
}
