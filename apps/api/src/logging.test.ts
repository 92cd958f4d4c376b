import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import errorHandler from './plugins/error-handler';
import { loggerOptions } from './logging';

describe('what the log says about a request', () => {
  it('names the route, never a credential in the path, the query or the Authorization header', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { ...loggerOptions(), stream } });
    await app.register(errorHandler);
    app.get('/v1/Cornerstone/DSV/:registrationId/:key', async () => {
      throw new Error('the blob store is gone');
    });

    const response = await app.inject({
      method: 'GET',
      url: '/v1/Cornerstone/DSV/SECRET-ID-1001/CS-DSV-28?registrationId=SECRET-ID-1001&bearer=SECRET-TOKEN',
      headers: { authorization: 'Hasp id=SECRET-ID-1001' },
    });
    await app.close();

    expect(response.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('"route":"/v1/Cornerstone/DSV/:registrationId/:key"');
    expect(log).toContain('the blob store is gone');
    expect(log).not.toContain('SECRET');
  });
});
