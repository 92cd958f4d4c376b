import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, type JWTPayload } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { freePort } from './portal-process';

/**
 * The company's identity provider in tests: `oidc-provider` (the certified Node
 * implementation of OpenID Connect) on a loopback http issuer, with its own development
 * login page (any password; the login is the account's ID) and accounts a test may change
 * while it runs (move a person to another group, disable them).
 */
export interface TestAccount {
  email: string;
  emailVerified: boolean;
  /** The `groups` claim as the provider sends it: a test may make it anything (a wrong type). */
  groups: unknown;
  /** IT disabled the account: the provider signs no one in with it. */
  disabled?: boolean;
}

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by login; change them in place, the next sign-in sees it. */
  accounts: Map<string, TestAccount>;
  /**
   * Rewrites the next ID tokens the token endpoint hands out (a provider gone wrong, or an
   * attacker's token): `payload` changes the claims, `foreignKey` signs with a key the
   * provider never published. Undefined: tokens as the provider made them.
   */
  tamper: IdTokenTamper | undefined;
  /** The environment a portal needs to use this provider. */
  env(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

export interface IdTokenTamper {
  payload?: (claims: JWTPayload) => JWTPayload;
  foreignKey?: boolean;
}

export const TEST_IDP_CLIENT_ID = 'software-portal';
const TEST_IDP_CLIENT_SECRET = 'test-client-secret-of-the-portal';

/**
 * The environment a portal needs to use the test provider at `issuer`, which need not be up
 * yet (a test of a provider that is down at start-up).
 */
export function testIdentityProviderEnv(issuer: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: TEST_IDP_CLIENT_ID,
    OIDC_CLIENT_SECRET: TEST_IDP_CLIENT_SECRET,
    OIDC_NAME: 'Contoso',
    ...extra,
  };
}
const KID = 'test-idp-key';

/** The accounts most tests need: a verified publisher, a verified person of no group, an unverified one, another domain. */
export function defaultTestAccounts(): Map<string, TestAccount> {
  return new Map<string, TestAccount>([
    ['pia', { email: 'pia@example.com', emailVerified: true, groups: ['portal-publishers'] }],
    ['sam', { email: 'sam@example.com', emailVerified: true, groups: [] }],
    ['una', { email: 'una@example.com', emailVerified: false, groups: ['portal-publishers'] }],
    ['otto', { email: 'otto@other.example', emailVerified: true, groups: ['portal-publishers'] }],
  ]);
}

/** The role map the tests configure for these accounts' groups. */
export const TEST_ROLE_MAP = 'publisher=portal-publishers,service=field-service,admin=portal-admins';

/**
 * Starts the provider. `publicUrl`: the portal's PUBLIC_URL, whose callback it registers;
 * `port`: a fixed port (a test of a provider that comes up late), else a free one.
 */
export async function startIdentityProvider({
  publicUrl,
  accounts = defaultTestAccounts(),
  port,
}: {
  publicUrl: string;
  accounts?: Map<string, TestAccount>;
  port?: number;
}): Promise<TestIdentityProvider> {
  const listenPort = port ?? (await freePort());
  const issuer = `http://127.0.0.1:${listenPort}`;
  const clientSecret = TEST_IDP_CLIENT_SECRET;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(privateKey)), kid: KID, alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_IDP_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [new URL('/v1/auth/oidc/callback', publicUrl).href],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-idp-cookie-key'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    pkce: { required: () => true },
    // Claims asked for by scope go into the ID token, which is all the portal reads.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['groups'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account || account.disabled) return undefined;
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: account.email, email_verified: account.emailVerified, groups: account.groups };
        },
      };
    },
    // The company's own tool: no consent screen, as IT configures a first-party client.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  provider.on('server_error', (_ctx, error) => console.error('test identity provider:', error));

  const handle: TestIdentityProvider = {
    issuer,
    clientId: TEST_IDP_CLIENT_ID,
    clientSecret,
    accounts,
    tamper: undefined,
    env: (extra = {}) => testIdentityProviderEnv(issuer, extra),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    const tamper = handle.tamper;
    if (ctx.path !== '/token' || !tamper || typeof body?.id_token !== 'string') return;
    const claims = tamper.payload ? tamper.payload(decodeJwt(body.id_token)) : decodeJwt(body.id_token);
    body.id_token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
      .sign(tamper.foreignKey ? foreign.privateKey : privateKey);
  });

  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  return handle;
}

/**
 * A person signs in at the provider without a browser: follows its redirects with a cookie
 * jar, fills its login form with `login`, and returns the address it sends them back to
 * (the portal's callback, with code and state), without calling it.
 */
export async function signInAtProvider(authorizationUrl: string, login: string, callbackPrefix: string) {
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 12; step += 1) {
    if (url.startsWith(callbackPrefix)) return new URL(url);
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form,
    });
    remember(response);
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const page = await response.text();
    if (response.status === 200 && page.includes('name="login"')) {
      form = new URLSearchParams({ prompt: 'login', login, password: 'any' });
      continue;
    }
    if (response.status === 200 && page.includes('value="consent"')) {
      form = new URLSearchParams({ prompt: 'consent' });
      continue;
    }
    throw new Error(`The identity provider answered ${response.status} at ${url}: ${page.slice(0, 300)}`);
  }
  throw new Error('The identity provider did not send the person back');
}
