import { TOKEN_OLD_AFTER_HOURS } from '@portal/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const START = Date.UTC(2026, 10, 22, 12);

/** A bearer as the server issues it; the browser only decodes it, so the signature is irrelevant here. */
function bearer(payload: Record<string, unknown>) {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}
const expiringIn = (ms: number, email = 'ana@company.example') =>
  bearer({ email, exp: Math.floor((START + ms) / 1000), jti: 'x' });

/** A browser tab: localStorage, storage events and fetch, enough for the identity store. */
function fakeBrowser() {
  const storage = new Map<string, string>();
  const tab = Object.assign(new EventTarget(), {
    location: { origin: 'http://portal.test' },
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    },
  });
  class FakeStorageEvent extends Event {
    readonly key: string | null;
    readonly newValue: string | null;
    constructor(type: string, init: { key?: string | null; newValue?: string | null } = {}) {
      super(type);
      this.key = init.key ?? null;
      this.newValue = init.newValue ?? null;
    }
  }
  const fetch = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('window', tab);
  vi.stubGlobal('StorageEvent', FakeStorageEvent);
  vi.stubGlobal('fetch', fetch);
  /** What another tab's write looks like here: the storage changes, then a storage event arrives. */
  const otherTab = (value: string | null) => {
    if (value === null) storage.delete('bearer');
    else storage.set('bearer', value);
    tab.dispatchEvent(new FakeStorageEvent('storage', { key: 'bearer', newValue: value }));
  };
  return { storage, fetch, otherTab };
}

/** A fresh copy of the store, subscribed to the way a mounted component (useSyncExternalStore) subscribes. */
async function loadStore() {
  vi.resetModules();
  const store = await import('./identity-store');
  const changes = vi.fn();
  const unsubscribe = store.subscribe(changes);
  return { store, changes, unsubscribe };
}

