import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import {
  ALL_LANGUAGES,
  CHROMATOF_DOWNLOADS_URL_PLACEHOLDER,
  DOWNLOAD_RECORDS_RETENTION_DAYS_PLACEHOLDER,
  DRAFT_EXPIRY_DAYS_PLACEHOLDER,
  HOME_NEWS_PLACEHOLDER,
  LANGUAGE_PREFIXES,
  type Language,
  MAKER_LOGO_URL_PLACEHOLDER,
  MAKER_NAME_PLACEHOLDER,
  OIDC_NAME_PLACEHOLDER,
  OIDC_ONLY_PLACEHOLDER,
  PUBLIC_ORIGIN_PLACEHOLDER,
  REPORT_ERRORS_PLACEHOLDER,
  SUPPORT_EMAIL_PLACEHOLDER,
  SUPPORT_URL_PLACEHOLDER,
  TELEMETRY_RETENTION_DAYS_PLACEHOLDER,
} from '@portal/contracts';
import { escapeHtml } from '../shared/html';
import { readWebTexts, type WebTexts } from './messages';

export interface WebAsset {
  body: Buffer;
  brotli?: Buffer;
  gzip?: Buffer;
  contentType: string;
  etag: string;
  cacheControl: string;
  /** Pages only: the Content-Security-Policy naming this page's inline scripts. */
  contentSecurityPolicy?: string;
  /**
   * The home page only: its HTML with the settings written in and HOME_NEWS_PLACEHOLDER left
   * for "What's new", which the server writes in as the catalogue stands (web-app.ts).
   */
  newsTemplate?: { html: string; connectSources: string[] };
}

export interface WebBuild {
  /** By URL path: every file of the client build, and each prerendered page under its route path. */
  assets: Map<string, WebAsset>;
  spaFallback: WebAsset;
  /**
   * The SPA fallback in each other language it is built in (`/de/__spa-fallback.html`, …): a
   * browser-only page offered in every language is answered at `/de/…` with German's.
   */
  spaFallbacks: Map<Language, WebAsset>;
  notFoundPage: WebAsset;
  /** The not-found page in each language it is prerendered in (`/de/404`, …), English's being `notFoundPage`. */
  notFoundPages: Map<Language, WebAsset>;
  /** Each language's texts, for what the server writes into a page ("What's new"). */
  texts: WebTexts;
  /** Routes of the web app that exist only in the browser (not prerendered), as path patterns. */
  clientRoutes: RegExp[];
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
/** Settings the browser needs at run time, written into every page at start-up (docs/configuration.md). */
export interface PageSettings {
  makerName: string;
  /** A path on this site or a URL elsewhere; another origin is added to the pages' connect-src. */
  chromatofDownloadsUrl: string;
  /** Whether the browser reports unhandled errors (REPORT_ERRORS). */
  reportErrors: boolean;
  /** Whom customers contact when a lookup refuses their ID (SUPPORT_URL, SUPPORT_EMAIL); absent: written as empty. */
  supportUrl?: string | undefined;
  supportEmail?: string | undefined;
  /** The logo's URL on this site (web/maker-logo.ts), or "" when MAKER_LOGO is not set. */
  makerLogoUrl: string;
  /** What the privacy page says the server keeps, and for how long (DOWNLOAD_RECORDS_RETENTION_DAYS, TELEMETRY_RETENTION_DAYS, DRAFT_EXPIRY_DAYS). */
  downloadRecordsRetentionDays: number;
  telemetryRetentionDays: number;
  draftExpiryDays: number;
  /** The identity provider's button (OIDC_NAME; absent: none) and whether it is the only door (OIDC_ONLY). */
  oidcName?: string | undefined;
  oidcOnly?: boolean;
  /** PUBLIC_URL: the pages' `hreflang` links name their other languages by full address. */
  publicUrl?: URL;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT_LIVED = 'public, max-age=3600';

/**
 * Reads the built web app into memory once at start-up. It is small (a few hundred KB)
 * and immutable while the process runs, so every page is served without touching the
 * disk: the run-time settings (the maker's name and logo, the ChromaTOF lookup's endpoint, REPORT_ERRORS, the retention periods) are
 * written into the prerendered pages, each page's CSP is computed, and its brotli and
 * gzip forms are made here, once.
 */
export async function loadWebBuild(buildDir: string, settings: PageSettings): Promise<WebBuild> {
  const clientDir = path.join(buildDir, 'client');
  const assets = new Map<string, WebAsset>();
  const files = await listFiles(clientDir);
  const fileSet = new Set(files);

  for (const relative of files) {
    const extension = path.extname(relative);
    if (extension === '.br' || extension === '.gz') continue;
    const body = await readFile(path.join(clientDir, relative));
    const urlPath = `/${relative.split(path.sep).join('/')}`;
    if (extension === '.html') {
      const page = htmlPage(body, settings);
      assets.set(urlPath, page);
      if (urlPath.endsWith('/index.html')) {
        const routePath = urlPath.slice(0, -'/index.html'.length) || '/';
        assets.set(routePath, page);
      }
      continue;
    }
    const precompressed = async (suffix: string) =>
      fileSet.has(relative + suffix) ? readFile(path.join(clientDir, relative + suffix)) : undefined;
    assets.set(urlPath, {
      body,
      brotli: await precompressed('.br'),
      gzip: await precompressed('.gz'),
      contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
      etag: etagOf(body),
      cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : SHORT_LIVED,
      ...(WASM_WORKER_SCRIPT.test(urlPath) ? { contentSecurityPolicy: WASM_WORKER_CONTENT_SECURITY_POLICY } : {}),
    });
  }

  const spaFallback = assets.get('/__spa-fallback.html') ?? assets.get('/index.html');
  const notFoundPage = assets.get('/404');
  if (!spaFallback || !notFoundPage) {
    throw new Error(`The web build in ${buildDir} is incomplete (no SPA fallback or 404 page); run npm run build.`);
  }
  const notFoundPages = new Map<Language, WebAsset>();
  for (const language of ALL_LANGUAGES) {
    const page = assets.get(`${LANGUAGE_PREFIXES[language]}/404`);
    if (page) notFoundPages.set(language, page);
  }
  const spaFallbacks = new Map<Language, WebAsset>();
  for (const language of ALL_LANGUAGES) {
    const page = language === 'en' ? undefined : assets.get(`${LANGUAGE_PREFIXES[language]}/__spa-fallback.html`);
    if (page) spaFallbacks.set(language, page);
    assets.delete(`${LANGUAGE_PREFIXES[language]}/__spa-fallback.html`);
  }
  // The not-found page answers 404 wherever it is served, its own paths included.
  for (const language of ALL_LANGUAGES) {
    for (const urlPath of [`${LANGUAGE_PREFIXES[language]}/404`, `${LANGUAGE_PREFIXES[language]}/404/index.html`]) {
      assets.delete(urlPath);
    }
  }

  return {
    assets,
    spaFallback,
    spaFallbacks,
    notFoundPage,
    notFoundPages,
    texts: await readWebTexts(buildDir),
    clientRoutes: await readClientRoutes(buildDir),
  };
}

function htmlPage(raw: Buffer, settings: PageSettings): WebAsset {
  const html = raw
    .toString('utf8')
    .replaceAll(MAKER_NAME_PLACEHOLDER, () => escapeHtml(settings.makerName))
    .replaceAll(CHROMATOF_DOWNLOADS_URL_PLACEHOLDER, () => escapeHtml(settings.chromatofDownloadsUrl))
    .replaceAll(REPORT_ERRORS_PLACEHOLDER, String(settings.reportErrors))
    .replaceAll(SUPPORT_URL_PLACEHOLDER, () => escapeHtml(settings.supportUrl ?? ''))
    .replaceAll(SUPPORT_EMAIL_PLACEHOLDER, () => escapeHtml(settings.supportEmail ?? ''))
    .replaceAll(MAKER_LOGO_URL_PLACEHOLDER, () => escapeHtml(settings.makerLogoUrl))
    .replaceAll(DOWNLOAD_RECORDS_RETENTION_DAYS_PLACEHOLDER, String(settings.downloadRecordsRetentionDays))
    .replaceAll(TELEMETRY_RETENTION_DAYS_PLACEHOLDER, String(settings.telemetryRetentionDays))
    .replaceAll(DRAFT_EXPIRY_DAYS_PLACEHOLDER, String(settings.draftExpiryDays))
    .replaceAll(OIDC_NAME_PLACEHOLDER, () => escapeHtml(settings.oidcName ?? ''))
    .replaceAll(OIDC_ONLY_PLACEHOLDER, String(settings.oidcOnly ?? false))
    .replaceAll(PUBLIC_ORIGIN_PLACEHOLDER, () => escapeHtml(settings.publicUrl?.origin ?? ''));
  const connectSources = connectOrigins(settings);
  const page = pageAsset(html, connectSources);
  return html.includes(HOME_NEWS_PLACEHOLDER) ? { ...page, newsTemplate: { html, connectSources } } : page;
}

/**
 * A page's HTML as it is served: compressed, with its ETag and CSP. `quality` is brotli's:
 * 11 once at start-up; less for a page written anew after a publish, made while a visitor waits.
 */
export function pageAsset(html: string, connectSources: string[], quality = 11): WebAsset {
  const body = Buffer.from(html);
  return {
    body,
    brotli: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality } }),
    gzip: gzipSync(body, { level: quality === 11 ? 9 : 6 }),
    contentType: CONTENT_TYPES['.html']!,
    etag: etagOf(body),
    cacheControl: REVALIDATE,
    contentSecurityPolicy: pageContentSecurityPolicy(inlineScriptHashes(html), connectSources),
  };
}

