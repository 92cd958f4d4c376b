import {
  AUDIT_ACTIONS,
  CurrentFeed,
  ErrorBody,
  FEED_REVOKED,
  FEED_REISSUE_ACCESS,
  FEEDS_PATHS,
  FeedFile,
  FeedFileParams,
  FeedParams,
  FeedReissueBody,
  feedPath,
  fileWithdrawnMessage,
  FirmwareFeedParams,
  INVALID_KEY_ID,
  INVALID_PIB_REGISTRATION_ID,
  NO_SUCH_FEED_ID,
  NoQuery,
  affectedByText,
  type ReleaseReference,
} from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { fileDetails, releaseNotesLink } from '../../plugins/catalogue/file-details';
import { CUSTOMER_AUTH_RESPONSES, CustomerAuthorizationHeaders } from '../../plugins/customer-auth/customer-auth';
import { grantOf } from '../../plugins/download-links';
import { sendFromMemory } from '../../plugins/file-delivery';
import { NOT_FOUND_MESSAGE } from '../../plugins/not-found';
import { STAFF_AUTH_RESPONSES, StaffAuthorizationHeaders } from '../../plugins/staff-auth';
import { ATOM_CONTENT_TYPE, escapeHtml, type AtomEntry } from '../../shared/atom-feed';
import type { CatalogueSnapshot, RegistrationRecord } from '../../plugins/catalogue/catalogue-snapshot';
import { entitledVersions } from '../../plugins/catalogue/entitlements';
import { CREDENTIAL_ANSWER_CACHE_CONTROL } from '../../shared/cache-control';
import { listenToChannel } from '../../shared/pg-listener';
import { downloadableReleases } from '../chromatof/queries';
import { affectedByOf } from '../security-advisories/queries';
import {
  FEED_TOKENS_CHANGED_CHANNEL,
  FeedDocumentCache,
  feedDocument,
  feedTokenCache,
  type FeedDocument,
} from './feed-caches';
import {
  currentFeedToken,
  feedItems,
  feedTokenKeys,
  firmwareFeed,
  privateFeed,
  reissueFeedToken,
  releaseNotesReader,
} from './feeds';

const AtomDocument = Type.String({ description: 'An Atom 1.0 document (application/atom+xml)' });
/** A firmware feed is public and the same for everyone: readers and caches may keep it five minutes. */
const FIRMWARE_FEED_CACHE_CONTROL = 'public, max-age=300';
/** Private feed documents kept per portal: the most fetched, up to this many and this many bytes. */
const CACHED_FEED_DOCUMENTS = 2_000;
const CACHED_FEED_BYTES = 64 * 1024 * 1024;

