import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BEARER_STORAGE_KEY } from '../identity/stored-sign-in';
import { apiRequest, readBearer, takeIdentityProviderRenewal } from './api-client';

/** A bearer as the server issues it; the browser only decodes it. */
function bearer(payload: Record<string, unknown>) {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}
const exp = Math.floor(Date.now() / 1000) + 92 * 86_400;

describe('a staff call refused with 401', () => {
  const storage = new Map<string, string>();
  beforeEach(() => {
    storage.clear();
    vi.stubGlobal(
      'window',
      Object.assign(new EventTarget(), {
        location: { origin: 'http://portal.test' },
        localStorage: {
          getItem: (key: string) => storage.get(key) ?? null,
          setItem: (key: string, value: string) => void storage.set(key, value),
          removeItem: (key: string) => void storage.delete(key),
        },
      }),
    );
    vi.stubGlobal('StorageEvent', class extends Event {});
    vi.stubGlobal('fetch', async () => Response.json({ message: 'Sign in to use this.' }, { status: 401 }));
  });
  afterEach(() => vi.unstubAllGlobals());

  const refused = async (stored: string) => {
    storage.set(BEARER_STORAGE_KEY, stored);
    await expect(apiRequest({ path: '/v1/people/me' })).rejects.toMatchObject({ status: 401 });
  };

  it("clears the bearer, and asks once for a renewal through the identity provider when the session was the provider's", async () => {
    await refused(bearer({ email: 'pia@example.com', exp, jti: 'x', idp: true }));
    expect(readBearer()).toBeNull();
    expect(takeIdentityProviderRenewal()).toBe(true);
    expect(takeIdentityProviderRenewal()).toBe(false);
  });

  it('asks for no renewal for a session of the e-mailed link', async () => {
    await refused(bearer({ email: 'ana@example.com', exp, jti: 'x' }));
    expect(readBearer()).toBeNull();
    expect(takeIdentityProviderRenewal()).toBe(false);
  });
});
