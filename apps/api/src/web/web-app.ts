import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { answeredNotModified } from '../plugins/file-delivery';
import { HOME_NEWS_PLACEHOLDER, homeNewsHtml, languageOfPath, type HomeNews } from '@portal/contracts';
import { homeNewsWords } from './messages';
import { pageAsset, type WebAsset, type WebBuild } from './web-build';

/**
 * Serves the built web app: hashed assets for a year, pages revalidated on every visit,
 * brotli or gzip when the browser takes it. A path that is neither a file, a prerendered
 * page nor a browser-only route gets the prerendered not-found page with status 404, in the
 * language of its prefix (`/de/…`, docs/decisions/281-customer-pages-in-six-languages.md).
 */
export default fp<{ build: WebBuild; homeNews?: () => Promise<HomeNews> }>(
  async function webApp(app: FastifyInstance, { build, homeNews }) {
    const serve = async (request: FastifyRequest, reply: FastifyReply) => {
      const pathname = decodePath(request.url);
      if (pathname === '/v1' || pathname?.startsWith('/v1/')) return reply.callNotFound();
      const asset = pathname === undefined ? undefined : findAsset(build, pathname);
      if (asset?.newsTemplate) return send(request, reply, await withNews(asset, pathname!, request), 200);
      if (asset) return send(request, reply, asset, 200);
      await app.rateLimitNotFound(request, reply);
      if (reply.sent) return reply;
      const language = pathname === undefined ? 'en' : languageOfPath(pathname);
      return send(request, reply, build.notFoundPages.get(language) ?? build.notFoundPage, 404);
    };
    /**
     * The home page with "What's new" as the catalogue and the advisories stand now
     * (docs/decisions/251-home-news-written-into-the-page.md): written anew only when the news
     * changed. Without its sources (the database away), the page goes out with nothing in
     * that place rather than not at all.
     */
    const written = new Map<WebAsset, { news: HomeNews; html: string; page: WebAsset }>();
    const withNews = async (template: WebAsset, pathname: string, request: FastifyRequest): Promise<WebAsset> => {
      if (!homeNews) return template;
      let news: HomeNews;
      try {
        news = await homeNews();
      } catch (error) {
        request.log.error({ err: error }, "the home page's What's new could not be read");
        return template;
      }
      const last = written.get(template);
      // The same news object while the catalogue, the advisories and the day stay (HomeNewsService).
      if (last?.news === news) return last.page;
      const html = homeNewsHtml(news, homeNewsWords(build.texts, languageOfPath(pathname)));
      if (last?.html === html) {
        written.set(template, { ...last, news });
        return last.page;
      }
      const { html: pageHtml, connectSources } = template.newsTemplate!;
      const page = pageAsset(
        pageHtml.replace(HOME_NEWS_PLACEHOLDER, () => html),
        connectSources,
        NEWS_PAGE_BROTLI_QUALITY,
      );
      written.set(template, { news, html, page });
      return page;
    };
    app.get('/*', { schema: { hide: true } }, serve);
  },
  { name: 'web-app', dependencies: ['not-found'] },
);

/** Brotli's quality for the home page written after a publish: made while its first visitor waits. */
const NEWS_PAGE_BROTLI_QUALITY = 5;

function findAsset(build: WebBuild, pathname: string): WebAsset | undefined {
  const exact = build.assets.get(pathname) ?? build.assets.get(pathname.replace(/\/+$/, '') || '/');
  if (exact) return exact;
  if (pathname.startsWith('/assets/')) return undefined;
  if (!build.clientRoutes.some((route) => route.test(pathname))) return undefined;
  return build.spaFallbacks.get(languageOfPath(pathname)) ?? build.spaFallback;
}

function send(request: FastifyRequest, reply: FastifyReply, asset: WebAsset, status: number) {
  reply
    .status(status)
    .header('content-type', asset.contentType)
    .header('cache-control', asset.cacheControl)
    .header('etag', asset.etag)
    .header('vary', 'Accept-Encoding');
  if (asset.contentSecurityPolicy) reply.header('content-security-policy', asset.contentSecurityPolicy);
  if (status === 200 && answeredNotModified(request, reply, asset)) return reply;

  const encoding = preferredEncoding(request.headers['accept-encoding'], asset);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? asset.brotli : encoding === 'gzip' ? asset.gzip : asset.body);
}

function preferredEncoding(header: string | undefined, asset: WebAsset): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (asset.brotli && accepted.has('br')) return 'br';
  if (asset.gzip && accepted.has('gzip')) return 'gzip';
  return undefined;
}

function decodePath(url: string): string | undefined {
  const pathname = url.split('?', 1)[0]!;
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}
