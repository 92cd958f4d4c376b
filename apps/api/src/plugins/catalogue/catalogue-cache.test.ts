import { describe, expect, it } from 'vitest';
import { useDemoPortal } from '../../../test/demo-portal';

const demo = useDemoPortal();

describe('the catalogue cache and publishes', () => {
  it('keeps the snapshot it loaded after its own change when that change’s NOTIFY arrives; drops it for a newer change or an unnamed one', async () => {
    const cache = demo.portal.app.catalogue;
    // This portal committed change 1_000_001 and dropped its snapshot; a lookup loaded the new catalogue.
    cache.invalidate(1_000_001);
    const loaded = await cache.get();
    cache.published('1000001');
    expect(cache.loaded()).toBe(loaded);
    // An older change's NOTIFY, late: the snapshot has it already.
    cache.published('999999');
    expect(cache.loaded()).toBe(loaded);
    // Another portal's newer change: loaded anew.
    cache.published('1000002');
    expect(cache.loaded()).toBeUndefined();
    const reloaded = await cache.get();
    expect(reloaded).not.toBe(loaded);
    cache.published('1000002');
    expect(cache.loaded()).toBe(reloaded);
    // A NOTIFY that names no change (an older portal): always loaded anew.
    cache.published(undefined);
    expect(cache.loaded()).toBeUndefined();
    cache.published('not a number');
    await cache.get();
    cache.published('not a number');
    expect(cache.loaded()).toBeUndefined();
  });
});