/**
 * Private update feeds (docs/feeds.md): a feed per registration ID and key ID at an address
 * holding an opaque token, the file pages its entries lead to, the address for a customer's
 * own credential, and the staff reissue that replaces an address; and the public feed of
 * each firmware series. Every answered fetch of a feed is counted per day, nothing else.
 * A fetch is answered from memory: the token's row and the feed's document (with its ETag)
 * are read and built once, the document once per catalogue snapshot
 * (docs/decisions/145-feeds-served-from-memory.md).
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['feeds'];
  const tokens = feedTokenKeys(app.secretKey);
  const notesText = releaseNotesReader(app.blobStore);
  const tokenRows = feedTokenCache(app.db, tokens);
  const privateDocuments = new FeedDocumentCache(CACHED_FEED_DOCUMENTS, CACHED_FEED_BYTES);
  /** One object per pair of catalogue snapshot and published advisories: what the private feeds are built from. */
  let generation: { snapshot: object; published: object; key: object } | undefined;
  const generationOf = (snapshot: object, published: object) => {
    if (generation?.snapshot !== snapshot || generation.published !== published)
      generation = { snapshot, published, key: {} };
    return generation.key;
  };
  type PublishedAdvisories = Awaited<ReturnType<typeof app.advisories.published.get>>;
  /**
   * An entry per advisory that affects a release the registration sees, at its current revision:
   * a registration ID's Cornerstone versions, a key ID's downloadable ChromaTOF releases. The
   * marks are the prebuilt map's (docs/decisions/225-affected-marks-built-once.md).
   */
  const advisoryEntries = (
    snapshot: CatalogueSnapshot,
    registration: RegistrationRecord,
    published: PublishedAdvisories,
  ): AtomEntry[] => {
    if (published.marks.size === 0) return [];
    const entries = new Map<string, AtomEntry>();
    for (const release of releasesSeenBy(snapshot, registration)) {
      for (const mark of affectedByOf(published.marks, release)) {
        const detail = published.details.get(mark.advisoryId);
        if (!detail || entries.has(mark.advisoryId)) continue;
        const page = new URL(mark.url, app.config.publicUrl).toString();
        entries.set(mark.advisoryId, {
          id: `tag:${app.config.publicUrl.hostname},2026:advisories:${mark.advisoryId}:revision:${detail.version}`,
          title: affectedByText(mark),
          link: page,
          updated: new Date(detail.currentReleaseDate),
          content: `<p>${escapeHtml(detail.summary)}</p>`,
        });
      }
    }
    return [...entries.values()];
  };
  const firmwareDocuments = new FeedDocumentCache(3, CACHED_FEED_BYTES);

  // A reissue on any portal (or a lost LISTEN connection, which may have missed one) forgets the rows held here.
  const listener = listenToChannel(
    app.pool,
    FEED_TOKENS_CHANGED_CHANNEL,
    { notification: () => tokenRows.forgetAll(), reset: () => tokenRows.forgetAll() },
    app.log,
    'feed address reissues',
  );
  await listener.ready;
  app.addHook('onClose', async () => listener.stop());

  /**
   * The registration a token in the path names, or undefined once the answer has gone: 404
   * for anything that is not a current token (malformed, overlong, unknown: alike, each a
   * failed guess for the brake), 410 for an address a reissue replaced, 429 while braked.
   */
  async function feedOwner(request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) {
    // Answers derived from the token are the customer's alone, whatever the answer.
    reply.header('cache-control', CREDENTIAL_ANSWER_CACHE_CONTROL).header('x-robots-tag', 'noindex');
    const presented = String(request.params.token ?? '');
    if (await app.guessingBrake.braked(request, reply, presented)) return undefined;
    const row = request.validationError ? undefined : await tokenRows.find(presented);
    if (!row) {
      await app.guessingBrake.failed(request, presented);
      await reply.status(404).send({ message: NOT_FOUND_MESSAGE, code: 'not-found' });
      return undefined;
    }
    if (row.revokedAt) {
      await reply.status(410).send({ message: FEED_REVOKED, code: 'feed-replaced' });
      return undefined;
    }
    const snapshot = await app.catalogue.get();
    const registration = snapshot.registrations.get(row.registrationDigest);
    // A registration withdrawn from the catalogue keeps its token row but sees nothing: as unknown.
    if (!registration || registration.revoked) {
      await reply.status(404).send({ message: NOT_FOUND_MESSAGE, code: 'not-found' });
      return undefined;
    }
    await app.guessingBrake.succeeded(request, presented);
    return { snapshot, registration, token: presented, issuedAt: row.issuedAt };
  }

  app.get(
    FEEDS_PATHS.current,
    {
      config: { customerCredentials: { hasp: INVALID_PIB_REGISTRATION_ID, rainbow: INVALID_KEY_ID } },
      schema: {
        tags,
        summary: "The address of the caller's feed (a registration ID or key ID in the Authorization header)",
        headers: CustomerAuthorizationHeaders,
        querystring: NoQuery,
        response: { 200: CurrentFeed, ...CUSTOMER_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const caller = await app.authenticateCustomer(request, reply);
      if (caller?.kind !== 'customer') return reply;
      return { feed: feedPath(await currentFeedToken(app.db, tokens, caller.registration.idDigest)) };
    },
  );

  app.get(
    FEEDS_PATHS.feed,
    {
      attachValidation: true,
      schema: {
        tags,
        summary:
          'The private Atom feed of a registration ID or key ID: its newest files (at most 100), no download links',
        params: FeedParams,
        response: {
          200: AtomDocument,
          304: Type.Null(),
          404: ErrorBody,
          410: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const owner = await feedOwner(request, reply);
      if (!owner) return reply;
      // Built once per token, snapshot and advisories: a refetch, and above all a 304, only compares the ETag.
      const published = app.advisories.published.loaded() ?? (await app.advisories.published.get());
      const generation = generationOf(owner.snapshot, published);
      const document =
        privateDocuments.get(owner.token, generation) ??
        (await privateDocuments.obtain(owner.token, generation, async () => {
          const { xml, updated } = await privateFeed({
            publicUrl: app.config.publicUrl,
            makerName: app.config.makerName,
            token: owner.token,
            scheme: owner.registration.scheme,
            issuedAt: owner.issuedAt,
            items: feedItems(owner.snapshot, owner.registration),
            notesText,
            advisories: advisoryEntries(owner.snapshot, owner.registration, published),
          });
          return feedDocument(xml, updated);
        }));
      app.feedFetches.count('private');
      return sendFeed(request, reply, document, CREDENTIAL_ANSWER_CACHE_CONTROL);
    },
  );

  app.get(
    FEEDS_PATHS.file,
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "One file of a feed, with a download link signed now (valid one hour); only a file the feed's ID sees",
        params: FeedFileParams,
        querystring: NoQuery,
        response: { 200: FeedFile, 404: ErrorBody, 410: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const owner = await feedOwner(request, reply);
      if (!owner) return reply;
      const item = feedItems(owner.snapshot, owner.registration).find(
        (candidate) => candidate.file.id === request.params.fileId,
      );
      if (!item) return reply.status(404).send({ message: NOT_FOUND_MESSAGE, code: 'not-found' });
      // An older entry of a file since withdrawn leads here: it says so, as the file's links do.
      if (item.withdrawal)
        return reply.status(410).send({ message: fileWithdrawnMessage(app.config.makerName), code: 'file-withdrawn' });
      const grant = grantOf({ kind: 'customer', registration: owner.registration });
      return {
        title: item.title,
        product: item.product,
        version: item.version,
        uri: app.downloadLinks.sign(item.file, grant),
        file: fileDetails(item.file),
        releaseNotes: item.isReleaseNotes
          ? null
          : releaseNotesLink(owner.snapshot, item.product, item.version, grant, app.downloadLinks),
      };
    },
  );

  app.get(
    FEEDS_PATHS.firmware,
    {
      schema: {
        tags,
        summary: "The public Atom feed of one series' firmware releases (mx, px, cx), newest version first",
        params: FirmwareFeedParams,
        querystring: NoQuery,
        response: { 200: AtomDocument, 304: Type.Null() },
      },
    },
    async (request, reply) => {
      const { series } = request.params;
      const snapshot = await app.catalogue.get();
      const document =
        firmwareDocuments.get(series, snapshot) ??
        (await firmwareDocuments.obtain(series, snapshot, () => {
          const { publicUrl, makerName } = app.config;
          const { xml, updated } = firmwareFeed(snapshot, series, { publicUrl, makerName });
          return feedDocument(xml, updated);
        }));
      app.feedFetches.count('firmware');
      return sendFeed(request, reply, document, FIRMWARE_FEED_CACHE_CONTROL);
    },
  );

  app.post(
    FEEDS_PATHS.reissue,
    {
      config: { staffAccess: FEED_REISSUE_ACCESS },
      schema: {
        tags,
        summary:
          'A new feed address for a registration ID or key ID (staff with the service role); the old address answers 410 from now on',
        headers: StaffAuthorizationHeaders,
        body: FeedReissueBody,
        response: { 200: CurrentFeed, 404: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CREDENTIAL_ANSWER_CACHE_CONTROL);
      const registrationDigest = app.registrations.digestOf(request.body);
      const registration = (await app.catalogue.get()).registrations.get(registrationDigest);
      if (!registration || registration.scheme !== request.body.scheme) {
        return reply.status(404).send({ message: NO_SUCH_FEED_ID });
      }
      // The new address is handed out only once its audit row is committed.
      const { token } = await app.db.transaction(async (tx) => {
        const issued = await reissueFeedToken(tx, tokens, registrationDigest);
        await app.auditLog.record(tx, request, {
          action: AUDIT_ACTIONS.feedReissue,
          outcome: 'reissued',
          registrationDigest,
          detail: { generation: issued.generation },
        });
        return issued;
      });
      // This portal forgets at once; the others on the NOTIFY the commit sent.
      tokenRows.forgetAll();
      return { feed: feedPath(token) };
    },
  );
};

export const feedsRoutes = fp(routes, {
  name: 'feeds-routes',
  dependencies: [
    'config',
    'database',
    'blob-store',
    'catalogue',
    'registrations',
    'customer-auth',
    'download-links',
    'staff-auth',
    'audit-log',
    'feed-fetch-counts',
    'advisories',
  ],
  encapsulate: true,
});

/** A feed's document, or 304 when the client holds its ETag (or, without If-None-Match, its date). */
function sendFeed(request: FastifyRequest, reply: FastifyReply, document: FeedDocument, cacheControl: string) {
  return sendFromMemory(request, reply, {
    body: document.body,
    contentType: ATOM_CONTENT_TYPE,
    etag: document.etag,
    lastModified: document.lastModified,
    cacheControl,
  });
}

/** The releases a registration's feed speaks of: a registration ID's Cornerstone versions, a key ID's ChromaTOF releases. */
function releasesSeenBy(snapshot: CatalogueSnapshot, registration: RegistrationRecord): ReleaseReference[] {
  if (registration.scheme === 'hasp')
    return entitledVersions(snapshot, { kind: 'customer', registration }).map((version): ReleaseReference => ({
      kind: 'cornerstone',
      version: version.name,
    }));
  return downloadableReleases(snapshot, registration).map(({ product, version }): ReleaseReference => ({
    kind: 'chromatof',
    product,
    version,
  }));
}
