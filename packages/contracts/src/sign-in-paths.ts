/**
 * The sign-in API and the landing page a sign-in link opens. Apart from the schemas of
 * sign-in.ts so that a page needing only a path (Home signs out) does not bundle TypeBox.
 */
export const SIGN_IN_PATHS = {
  linkRequests: '/v1/auth/redirects/requests',
  sessions: '/v1/auth/sessions',
  session: '/v1/auth/session',
  landing: '/auth',
} as const;
