import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('health and readiness', () => {
  let portal: TestApp;
  beforeAll(async () => {
    portal = await createTestApp();
  });
  afterAll(() => portal.close());

  it('says the process is alive', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('says it is ready while its database answers', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('says it is unavailable, with a message, once its database is gone', async () => {
    const other = await createTestApp();
    await other.database.pool.end();
    const response = await other.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: 'The database is not answering.' });
    await other.app.close();
  });
});
