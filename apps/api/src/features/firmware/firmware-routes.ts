import {
  compareVersions,
  ErrorBody,
  FIRMWARE_PATHS,
  FIRMWARE_VERSION_NAME_PATTERN,
  FirmwareMetadata,
  firmwareReleaseNotesPath,
  FirmwareReleases,
  firmwareSbomPath,
  firmwareUpdatePath,
  fileWithdrawnMessage,
  type FirmwareInstrumentName,
} from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import { Type } from 'typebox';
import type { CatalogueSnapshot } from '../../plugins/catalogue/catalogue-snapshot';
import { fileDetails } from '../../plugins/catalogue/file-details';
import { contentDisposition, sendFromMemory } from '../../plugins/file-delivery';
import { affectedByOf, type AffectedByMarks } from '../security-advisories/queries';
import { sbomOf, type SbomRecord } from '../sboms/queries';
import type { FirmwareReleaseRecord } from './firmware-snapshot';

const BinaryFile = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });
/** The answers of a firmware release's file (its update.zip, its SBOM), delivered as every published file is. */
const FIRMWARE_FILE_RESPONSES = {
  200: BinaryFile,
  206: BinaryFile,
  303: Type.Null({
    description: 'With S3 (FILE_DELIVERY=redirect): to a presigned URL of the file that lives 5 minutes',
  }),
  304: Type.Null(),
  404: ErrorBody,
  410: ErrorBody,
  416: ErrorBody,
  503: ErrorBody,
};
const NOT_PUBLISHED = 'No firmware has been published yet.';

/**
 * Public and cacheable by anyone: the same for every client, and checked by the client
 * itself (signature, sequence, expiry, SHA-256). The metadata and its signature are
 * revalidated often, so a publish reaches instruments within a minute; an update.zip changes
 * only if its version is republished, and its ETag is its SHA-256.
 */
const METADATA_CACHE_CONTROL = 'public, max-age=60';
const UPDATE_CACHE_CONTROL = 'public, max-age=3600';
const SIGNING_KEY_CACHE_CONTROL = 'public, max-age=86400';
/** The list of releases changes with a publish, like the metadata; a release's notes only if it is republished. */
const RELEASES_CACHE_CONTROL = METADATA_CACHE_CONTROL;
const RELEASE_NOTES_CACHE_CONTROL = UPDATE_CACHE_CONTROL;
/** Never quotes the version asked for: an error body repeats nothing of the request. */
const NO_SUCH_FIRMWARE = 'There is no firmware of that version.';
const NO_SUCH_SBOM = 'There is no software bill of materials for firmware of that version.';

