import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { checkConditions, parseRange, sendFromMemory } from './conditions';
import { contentDisposition, INLINE_PDF_POLICY, presentationHeaders } from './presentation';

describe('file delivery rules', () => {
  it('reads one byte range and refuses what lies past the end', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    // Several ranges, reversed or malformed ones: the whole file, as RFC 9110 allows.
    for (const header of ['bytes=0-1,5-6', 'bytes=9-1', 'items=0-1', 'bytes=-', undefined]) {
      expect(parseRange(header, 1000)).toBeUndefined();
    }
  });

  it('names the file for the browser, non-ASCII names included (RFC 6266)', () => {
    expect(contentDisposition('Cornerstone 2.8.1.zip')).toBe(
      `attachment; filename="Cornerstone 2.8.1.zip"; filename*=UTF-8''Cornerstone%202.8.1.zip`,
    );
    expect(contentDisposition('Prüfbericht "v2".pdf')).toBe(
      `attachment; filename="Pr_fbericht _v2_.pdf"; filename*=UTF-8''Pr%C3%BCfbericht%20%22v2%22.pdf`,
    );
  });

  it('shows PDFs inline under their own policy, and nothing else (an inline HTML or SVG would run here)', () => {
    for (const type of ['application/pdf', 'Application/PDF; charset=binary']) {
      expect(presentationHeaders(type, 'DSV 2.10.0.pdf')).toEqual({
        'content-disposition': `inline; filename="DSV 2.10.0.pdf"; filename*=UTF-8''DSV%202.10.0.pdf`,
        'content-security-policy': INLINE_PDF_POLICY,
      });
    }
    for (const type of ['application/zip', 'text/html', 'image/svg+xml', 'application/octet-stream']) {
      expect(presentationHeaders(type, 'x.pdf')).toEqual({
        'content-disposition': `attachment; filename="x.pdf"; filename*=UTF-8''x.pdf`,
      });
    }
  });
});

describe('the conditional-request helper every file answer uses', () => {
  const etag = '"abc123"';
  const app = Fastify();
  app.get('/small', (request, reply) =>
    sendFromMemory(request, reply, {
      body: 'hello',
      etag,
      contentType: 'text/plain',
      cacheControl: 'public, max-age=60',
    }),
  );
  app.get('/file', (request, reply) => {
    const conditions = checkConditions(request, reply, { etag, cacheControl: 'private' }, 1000);
    if (!conditions) return reply;
    return reply.send({ range: conditions.range ?? null });
  });
  afterAll(() => app.close());

  it('answers 304 with the ETag and Cache-Control for the ETag, a list naming it, its weak form or *', async () => {
    for (const header of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
      const answer = await app.inject({ url: '/small', headers: { 'if-none-match': header } });
      expect(answer.statusCode).toBe(304);
      expect(answer.headers.etag).toBe(etag);
      expect(answer.headers['cache-control']).toBe('public, max-age=60');
      expect(answer.body).toBe('');
    }
    const changed = await app.inject({ url: '/small', headers: { 'if-none-match': '"other"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe('hello');
    expect(changed.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('gives a range, the whole file when If-Range names another ETag, and 416 past the end', async () => {
    const ranged = await app.inject({ url: '/file', headers: { range: 'bytes=10-19', 'if-range': etag } });
    expect(ranged.json()).toEqual({ range: { start: 10, end: 19 } });
    const changed = await app.inject({ url: '/file', headers: { range: 'bytes=10-19', 'if-range': '"old"' } });
    expect(changed.json()).toEqual({ range: null });
    const past = await app.inject({ url: '/file', headers: { range: 'bytes=1000-' } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */1000');
  });
});