/** SHA-256 of every inline <script> (the ones React Router writes to hydrate the page). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', content = ''] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The draft screen's hashing worker (apps/web/app/features/publishing/drafts/sha256-worker.ts,
 * built as `sha256-worker-<hash>.js`). A dedicated worker runs under the policy its own script
 * is served with, not the page's: this one alone may compile WebAssembly (its SHA-256), and
 * may read only the File the page hands it (decision 270). No page allows WebAssembly.
 */
export const WASM_WORKER_SCRIPT = /^\/assets\/sha256-worker-[\w-]+\.js$/;
export const WASM_WORKER_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Origins other than the site's own that pages fetch from: the ChromaTOF lookup's, when it is elsewhere. */
function connectOrigins(settings: PageSettings): string[] {
  return settings.chromatofDownloadsUrl.startsWith('/') ? [] : [new URL(settings.chromatofDownloadsUrl).origin];
}

export function pageContentSecurityPolicy(scriptHashes: string[], connectSources: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    ["connect-src 'self'", ...connectSources].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

async function readClientRoutes(buildDir: string): Promise<RegExp[]> {
  let patterns: string[];
  try {
    patterns = JSON.parse(await readFile(path.join(buildDir, 'client-routes.json'), 'utf8')) as string[];
  } catch {
    return [];
  }
  return patterns.map(routePatternToRegExp);
}

/** `/service/cornerstone/:name` → a RegExp for the path; `*` matches the rest of the path. */
export function routePatternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return segment.endsWith('?') ? '[^/]*' : '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`, 'i');
}

function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? listFiles(dir, path.join(prefix, entry.name)) : [path.join(prefix, entry.name)],
    ),
  );
  return nested.flat();
}
