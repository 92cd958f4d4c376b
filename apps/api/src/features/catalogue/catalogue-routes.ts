import {
  CATALOGUE_PATHS,
  DownloadLink,
  DsvDownloadParams,
  DsvMap,
  ErrorBody,
  Families,
  FileParams,
  FileQuery,
  INVALID_DSV_REGISTRATION_ID,
  INVALID_INSTALLER_REGISTRATION_ID,
  INVALID_KEY_ID,
  INVALID_PIB_REGISTRATION_ID,
  parseCustomerAuthorization,
  Pibs,
  ReleaseDates,
  VersionParams,
  Versions,
  VersionSummary,
} from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { NOT_FOUND_MESSAGE } from '../../plugins/not-found';
import { STAFF_SIGN_IN_REQUIRED } from '../../plugins/staff-auth';
import { constantTimeEqual, derivedKey } from '../../shared/keyed-digest';
import { BlobStore } from './blob-store';
import { CatalogueCache, listenForPublishes } from './catalogue-cache';
import { downloads } from './catalogue-schema';
import { brakeClientKey, CredentialBrake } from './credential-brake';
import { customerDigester, normaliseCustomerId } from './customer-credentials';
import { checkDownloadLink, signDownloadLink, type Grant } from './download-links';
import {
  dsvsFor,
  entitledDsvs,
  familiesOf,
  grantOf,
  pibsFor,
  releaseDates,
  versionsFor,
  versionSummary,
  type Caller,
} from './entitlements';
import { sendFile, truncatedAddress } from './file-delivery';
import type { FileRecord } from './catalogue-snapshot';

/**
 * Serialised answers per caller, reused while their links are the same (they change each
 * minute, see signDownloadLink) and the catalogue has not been republished: the hottest
 * lookup then costs one digest and a map read.
 */
class AnswerCache {
  private snapshot: object | undefined;
  private minute = 0;
  private readonly answers = new Map<string, string>();
  private static readonly MAX_ENTRIES = 10_000;

  get(snapshot: object, key: string, build: () => string): string {
    const minute = Math.floor(Date.now() / 60_000);
    if (snapshot !== this.snapshot || minute !== this.minute || this.answers.size >= AnswerCache.MAX_ENTRIES) {
      this.snapshot = snapshot;
      this.minute = minute;
      this.answers.clear();
    }
    let answer = this.answers.get(key);
    if (answer === undefined) {
      answer = build();
      this.answers.set(key, answer);
    }
    return answer;
  }
}

export interface CatalogueRoutesOptions {
  /** The blob store's folder (DATA_DIR/files). */
  blobRoot: string;
}

/** Which credentials an endpoint takes, and the 401 text of SPEC §8 for each. */
interface AcceptedCredentials {
  hasp?: string;
  rainbow?: string;
  bearer?: boolean;
}

const BinaryFile = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });
const AuthorizationHeaders = Type.Object({
  authorization: Type.Optional(Type.String({ description: '`Hasp id=…`, `Rainbow id=…` or `Bearer …`' })),
});

/**
 * The Cornerstone catalogue for customers and staff (SPEC §7), and delivery of its files
 * through short-lived signed links. Paths: docs/decisions/030-catalogue-api-paths.md.
 */
