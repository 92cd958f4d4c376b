import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MAKER_LOGO_PATH } from '@portal/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, MAKER_LOGO_MAX_BYTES, type Config } from '../config/config';
import configPlugin from '../plugins/config';
import errorHandler from '../plugins/error-handler';
import notFound from '../plugins/not-found';
import rateLimit from '../plugins/rate-limit';
import redis from '../plugins/redis';
import makerLogo, { logoUrl } from './maker-logo';

const LOGO =
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>\n';

async function appWith(config: Config) {
  const app = Fastify();
  await app.register(configPlugin, { config, secretKey: Buffer.alloc(32) });
  await app.register(errorHandler);
  await app.register(redis);
  await app.register(rateLimit);
  await app.register(notFound);
  await app.register(makerLogo);
  return app;
}

describe('MAKER_LOGO', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'maker-logo-'));
    await writeFile(path.join(dir, 'logo.svg'), LOGO);
    await writeFile(path.join(dir, 'photo.svg'), `<svg>${' '.repeat(MAKER_LOGO_MAX_BYTES)}</svg>`);
    await writeFile(path.join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]));
    await writeFile(path.join(dir, 'page.svg'), '<html><body><svg></svg></body></html>');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const problemsOf = (value: string) => {
    try {
      loadConfig({ MAKER_LOGO: value }, dir);
      return [];
    } catch (error) {
      return (error as { problems: string[] }).problems;
    }
  };

  it('is optional: without it there is no logo and pages get an empty URL', () => {
    const config = loadConfig({}, dir);
    expect(config.makerLogo).toBeUndefined();
    expect(logoUrl(config.makerLogo)).toBe('');
  });

  it('takes an SVG file, relative to the working folder, and names it by a digest of its bytes', () => {
    const config = loadConfig({ MAKER_LOGO: 'logo.svg' }, dir);
    expect(config.makerLogo?.svg.toString()).toBe(LOGO);
    expect(logoUrl(config.makerLogo)).toMatch(/^\/brand\/logo\.svg\?v=[\w-]{16}$/);
  });

  it('refuses a missing file, a folder, a file too large and a file that is no SVG', () => {
    expect(problemsOf('nothing.svg')).toEqual([
      'MAKER_LOGO must be the path of an existing SVG file, got "nothing.svg"',
    ]);
    expect(problemsOf('.')).toEqual(['MAKER_LOGO must be the path of an SVG file, got "."']);
    expect(problemsOf('photo.svg')).toEqual(['MAKER_LOGO must be an SVG file of at most 100 KB, got "photo.svg"']);
    expect(problemsOf('logo.png')).toEqual([
      'MAKER_LOGO must be an SVG file (an <svg> element in UTF-8 text), got "logo.png"',
    ]);
    expect(problemsOf('page.svg')).toEqual([
      'MAKER_LOGO must be an SVG file (an <svg> element in UTF-8 text), got "page.svg"',
    ]);
  });

  it('is served as an image that runs no script, cached for a year, revalidated by its ETag', async () => {
    const app = await appWith(loadConfig({ MAKER_LOGO: 'logo.svg' }, dir));
    const response = await app.inject({ url: logoUrl(app.config.makerLogo) });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(LOGO);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const again = await app.inject({ url: MAKER_LOGO_PATH, headers: { 'if-none-match': response.headers.etag } });
    expect(again.statusCode).toBe(304);
    await app.close();
  });

  it('is not found when no logo is configured', async () => {
    const app = await appWith(loadConfig({}, dir));
    const response = await app.inject({ url: MAKER_LOGO_PATH });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty('message');
    await app.close();
  });
});
