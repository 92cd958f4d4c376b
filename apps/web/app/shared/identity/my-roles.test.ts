import { PEOPLE_PATHS, type Me } from '@portal/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const ME: Me = { email: 'ana@company.example', roles: ['service'], administrators: ['root@company.example'] };

/** A tab with the stored bearer and an API that answers GET /v1/people/me. */
function fakeBrowser(bearer: string) {
  const storage = new Map([['bearer', bearer]]);
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
  const fetch = vi.fn(async (url: URL) => {
    expect(url.pathname).toBe(PEOPLE_PATHS.me);
    return Response.json(ME);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the signed-in person’s roles', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it('are asked for once per sign-in and kept, until a screen asks again', async () => {
    const fetch = fakeBrowser('bearer-1');
    const { heldMyRoles, loadMyRoles } = await import('./my-roles');
    loadMyRoles('bearer-1');
    loadMyRoles('bearer-1');
    await vi.waitFor(() => expect(heldMyRoles()?.outcome).toEqual({ kind: 'ok', data: ME }));
    expect(fetch).toHaveBeenCalledOnce();

    // The service hub opens: asked again, the old answer shown meanwhile.
    loadMyRoles('bearer-1', { refresh: true });
    expect(heldMyRoles()?.outcome).toEqual({ kind: 'ok', data: ME });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  });

  it('are asked for again, with nothing shown meanwhile, for another sign-in', async () => {
    const fetch = fakeBrowser('bearer-1');
    const { heldMyRoles, loadMyRoles } = await import('./my-roles');
    loadMyRoles('bearer-1');
    await vi.waitFor(() => expect(heldMyRoles()?.outcome?.kind).toBe('ok'));
    loadMyRoles('bearer-2');
    expect(heldMyRoles()).toEqual({ bearer: 'bearer-2', outcome: undefined });
    await vi.waitFor(() => expect(heldMyRoles()?.outcome?.kind).toBe('ok'));
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