export const catalogueRoutes: FastifyPluginAsyncTypebox<CatalogueRoutesOptions> = async (app, { blobRoot }) => {
  const cache = new CatalogueCache(app.db);
  const listener = listenForPublishes(app.pool, cache, app.log);
  const brake = new CredentialBrake();
  const blobStore = new BlobStore(blobRoot);
  const linkKey = derivedKey(app.secretKey, 'download-link');
  const link = (file: FileRecord, grant: Grant) => signDownloadLink(linkKey, file, grant);
  const digestOf = customerDigester(app.secretKey);
  const versionAnswers = new AnswerCache();
  const pendingRecords = new Set<Promise<unknown>>();

  app.addHook('onClose', async () => {
    await listener.stop();
    await Promise.allSettled(pendingRecords);
  });

  /**
   * The caller behind the Authorization header, or undefined once a 401 or 429 has been
   * sent. Unknown, malformed and revoked IDs all get the same answer; each failure counts
   * against the client's address, and past the brake's limit the client is refused before
   * its credential is even looked at.
   */
  async function authenticate(
    request: FastifyRequest,
    reply: FastifyReply,
    accepted: AcceptedCredentials,
  ): Promise<Caller | undefined> {
    const retryAfter = brake.retryAfterSeconds(brakeClientKey(request.ip));
    if (retryAfter !== undefined) {
      await reply
        .status(429)
        .header('retry-after', retryAfter)
        .send({ message: 'Too many failed attempts. Please wait a few minutes and try again.' });
      return undefined;
    }
    const header = request.headers.authorization;
    if (accepted.bearer && header?.startsWith('Bearer ')) {
      if (await app.staffIdentity(request)) return { kind: 'staff' };
      return fail(request, reply, STAFF_SIGN_IN_REQUIRED);
    }
    const credential = parseCustomerAuthorization(header);
    const message =
      header?.startsWith('Rainbow') && accepted.rainbow ? accepted.rainbow : (accepted.hasp ?? accepted.rainbow!);
    if (credential && accepted[credential.scheme]) {
      const snapshot = await cache.get();
      const registration = snapshot.registrations.get(digestOf(credential.scheme, credential.id));
      if (registration && registration.scheme === credential.scheme && !registration.revoked) {
        return { kind: 'customer', registration };
      }
    }
    return fail(request, reply, message);
  }

  async function fail(request: FastifyRequest, reply: FastifyReply, message: string) {
    brake.recordFailure(brakeClientKey(request.ip));
    await reply.status(401).send({ message });
    return undefined;
  }

  const tags = ['catalogue'];
  const customerErrors = { 401: ErrorBody, 429: ErrorBody };

  app.get(
    CATALOGUE_PATHS.families,
    {
      schema: {
        tags,
        summary: 'The families of a registration (Dev and Demo are read by the offline installer screen)',
        headers: AuthorizationHeaders,
        response: { 200: Families, ...customerErrors },
      },
    },
    async (request, reply) => {
      const caller = await authenticate(request, reply, { hasp: INVALID_INSTALLER_REGISTRATION_ID });
      if (caller?.kind !== 'customer') return reply;
      return familiesOf(await cache.get(), caller.registration);
    },
  );

  app.get(
    CATALOGUE_PATHS.versions,
    {
      schema: {
        tags,
        summary: 'Versions a registration may install (all of them for staff)',
        headers: AuthorizationHeaders,
        response: { 200: Versions, ...customerErrors },
      },
    },
    async (request, reply) => {
      const caller = await authenticate(request, reply, { hasp: INVALID_INSTALLER_REGISTRATION_ID, bearer: true });
      if (!caller) return reply;
      const snapshot = await cache.get();
      const body = versionAnswers.get(snapshot, grantOf(caller), () =>
        JSON.stringify(versionsFor(snapshot, caller, link)),
      );
      // Already serialised (and shaped by the same Versions type): sent as is.
      return reply.type('application/json; charset=utf-8').send(body as unknown as Versions);
    },
  );

  app.get(
    CATALOGUE_PATHS.version,
    {
      preHandler: app.requireStaff,
      schema: {
        tags,
        summary: 'One version (staff)',
        params: VersionParams,
        response: { 200: VersionSummary, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const snapshot = await cache.get();
      const version = snapshot.versions.get(request.params.name);
      if (!version) return reply.status(404).send({ message: 'No such version' });
      return versionSummary(snapshot, version, 'staff', link);
    },
  );

  app.get(
    CATALOGUE_PATHS.releaseDates,
    {
      preHandler: app.requireStaff,
      schema: {
        tags,
        summary: 'Release date of each version (staff)',
        response: { 200: ReleaseDates, 401: ErrorBody },
      },
    },
    async () => releaseDates(await cache.get()),
  );

  app.get(
    CATALOGUE_PATHS.bulletins,
    {
      schema: {
        tags,
        summary: 'Product Information Bulletins of a registration ID, a key ID, or all for staff',
        headers: AuthorizationHeaders,
        response: { 200: Pibs, ...customerErrors },
      },
    },
    async (request, reply) => {
      const caller = await authenticate(request, reply, {
        hasp: INVALID_PIB_REGISTRATION_ID,
        rainbow: INVALID_KEY_ID,
        bearer: true,
      });
      if (!caller) return reply;
      return pibsFor(await cache.get(), caller, link);
    },
  );

  app.get(
    CATALOGUE_PATHS.dsvs,
    {
      schema: {
        tags,
        summary: 'Declarations of Software Validation of a registration: key to version and download link',
        headers: AuthorizationHeaders,
        response: { 200: DsvMap, ...customerErrors },
      },
    },
    async (request, reply) => {
      const caller = await authenticate(request, reply, { hasp: INVALID_DSV_REGISTRATION_ID });
      if (!caller) return reply;
      return dsvsFor(await cache.get(), caller, link);
    },
  );

  app.get(
    CATALOGUE_PATHS.dsvDownload,
    {
      schema: {
        tags,
        summary:
          'A download link for one DSV; the registration ID in the path must be the one in the Authorization header',
        headers: AuthorizationHeaders,
        params: DsvDownloadParams,
        response: { 200: DownloadLink, 404: ErrorBody, ...customerErrors },
      },
    },
    async (request, reply) => {
      const caller = await authenticate(request, reply, { hasp: INVALID_DSV_REGISTRATION_ID });
      if (caller?.kind !== 'customer') return reply;
      // Credentials come only from the header; the path's copy must agree with it (decision 031).
      const presented = parseCustomerAuthorization(request.headers.authorization)!.id;
      if (!constantTimeEqual(normaliseCustomerId(presented), normaliseCustomerId(request.params.registrationId))) {
        return fail(request, reply, INVALID_DSV_REGISTRATION_ID).then(() => reply);
      }
      const dsv = entitledDsvs(await cache.get(), caller).get(request.params.key);
      if (!dsv) return reply.status(404).send({ message: NOT_FOUND_MESSAGE });
      return { uri: link(dsv.file, grantOf(caller)) };
    },
  );

  app.get(
    CATALOGUE_PATHS.file,
    {
      schema: {
        tags,
        summary: 'A published file, through a signed link from one of the lookups (valid one hour)',
        params: FileParams,
        querystring: FileQuery,
        response: {
          200: BinaryFile,
          206: BinaryFile,
          304: Type.Null(),
          404: ErrorBody,
          410: ErrorBody,
          416: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { fileId, fileName } = request.params;
      const { expires, grant, signature } = request.query;
      const check = checkDownloadLink(linkKey, { fileId, fileName, expires, grant, signature });
      // A link not made by us answers as if the file did not exist.
      if (check === 'forged') return reply.status(404).send({ message: NOT_FOUND_MESSAGE });
      if (check === 'expired') {
        return reply.status(410).send({ message: 'This download link has expired. Please look the file up again.' });
      }
      const file = (await cache.get()).files.get(fileId);
      if (!file) return reply.status(404).send({ message: NOT_FOUND_MESSAGE });
      const client = truncatedAddress(request.ip);
      return sendFile(request, reply, file, blobStore.pathOf(file.blobKey), (bytesSent) => {
        if (request.method !== 'GET') return;
        const record = app.db
          .insert(downloads)
          .values({
            fileId: file.id,
            registrationDigest: grant.startsWith('r.') ? grant.slice(2) : null,
            bytesSent,
            clientAddress: client,
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'could not record a download'))
          .finally(() => pendingRecords.delete(record));
        pendingRecords.add(record);
      });
    },
  );
};
