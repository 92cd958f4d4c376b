import { HOME_NEWS_PATH, HomeNews, NoQuery } from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';

/**
 * The home page's "What's new" as data: what the browser reads when it comes to Home from
 * another page (a page loaded at Home has it written in already), and for any client.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    HOME_NEWS_PATH,
    {
      schema: {
        tags: ['releases'],
        summary:
          "The home page's What's new: the latest Cornerstone, the latest firmware of each series, the newest advisories (public)",
        querystring: NoQuery,
        response: { 200: HomeNews },
      },
    },
    async (_request, reply) => {
      // Public and the same for everyone, like the latest version: caches may keep it a few minutes.
      reply.header('cache-control', 'public, max-age=300');
      return (await app.homeNews.current()).news;
    },
  );
};

export const homeNewsRoutes = fp(routes, { name: 'home-news-routes', dependencies: ['home-news'], encapsulate: true });
