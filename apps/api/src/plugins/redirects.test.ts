import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('redirects of old addresses', () => {
  let portal: TestApp;
  beforeAll(async () => {
    portal = await createTestApp();
  });
  afterAll(() => portal.close());

  it.each([
    ['/cornerstone/service', '/service'],
    ['/cornerstone/service/releases', '/service/cornerstone/releases'],
    ['/cornerstone/service/products-options', '/service/cornerstone/products-options'],
    ['/cornerstone/service/service-mode', '/service/cornerstone/service-mode'],
    ['/cornerstone/service/password-reset', '/service/cornerstone/password-reset'],
    ['/mx', '/metallographics/mx'],
    ['/px', '/metallographics/px'],
    ['/px/firmware', '/metallographics/px/firmware'],
  ])('%s moves permanently to %s', async (from, to) => {
    const response = await portal.app.inject({ method: 'GET', url: from });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(to);
  });

  it('keeps the query string, and answers HEAD the same way', async () => {
    const response = await portal.app.inject({ method: 'HEAD', url: '/px/firmware/?source=manual' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/metallographics/px/firmware?source=manual');
  });

  it('leaves other addresses and other methods alone', async () => {
    expect((await portal.app.inject({ method: 'GET', url: '/cx' })).statusCode).toBe(404);
    expect((await portal.app.inject({ method: 'POST', url: '/mx' })).statusCode).toBe(404);
  });
});
