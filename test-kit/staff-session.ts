import { SIGN_IN_PATHS } from '@portal/contracts';
import { waitForSignInLink } from './outbox';

export interface StaffSignIn {
  email: string;
  /** The session bearer the portal handed out. */
  bearer: string;
  /** `{ authorization: 'Bearer …' }`, for API calls as this staff member. */
  headers: { authorization: string };
}

/**
 * Signs a staff member in through the API and the outbox, with no browser: asks `requestAt`
 * for a sign-in link (PUT /v1/auth/redirects/requests), reads the link from the outbox of
 * `dataDirs` (every portal process that may have sent it) and trades its token for a session
 * bearer at `exchangeAt` (POST /v1/auth/sessions), as a click on the link from another
 * device would. The address must be in one of the portal's STAFF_EMAIL_DOMAINS.
 */
export async function signInThroughOutbox({
  email,
  requestAt,
  exchangeAt = requestAt,
  dataDirs,
  redirectPath = '/',
}: {
  email: string;
  requestAt: string;
  exchangeAt?: string;
  dataDirs: string | string[];
  redirectPath?: string;
}): Promise<StaffSignIn> {
  const requested = await fetch(new URL(SIGN_IN_PATHS.linkRequests, requestAt), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, redirectPath }),
  });
  if (requested.status !== 200)
    throw new Error(`asking for a sign-in link: ${requested.status} ${await requested.text()}`);
  const link = await waitForSignInLink(email, dataDirs);
  const exchanged = await fetch(new URL(SIGN_IN_PATHS.sessions, exchangeAt), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: link.searchParams.get('bearer') }),
  });
  if (exchanged.status !== 200)
    throw new Error(`exchanging the sign-in link: ${exchanged.status} ${await exchanged.text()}`);
  const { bearer } = (await exchanged.json()) as { bearer: string };
  return { email, bearer, headers: { authorization: `Bearer ${bearer}` } };
}