describe('identity in the browser', () => {
  let browser: ReturnType<typeof fakeBrowser>;
  beforeEach(() => {
    vi.useFakeTimers({ now: START });
    browser = fakeBrowser();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is absent without a bearer', async () => {
    const { store } = await loadStore();
    expect(store.currentIdentityStatus()).toEqual({ state: 'absent' });
  });

  it('is fresh while more than 504 hours are left, and turns old by itself when they are not', async () => {
    browser.storage.set('bearer', expiringIn(TOKEN_OLD_AFTER_HOURS * HOUR_MS + 2 * HOUR_MS));
    const { store, changes } = await loadStore();
    expect(store.currentIdentityStatus()).toMatchObject({ state: 'fresh', identity: { email: 'ana@company.example' } });

    vi.advanceTimersByTime(2 * HOUR_MS - 1000);
    expect(store.currentIdentityStatus().state).toBe('fresh');
    vi.advanceTimersByTime(1000);
    expect(store.currentIdentityStatus()).toMatchObject({ state: 'old', identity: { email: 'ana@company.example' } });
    expect(changes).toHaveBeenCalled();
    // Flagged old: the bearer is cleared at once, and its session ended on the server.
    expect(browser.storage.has('bearer')).toBe(false);
    expect(browser.fetch).toHaveBeenCalledWith(
      new URL('http://portal.test/v1/auth/session'),
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it('waits out a three-month sign-in without turning old early (timers cap at 24.8 days)', async () => {
    browser.storage.set('bearer', expiringIn(92 * DAY_MS));
    const { store } = await loadStore();
    vi.advanceTimersByTime(30 * DAY_MS);
    expect(store.currentIdentityStatus().state).toBe('fresh');
    vi.advanceTimersByTime(92 * DAY_MS - TOKEN_OLD_AFTER_HOURS * HOUR_MS - 30 * DAY_MS);
    expect(store.currentIdentityStatus().state).toBe('old');
  });

  it.each([
    ['expires within 504 hours', expiringIn(TOKEN_OLD_AFTER_HOURS * HOUR_MS)],
    ['has expired', expiringIn(-1000)],
    ['has no exp', bearer({ email: 'ana@company.example' })],
  ])('is old at once, with the bearer cleared, when the sign-in %s', async (_name, token) => {
    browser.storage.set('bearer', token);
    const { store } = await loadStore();
    expect(store.currentIdentityStatus().state).toBe('old');
    expect(browser.storage.has('bearer')).toBe(false);
  });

  it('forgets a bearer that does not decode', async () => {
    browser.storage.set('bearer', 'garbage');
    const { store } = await loadStore();
    expect(store.currentIdentityStatus()).toEqual({ state: 'absent' });
    expect(browser.storage.has('bearer')).toBe(false);
  });

  it('follows signing in and out in other tabs', async () => {
    const { store, changes } = await loadStore();
    browser.otherTab(expiringIn(60 * DAY_MS, 'bo@company.example'));
    expect(store.currentIdentityStatus()).toMatchObject({ state: 'fresh', identity: { email: 'bo@company.example' } });
    browser.otherTab(null);
    expect(store.currentIdentityStatus()).toEqual({ state: 'absent' });
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it('signs out when a staff call answers 401', async () => {
    browser.storage.set('bearer', expiringIn(60 * DAY_MS));
    const { store } = await loadStore();
    const { apiRequest } = await import('../api/api-client');
    browser.fetch.mockResolvedValueOnce(Response.json({ message: 'Sign in to use this.' }, { status: 401 }));
    await expect(apiRequest({ path: '/v1/versions' })).rejects.toMatchObject({ status: 401 });
    expect(store.currentIdentityStatus()).toEqual({ state: 'absent' });
  });

  it('signs out here and on the server, from fresh or from old', async () => {
    const token = expiringIn(60 * DAY_MS);
    browser.storage.set('bearer', token);
    const { store } = await loadStore();
    store.signOut();
    expect(store.currentIdentityStatus()).toEqual({ state: 'absent' });
    expect(browser.storage.has('bearer')).toBe(false);
    expect(browser.fetch).toHaveBeenCalledWith(
      new URL('http://portal.test/v1/auth/session'),
      expect.objectContaining({
        method: 'DELETE',
        headers: expect.objectContaining({ authorization: `Bearer ${token}` }),
      }),
    );

    browser.otherTab(expiringIn(-1000));
    expect(store.currentIdentityStatus().state).toBe('old');
    store.signOut();
    expect(store.currentIdentityStatus()).toEqual({ state: 'absent' });
  });

  it("keeps an old sign-in's e-mail and expiry, not its bearer, so a reload still shows the warning", async () => {
    const exp = Math.floor((START - 1000) / 1000);
    browser.storage.set('bearer', bearer({ email: 'ana@company.example', exp, jti: 'x' }));
    await loadStore();
    expect(browser.storage.has('bearer')).toBe(false);
    expect(JSON.parse(browser.storage.get('expiredSignIn')!)).toEqual({ email: 'ana@company.example', exp });

    // The page is loaded again: no bearer any more, and still the old sign-in to warn about.
    const { store } = await loadStore();
    expect(store.currentIdentityStatus()).toEqual({ state: 'old', identity: { email: 'ana@company.example', exp } });
    expect(browser.storage.has('bearer')).toBe(false);
  });

  it('shows the old sign-in in another tab too, which only sees the bearer go', async () => {
    browser.storage.set('bearer', expiringIn(60 * DAY_MS));
    const { store } = await loadStore();
    // Another tab found it old: it kept the e-mail and expiry, then cleared the bearer.
    browser.storage.set('expiredSignIn', JSON.stringify({ email: 'ana@company.example', exp: 123 }));
    browser.otherTab(null);
    expect(store.currentIdentityStatus()).toEqual({
      state: 'old',
      identity: { email: 'ana@company.example', exp: 123 },
    });
  });

  it('forgets the old sign-in on Sign out, in this tab and after a reload', async () => {
    browser.storage.set('expiredSignIn', JSON.stringify({ email: 'ana@company.example', exp: null }));
    const { store } = await loadStore();
    expect(store.currentIdentityStatus()).toEqual({
      state: 'old',
      identity: { email: 'ana@company.example', exp: undefined },
    });
    store.signOut();
    expect(store.currentIdentityStatus()).toEqual({ state: 'absent' });
    expect(browser.storage.has('expiredSignIn')).toBe(false);
    expect((await loadStore()).store.currentIdentityStatus()).toEqual({ state: 'absent' });
  });

  it('forgets the old sign-in when the user signs in again, and ignores a damaged record', async () => {
    browser.storage.set('expiredSignIn', JSON.stringify({ email: 'ana@company.example', exp: 1 }));
    const { store } = await loadStore();
    store.storeBearer(expiringIn(90 * DAY_MS));
    expect(store.currentIdentityStatus().state).toBe('fresh');
    expect(browser.storage.has('expiredSignIn')).toBe(false);

    browser.storage.clear();
    browser.storage.set('expiredSignIn', '{"email": 42}');
    expect((await loadStore()).store.currentIdentityStatus()).toEqual({ state: 'absent' });
    expect(browser.storage.has('expiredSignIn')).toBe(false);
  });

  it('stores a new bearer and shows it at once', async () => {
    const { store } = await loadStore();
    store.storeBearer(expiringIn(90 * DAY_MS));
    expect(store.currentIdentityStatus().state).toBe('fresh');
  });
});
