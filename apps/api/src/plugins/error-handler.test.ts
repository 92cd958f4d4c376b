import Fastify from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from '../db/database-outage';
import errorHandler from './error-handler';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('errors', () => {
  let portal: TestApp;
  beforeAll(async () => {
    portal = await createTestApp();
    portal.app.log.level = 'silent';
  });
  afterAll(() => portal.close());

  it('answers an unknown API path with 404 and a JSON message', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('answers a malformed path or bad JSON with 400 and a message', async () => {
    const badPath = await portal.app.inject({ method: 'GET', url: '/%E0%A4%A' });
    expect(badPath.statusCode).toBe(400);
    // A fixed text: Fastify's own would quote the path (framework-errors.test.ts).
    expect(badPath.json()).toEqual({ message: 'The request could not be read.' });
  });

  it('answers an unknown method on a known path with 404 JSON', async () => {
    const response = await portal.app.inject({ method: 'DELETE', url: '/healthz' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('rate limits a client that scans for missing paths', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 125; i++) {
      const response = await portal.app.inject({ method: 'GET', url: `/v1/scan-${i}`, remoteAddress: '203.0.113.9' });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 120).every((status) => status === 404)).toBe(true);
    const limited = await portal.app.inject({ method: 'GET', url: '/v1/scan-last', remoteAddress: '203.0.113.9' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toEqual({ message: expect.stringMatching(/rate limit/i) });
    // Another client is unaffected.
    const other = await portal.app.inject({ method: 'GET', url: '/v1/scan-0', remoteAddress: '203.0.113.10' });
    expect(other.statusCode).toBe(404);
  });

  it('counts a scanning IPv6 client by its /64, as every limit does', async () => {
    for (let i = 0; i < 120; i++) {
      await portal.app.inject({
        method: 'GET',
        url: `/v1/scan6-${i}`,
        remoteAddress: `2001:db8:5:6::${i.toString(16)}`,
      });
    }
    const sameNetwork = await portal.app.inject({ method: 'GET', url: '/v1/x', remoteAddress: '2001:db8:5:6:ffff::1' });
    expect(sameNetwork.statusCode).toBe(429);
    const otherNetwork = await portal.app.inject({ method: 'GET', url: '/v1/x', remoteAddress: '2001:db8:5:7::1' });
    expect(otherNetwork.statusCode).toBe(404);
  });

  it('sends security headers with a CSP that allows nothing on API answers', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document built from the route schemas', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
  });

  it('hides the internals of a server error', async () => {
    const bare = Fastify({ logger: false });
    await bare.register(errorHandler);
    bare.get('/boom', async () => {
      throw new Error('connection to postgres://user:pw@db.internal failed');
    });
    const response = await bare.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('postgres');
    expect(response.json()).toEqual({
      message: 'Something went wrong on our side. Please try again later.',
      code: 'internal-error',
    });
    await bare.close();
  });

  it('answers a database that cannot be reached with 503, Retry-After and words, and logs nothing per request', async () => {
    const lines: string[] = [];
    const bare = Fastify({
      loggerInstance: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }),
    });
    await bare.register(errorHandler);
    bare.get('/lookup', async () => {
      // As drizzle wraps the driver's error: the query in the message, the socket's code in the cause.
      const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      throw new Error('Failed query: select "id" from "registrations"', { cause: refused });
    });
    const response = await bare.inject({ method: 'GET', url: '/lookup' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(response.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE, code: 'database-unavailable' });
    expect(lines.filter((line) => line.includes('request failed'))).toEqual([]);
    await bare.close();
  });
});
