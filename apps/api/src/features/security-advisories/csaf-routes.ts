import { ADVISORY_MESSAGES, ADVISORY_PAGES, CSAF_PATHS, ErrorBody } from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { sendFromMemory } from '../../plugins/file-delivery';
import { escapeHtml } from '../../shared/atom-feed';
import type { MemoryFile } from './published-advisories';

/** Revalidated often: a revision must reach customers' tools the same day. */
const CSAF_CACHE_CONTROL = 'public, max-age=300';
const SECURITY_TXT_VALID_DAYS = 365;
const DAY_MS = 86_400_000;

/**
 * The CSAF 2.0 distribution (CSAF 2.0 §7.1; docs/security-advisories.md#distribution): every
 * file from memory, as the last publish left it, with its ETag; never a redirect. A path
 * that names no published file answers 404 `{ message }`.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['security-advisories'];
  const published = app.advisories.published;
  const absolute = (path: string) => new URL(path, app.config.publicUrl).href;

  /** Each file of the distribution as the last publish left it in memory: one route per kind of file. */
  const distribution = (url: string, summary: string, params?: ReturnType<typeof Type.Object>) =>
    app.get(
      url,
      {
        schema: {
          tags,
          summary,
          ...(params ? { params } : {}),
          response: { 200: Type.Unknown(), 304: Type.Null(), 404: ErrorBody },
        },
      },
      async (request, reply) => {
        const state = await published.get();
        const path = request.url.split('?')[0]!;
        const file = state.files.get(path) ?? directoryListing(path, state.files, state.updated);
        if (!file)
          return reply.status(404).send({ message: ADVISORY_MESSAGES.noSuchDocument, code: 'advisory-not-found' });
        return sendFromMemory(request, reply, { ...file, cacheControl: CSAF_CACHE_CONTROL });
      },
    );
  const Year = Type.String({ pattern: '^\\d{4}$' });
  const FileName = Type.String({ minLength: 1, maxLength: 200 });
  distribution(
    CSAF_PATHS.providerMetadata,
    'CSAF provider-metadata.json: role csaf_trusted_provider, the publisher, the OpenPGP key, the directory and the ROLIE feed',
  );
  distribution(CSAF_PATHS.directory, 'The TLP:WHITE directory: a listing of its years and indexes (HTML)');
  distribution(
    CSAF_PATHS.yearDirectory,
    "A year's folder: a listing of its documents (HTML)",
    Type.Object({ year: Year }),
  );
  distribution(
    CSAF_PATHS.document,
    'A CSAF document (<tracking id>.json), or its .sha256, .sha512 or detached OpenPGP signature .asc',
    Type.Object({ year: Year, file: FileName }),
  );
  distribution(CSAF_PATHS.index, 'index.txt: every document of the directory, one path a line');
  distribution(CSAF_PATHS.changes, 'changes.csv: every document with its current release date, newest first');
  distribution(CSAF_PATHS.feed, 'The ROLIE feed of the TLP:WHITE documents (JSON)');
  distribution(CSAF_PATHS.service, 'The ROLIE service document');
  distribution(CSAF_PATHS.category, 'The ROLIE category document: the products the documents name');
  distribution(
    CSAF_PATHS.publicKey,
    'The public OpenPGP key the documents are signed with (<FINGERPRINT>.asc)',
    Type.Object({ file: FileName }),
  );

  let securityTxt: { day: string; file: MemoryFile } | undefined;
  app.get(
    CSAF_PATHS.securityTxt,
    {
      schema: {
        tags,
        summary: 'security.txt (RFC 9116): where to report a vulnerability, the policy, and the CSAF provider metadata',
        response: { 200: Type.String(), 304: Type.Null() },
      },
    },
    async (request, reply) => {
      const today = new Date().toISOString().slice(0, 10);
      if (securityTxt?.day !== today) {
        const expires = new Date(Date.parse(today) + SECURITY_TXT_VALID_DAYS * DAY_MS);
        const body = [
          `Contact: ${app.config.securityContact}`,
          `Expires: ${expires.toISOString().replace('.000Z', 'Z')}`,
          `CSAF: ${absolute(CSAF_PATHS.providerMetadata)}`,
          `Policy: ${absolute(ADVISORY_PAGES.policy)}`,
          `Canonical: ${absolute(CSAF_PATHS.securityTxt)}`,
          'Preferred-Languages: en',
          '',
        ].join('\n');
        securityTxt = { day: today, file: memoryText(body, new Date(Date.parse(today))) };
      }
      return sendFromMemory(request, reply, { ...securityTxt.file, cacheControl: CSAF_CACHE_CONTROL });
    },
  );
};

function memoryText(body: string, lastModified: Date): MemoryFile {
  const bytes = Buffer.from(body, 'utf8');
  return {
    body: bytes,
    contentType: 'text/plain; charset=utf-8',
    etag: `"${lastModified.getTime().toString(36)}-${bytes.length}"`,
    lastModified,
  };
}

/**
 * CSAF 2.0 §7.1.14: a listing of the directory and of each year's folder, for a person
 * browsing; built from the files in memory (a folder with nothing in it does not exist).
 */
function directoryListing(path: string, files: Map<string, MemoryFile>, updated: Date): MemoryFile | undefined {
  if (!path.endsWith('/') || !path.startsWith(CSAF_PATHS.directory)) return undefined;
  const entries = new Set<string>();
  for (const filePath of files.keys()) {
    if (!filePath.startsWith(path)) continue;
    const rest = filePath.slice(path.length);
    const slash = rest.indexOf('/');
    entries.add(slash === -1 ? rest : rest.slice(0, slash + 1));
  }
  if (entries.size === 0 && path !== CSAF_PATHS.directory) return undefined;
  const items = [...entries]
    .sort()
    .map((entry) => `<li><a href="${escapeHtml(entry)}">${escapeHtml(entry)}</a></li>`)
    .join('\n');
  const html = `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Index of ${escapeHtml(path)}</title></head>\n<body><h1>Index of ${escapeHtml(path)}</h1>\n<ul>\n${items}\n</ul></body></html>\n`;
  const bytes = Buffer.from(html, 'utf8');
  return {
    body: bytes,
    contentType: 'text/html; charset=utf-8',
    etag: `"${updated.getTime().toString(36)}-${bytes.length}"`,
    lastModified: updated,
  };
}

export const csafRoutes = fp(routes, {
  name: 'csaf-routes',
  dependencies: ['config', 'advisories'],
  encapsulate: true,
});
