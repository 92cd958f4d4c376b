import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import errorHandler from './plugins/error-handler';
import { chooseLogFormat, createLogger, loggerOptions } from './logging';

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

describe('the two log formats', () => {
  const capture = () => {
    const lines = { out: '', err: '' };
    return {
      lines,
      out: { write: (text: string) => (lines.out += text) },
      err: { write: (text: string) => (lines.err += text) },
    };
  };

  it('is pretty on a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(chooseLogFormat(undefined, true)).toBe('pretty');
    expect(chooseLogFormat(undefined, false)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
  });

  it('writes a person one line per message, warnings and errors named and on stderr, a stack indented', () => {
    const { lines, out, err } = capture();
    const log = createLogger('pretty', { out, err });
    log.info('Database ready: embedded in /srv/portal/data/pg');
    log.warn('Redis at redis://127.0.0.1:6379 is unreachable (connect ECONNREFUSED); limits follow their outage rules');
    log.error({ err: new Error('the disk is full') }, 'The portal could not start');
    expect(lines.out).toMatch(/^\d\d:\d\d:\d\d Database ready: embedded in \/srv\/portal\/data\/pg\n$/);
    const errLines = lines.err.split('\n');
    expect(errLines[0]).toMatch(
      /^\d\d:\d\d:\d\d warning: Redis at redis:\/\/127.0.0.1:6379 is unreachable \(connect ECONNREFUSED\)/,
    );
    expect(errLines[1]).toMatch(/^\d\d:\d\d:\d\d error: The portal could not start$/);
    expect(errLines[2]).toBe('    Error: the disk is full');
    expect(errLines[3]).toMatch(/^ {8}at /);
    expect(lines.err).not.toContain('{');
  });

  it('writes JSON lines a collector parses, and never the Authorization header', () => {
    const { lines, out, err } = capture();
    const log = createLogger('json', { out, err });
    log.info({ req: { headers: { authorization: 'Bearer SECRET-TOKEN' } } }, 'Portal running at http://localhost:3000');
    log.error('PORT must be an integer 1-65535, got "abc"');
    const entries = [...lines.out.trim().split('\n'), ...lines.err.trim().split('\n')].map(
      (line) => JSON.parse(line) as { msg: string; level: number },
    );
    expect(entries.map((entry) => [entry.level, entry.msg])).toEqual([
      [30, 'Portal running at http://localhost:3000'],
      [50, 'PORT must be an integer 1-65535, got "abc"'],
    ]);
    expect(lines.out).not.toContain('SECRET');
  });
});