/**
 * Metallographics firmware on stable public paths (docs/firmware.md): the signed metadata
 * file the firmware pages and instruments read, its signature, the key that verifies it,
 * and each release's update.zip.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const signingKey = Buffer.from(app.firmwareSigning.publicKeyPem);
  const signingKeyEtag = etagOf(signingKey);

  app.get(
    FIRMWARE_PATHS.metadata,
    {
      schema: {
        tags: ['firmware'],
        summary: 'The firmware metadata file: the latest version of each instrument, signed (see .sig)',
        response: { 200: FirmwareMetadata, 304: Type.Null(), 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { metadata } = (await app.catalogue.get()).firmware;
      if (!metadata) return reply.status(404).send({ message: NOT_PUBLISHED, code: 'firmware-not-found' });
      return sendFromMemory(request, reply, {
        body: metadata.bytes,
        etag: metadata.etag,
        contentType: 'application/json',
        cacheControl: METADATA_CACHE_CONTROL,
      });
    },
  );

  app.get(
    FIRMWARE_PATHS.signature,
    {
      schema: {
        tags: ['firmware'],
        summary: 'The detached Ed25519 signature (64 bytes) of the metadata file as served',
        response: { 200: BinaryFile, 304: Type.Null(), 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { metadata } = (await app.catalogue.get()).firmware;
      if (!metadata) return reply.status(404).send({ message: NOT_PUBLISHED, code: 'firmware-not-found' });
      const signature = app.firmwareSigning.sign(metadata.bytes);
      return sendFromMemory(request, reply, {
        body: signature,
        etag: etagOf(signature),
        contentType: 'application/octet-stream',
        cacheControl: METADATA_CACHE_CONTROL,
      });
    },
  );

  app.get(
    FIRMWARE_PATHS.signingKey,
    {
      schema: {
        tags: ['firmware'],
        summary: 'The Ed25519 public key that verifies the metadata signature (PEM)',
        response: { 200: Type.String(), 304: Type.Null() },
      },
    },
    async (request, reply) =>
      sendFromMemory(request, reply, {
        body: signingKey,
        etag: signingKeyEtag,
        contentType: 'application/x-pem-file',
        cacheControl: SIGNING_KEY_CACHE_CONTROL,
      }),
  );

  app.get(
    FIRMWARE_PATHS.releases,
    {
      schema: {
        tags: ['firmware'],
        summary: "Every published firmware release, each instrument's newest first, with its notes and SHA-256",
        response: { 200: FirmwareReleases, 304: Type.Null() },
      },
    },
    async (request, reply) => {
      const { marks } = await app.advisories.published.get();
      const snapshot = await app.catalogue.get();
      const body = JSON.stringify(
        releaseListing([...snapshot.firmware.releases.values()], marks, (release) => firmwareSbom(snapshot, release)),
      );
      return sendFromMemory(request, reply, {
        body,
        etag: etagOf(Buffer.from(body)),
        contentType: 'application/json; charset=utf-8',
        cacheControl: RELEASES_CACHE_CONTROL,
      });
    },
  );

  app.get(
    FIRMWARE_PATHS.releaseNotes,
    {
      schema: {
        tags: ['firmware'],
        summary: "A firmware release's notes as plain text, shown in the browser (inline)",
        params: Type.Object({ version: Type.String({ pattern: FIRMWARE_VERSION_NAME_PATTERN }) }),
        response: { 200: Type.String(), 304: Type.Null(), 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const release = (await app.catalogue.get()).firmware.releases.get(request.params.version);
      if (!release) return reply.status(404).send({ message: NO_SUCH_FIRMWARE, code: 'firmware-not-found' });
      const body = Buffer.from(release.releaseNotes, 'utf8');
      // Plain text, inline: the browser shows the notes and never runs them, whatever they
      // contain (nosniff comes with every answer, security-headers.ts).
      return sendFromMemory(request, reply, {
        body,
        etag: etagOf(body),
        contentType: 'text/plain; charset=utf-8',
        cacheControl: RELEASE_NOTES_CACHE_CONTROL,
        headers: { 'content-disposition': contentDisposition(`release-notes-${release.version}.txt`, 'inline') },
      });
    },
  );

  app.get(
    FIRMWARE_PATHS.update,
    {
      schema: {
        tags: ['firmware'],
        summary: "A firmware release's update.zip (Range, ETag and If-None-Match supported)",
        params: Type.Object({ version: Type.String({ pattern: FIRMWARE_VERSION_NAME_PATTERN }) }),
        response: FIRMWARE_FILE_RESPONSES,
      },
    },
    async (request, reply) => {
      const snapshot = await app.catalogue.get();
      const release = snapshot.firmware.releases.get(request.params.version);
      if (!release) {
        // A withdrawn version says so, as every withdrawn file's link does (docs/publishing.md).
        const published = snapshot.asPublished.firmware.releases.get(request.params.version);
        if (published && snapshot.withdrawn.has(published.update.id)) {
          return reply
            .status(410)
            .send({ message: fileWithdrawnMessage(app.config.makerName), code: 'file-withdrawn' });
        }
        return reply.status(404).send({ message: NO_SUCH_FIRMWARE, code: 'firmware-not-found' });
      }
      return app.fileDelivery.send(request, reply, release.update, () => {}, {
        cacheControl: UPDATE_CACHE_CONTROL,
        downloadName: 'update.zip',
      });
    },
  );

  app.get(
    FIRMWARE_PATHS.sbom,
    {
      schema: {
        tags: ['firmware'],
        summary:
          "A firmware release's software bill of materials, CycloneDX JSON (Range, ETag and If-None-Match supported)",
        params: Type.Object({ version: Type.String({ pattern: FIRMWARE_VERSION_NAME_PATTERN }) }),
        response: FIRMWARE_FILE_RESPONSES,
      },
    },
    async (request, reply) => {
      const snapshot = await app.catalogue.get();
      const release = snapshot.firmware.releases.get(request.params.version);
      const sbom = release && firmwareSbom(snapshot, release);
      if (!sbom) {
        // A withdrawn SBOM (on its own or with its update.zip) says so, as every withdrawn file's link does.
        const published = snapshot.asPublished.firmware.releases.get(request.params.version);
        const publishedSbom = published && firmwareSbom(snapshot.asPublished, published);
        if (
          published &&
          publishedSbom &&
          (snapshot.withdrawn.has(publishedSbom.file.id) || snapshot.withdrawn.has(published.update.id))
        ) {
          return reply
            .status(410)
            .send({ message: fileWithdrawnMessage(app.config.makerName), code: 'file-withdrawn' });
        }
        return reply.status(404).send({ message: NO_SUCH_SBOM, code: 'firmware-not-found' });
      }
      return app.fileDelivery.send(request, reply, sbom.file, () => {}, {
        cacheControl: UPDATE_CACHE_CONTROL,
        downloadName: sbom.file.name,
      });
    },
  );
};

/** A firmware release's live SBOM, or undefined. */
function firmwareSbom(
  snapshot: CatalogueSnapshot,
  { instrument, version }: { instrument: string; version: string },
): SbomRecord | undefined {
  return sbomOf(snapshot, { kind: 'firmware', instrument: instrument as FirmwareInstrumentName, version });
}

/** The published releases as the pages list them: by instrument, each one's newest first, each with its SBOM. */
export function releaseListing(
  releases: FirmwareReleaseRecord[],
  marks: AffectedByMarks = new Map(),
  sbomFor: (release: FirmwareReleaseRecord) => SbomRecord | undefined = () => undefined,
): FirmwareReleases {
  const sorted = [...releases].sort(
    (a, b) => a.instrument.localeCompare(b.instrument) || compareVersions(b.version, a.version),
  );
  return {
    releases: sorted.map((release) => {
      const { instrument, version, releaseDate, releaseNotes, update } = release;
      const sbom = sbomFor(release);
      return {
        instrument,
        version,
        releaseDate,
        sizeBytes: update.sizeBytes,
        sha256: update.sha256,
        releaseNotes,
        url: firmwareUpdatePath(version),
        releaseNotesUrl: firmwareReleaseNotesPath(version),
        affectedBy: affectedByOf(marks, {
          kind: 'firmware',
          instrument: instrument as FirmwareInstrumentName,
          version,
        }),
        sbom: sbom
          ? {
              uri: firmwareSbomPath(version),
              format: sbom.format,
              componentCount: sbom.componentCount,
              file: fileDetails(sbom.file),
            }
          : null,
      };
    }),
  };
}

export const firmwareRoutes = fp(routes, {
  name: 'firmware-routes',
  dependencies: ['catalogue', 'file-delivery', 'firmware-signing', 'advisories'],
  encapsulate: true,
});

function etagOf(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('hex')}"`;
}
