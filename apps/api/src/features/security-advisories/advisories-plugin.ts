import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/config';
import { publishedReleases } from '../../plugins/catalogue/release-references';
import type { PublishContext } from './advisories';
import type { Publisher } from './csaf-document';
import { listenForAdvisories, loadPublishedAdvisories, PublishedAdvisoriesCache } from './published-advisories';

declare module 'fastify' {
  interface FastifyInstance {
    /** The published advisories from memory, and what a publish needs (docs/security-advisories.md). */
    advisories: { published: PublishedAdvisoriesCache; publishContext: PublishContext };
  }
}

export function publisherOf(config: Config): Publisher {
  return {
    name: config.makerName,
    namespace: config.publicUrl.origin,
    contactDetails: config.securityContact,
    publicUrl: config.publicUrl,
  };
}

/**
 * Shared by the advisory routes, the CSAF distribution and the lookups' marks: registered
 * with the services, before the features that read it.
 */
export default fp(
  async function advisoriesPlugin(app: FastifyInstance) {
    const publisher = publisherOf(app.config);
    const published = new PublishedAdvisoriesCache(() => loadPublishedAdvisories(app.db, publisher, app.csafSigning));
    const listener = listenForAdvisories(app.pool, published, app.log);
    app.addHook('onClose', async () => listener.stop());
    app.decorate('advisories', {
      published,
      publishContext: {
        releases: async () => publishedReleases(await app.catalogue.get()),
        publisher,
        idPrefix: app.config.csafIdPrefix,
        signing: app.csafSigning,
      },
    });
  },
  { name: 'advisories', dependencies: ['config', 'database', 'catalogue', 'csaf-signing'] },
);
