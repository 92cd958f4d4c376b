import {
  SHA256_PATTERN,
  DISK_WORDS,
  DraftFile,
  DraftFileClaim,
  DraftParams,
  ErrorBody,
  fileTooLargeMessage,
  INSUFFICIENT_STORAGE,
  NO_DRAFT_MESSAGE,
  NO_UPLOAD_MESSAGE,
  outOfSpaceMessage,
  PUBLISHING_PATHS,
  UPLOAD_DRAFT_MESSAGE,
  UPLOAD_FAILED_MESSAGE,
  UPLOAD_LENGTH_MESSAGE,
  UPLOAD_METADATA_KEYS,
  UPLOAD_NAMED_ALREADY_MESSAGE,
  UPLOAD_OF_ANOTHER_DRAFT_MESSAGE,
  UPLOAD_SHA256_MESSAGE,
  uploadDigestMismatchMessage,
  uploadNameProblem,
  UploadParams,
  uploadSizeMismatchMessage,
  type DiskName,
} from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Server, type ServerOptions } from '@tus/server';
import type { Upload } from '@tus/utils';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { mkdir } from 'node:fs/promises';
import { NodeRequest } from 'srvx/node';
import { Type } from 'typebox';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/database-outage';
import { blobKeyFor } from '../../plugins/blob-keys';
import { blobRootOf } from '../../plugins/blob-store';
import { spaceOf } from '../../plugins/disks';
import { faultAnswer } from '../../plugins/fault-answer';
import { STAFF_AUTH_RESPONSES, StaffAuthorizationHeaders } from '../../plugins/staff-auth';
import { DRAFT_SWEEP_INTERVAL_MS, isOpenDraft } from './drafts';
import {
  claimDraftFile,
  ClaimRefused,
  HashingFileStore,
  recordUpload,
  sweepAbandonedUploads,
  UploadOutOfSpace,
} from './uploads';

/** An answer the tus server sends as it is: `{ "message": … }` with a 4xx (thrown from its hooks). */
class Refusal {
  readonly body: string;
  constructor(
    readonly status_code: number,
    readonly message: string,
    /** A wait's Retry-After (a fault's 503). */
    readonly retryAfterSeconds?: number,
  ) {
    this.body = JSON.stringify({ message });
  }
}

/**
 * How long a PATCH still holding an upload (its client gone silent: a Wi-Fi hand-over leaves
 * the server no reset) keeps a new PATCH of the same upload waiting: the old one is then
 * ended where its bytes reached the disk, and the new one goes on from its offset, or is
 * refused 409 when that is not where the upload stands, so two writers' bytes never mix.
 * @tus/server's default is 3 s; the one writer a browser lets send (decision 271) has given
 * the old request up already, so a short wait only delays a resume (decision 272).
 */
export const LOCK_DRAIN_MS = 500;

const SHA256 = new RegExp(SHA256_PATTERN);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * @tus/server's own error answers are plain text, some with a status a client must not
 * confuse with ours (403 for a missing header, 501 for a deferred length): each as
 * `{ "message" }` with a 4xx in the publisher's words. Anything else is the server's fault.
 */
const TUS_ANSWERS: Record<string, { status: number; message: string }> = {
  'Upload-Offset header required': { status: 400, message: 'A PATCH must state its Upload-Offset.' },
  'Content-Type header required': {
    status: 400,
    message: 'A PATCH must be sent as Content-Type: application/offset+octet-stream.',
  },
  'Upload-Length or Upload-Defer-Length header required': { status: 400, message: UPLOAD_LENGTH_MESSAGE },
  'creation-defer-length extension is not (yet) supported.': { status: 400, message: UPLOAD_LENGTH_MESSAGE },
  'The file for this url was not found': { status: 404, message: NO_UPLOAD_MESSAGE },
  'The file for this url no longer exists': {
    status: 410,
    message: 'This upload expired and was deleted. Start it again.',
  },
  'Upload-Offset conflict': {
    status: 409,
    message: 'The upload is not at this offset: ask where it is (HEAD) and go on from there.',
  },
  "upload's size exceeded": { status: 413, message: 'This request sends more bytes than the upload has left.' },
  'Request aborted due to lock acquired': {
    status: 423,
    message: 'Another request is writing this upload. Try again in a moment.',
  },
  'failed to acquire lock before timeout': {
    status: 423,
    message: 'Another request is writing this upload. Try again in a moment.',
  },
  'Tus-Resumable Required': { status: 412, message: 'A tus request must state Tus-Resumable: 1.0.0.' },
  'Concatenation extension is not (yet) supported. Disable parallel uploads in the tus client.': {
    status: 400,
    message: 'Send a file as one upload: parallel uploads are not accepted.',
  },
};

/** A refusal's status and `{ "message" }` body: the hooks' JSON as it is, tus's text mapped. */
function refusalOf(status: number, text: string): { status: number; body: string } {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed) return { status, body: text };
  } catch {
    // Plain text: tus's own words.
  }
  const known = TUS_ANSWERS[text.trim()];
  if (known) return { status: known.status, body: JSON.stringify({ message: known.message }) };
  return { status, body: JSON.stringify({ message: text.trim() }) };
}

/**
 * A fault an upload met that is not the upload's (faultAnswer: a full disk, the database or
 * the bucket away), as a refusal; undefined for anything else.
 */
function faultRefusal(error: unknown): Refusal | undefined {
  const fault = faultAnswer(error);
  return fault && new Refusal(fault.status, fault.message, fault.retryAfterSeconds);
}

/**
 * The metadata a draft's upload must carry, checked: else the publisher's words for what is
 * wrong. `sha256` may be left out (not given empty): the claim names it later (decision 282).
 */
function uploadMetadataOf(upload: Upload) {
  const metadata = upload.metadata ?? {};
  const draftId = metadata[UPLOAD_METADATA_KEYS.draftId] ?? '';
  const sha256 = UPLOAD_METADATA_KEYS.sha256 in metadata ? (metadata[UPLOAD_METADATA_KEYS.sha256] ?? '') : undefined;
  const name = metadata[UPLOAD_METADATA_KEYS.name] ?? '';
  if (!UUID.test(draftId)) throw new Refusal(400, UPLOAD_DRAFT_MESSAGE);
  if (sha256 !== undefined && !SHA256.test(sha256)) throw new Refusal(400, UPLOAD_SHA256_MESSAGE);
  const nameProblem = uploadNameProblem(name);
  if (nameProblem !== undefined) throw new Refusal(400, nameProblem);
  return { draftId, sha256, name };
}

/**
 * Uploads into drafts (docs/publishing.md#uploads, docs/decisions/186-resumable-uploads-with-tus.md):
 * the claim of a file by its SHA-256, and the tus 1.0 endpoint that receives the bytes of
 * those still awaited. Role `publisher` on every route; the bearer is a header, as tus
 * clients send custom headers. Fastify never reads an upload's body: the tus server streams it.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['publishing'];
  // The publishing routes an API token of scope `publish` may use (docs/decisions/260).
  const config = { staffAccess: 'publisher', apiTokenScope: 'publish' } as const;
  const { publishUploadDir, publishMaxFileBytes, draftExpiryDays } = app.config;
  /** Where a completed upload goes on a disk of ours: the file store, unless published files live in a bucket. */
  const fileStoreDir = app.config.s3 ? undefined : blobRootOf(app.config.dataDir);

  /**
   * 507 for an upload of `neededBytes` that `disk` has no room for, with the space there is;
   * logged once per refusal, since only the operator can mend it.
   */
  const outOfSpace = async (disk: DiskName, folder: string, neededBytes: number, uploadId?: string) => {
    const freeBytes = (await spaceOf(folder))?.freeBytes ?? 0;
    app.log.warn(
      { disk, folder, neededBytes, freeBytes, uploadId },
      `an upload was refused: the ${DISK_WORDS[disk]} is out of space`,
    );
    return new Refusal(INSUFFICIENT_STORAGE, outOfSpaceMessage(DISK_WORDS[disk], neededBytes, freeBytes));
  };
  /** Refused at once when a disk it must reach has less room than the file: nothing is written. */
  const refuseWithoutRoom = async (sizeBytes: number) => {
    const disks: [DiskName, string | undefined][] = [
      ['uploads', publishUploadDir],
      ['files', fileStoreDir],
    ];
    for (const [disk, folder] of disks) {
      const space = folder === undefined ? undefined : await spaceOf(folder);
      if (space && sizeBytes > space.freeBytes) throw await outOfSpace(disk, folder!, sizeBytes);
    }
  };

  /**
   * The store and the tus server, made at the first upload request once the folder exists
   * (the file store's constructor creates its folder and throws, out of reach, when it
   * cannot): an app that never receives an upload creates no folder.
   */
  let opened: Promise<{ store: HashingFileStore; server: Server }> | undefined;
  let store: HashingFileStore | undefined;
  const open = () =>
    (opened ??= mkdir(publishUploadDir, { recursive: true }).then(
      () => {
        const opened = new HashingFileStore(publishUploadDir);
        store = opened;
        const locker = (request: Request) => opened.lockerFor(request);
        return { store: opened, server: new Server({ ...options, datastore: opened, locker }) };
      },
      (error: unknown) => {
        // Tried again at the next request: the folder may be mounted by then.
        opened = undefined;
        throw error;
      },
    ));
  /** Who sends each tus request (its staff session), for the row a completed upload writes. */
  const senders = new WeakMap<object, string>();
  /** Completions under way, by upload: a repeated last PATCH waits for the first instead of storing twice. */
  const finishing = new Map<string, Promise<boolean>>();

  /**
   * Finishes an upload once, however many requests ask at the same time (its last PATCH, a
   * HEAD, the claim naming its SHA-256): false when nothing names its SHA-256 yet, so its
   * bytes stay whole, unchecked and kept from the draft until a claim names it.
   */
  const finishOnce = (upload: Upload, uploadedBy: string): Promise<boolean> => {
    let done = finishing.get(upload.id);
    if (!done) {
      done = finish(upload, uploadedBy).finally(() => finishing.delete(upload.id));
      finishing.set(upload.id, done);
    }
    return done;
  };

  const finish = async (upload: Upload, uploadedBy: string) => {
    const { store } = await open();
    const { draftId, name } = uploadMetadataOf(upload);
    const sha256 = await store.namedSha256(upload.id);
    if (sha256 === undefined) return false;
    const sizeBytes = upload.size ?? 0;
    const received = await store.digestOf(upload.id, sizeBytes);
    if (received !== sha256) {
      await store.remove(upload.id);
      throw new Refusal(422, uploadDigestMismatchMessage(received, sha256));
    }
    if (!(await isOpenDraft(app.db, draftId))) {
      await store.remove(upload.id);
      throw new Refusal(404, NO_DRAFT_MESSAGE);
    }
    // Into the blob store (a folder or a bucket) before the row that spares it from the
    // sweep: a blob younger than the sweep's grace is never swept, so the order is safe. The
    // partial file is ours and goes next: a folder on the same disk links it, no copy.
    // Should the file store be full, the bytes stay here, whole: the next HEAD finishes them.
    await app.blobStore.put(store.pathOf(upload.id), blobKeyFor(sha256), { handOver: true });
    await recordUpload(app.db, { draftId, sha256, name, sizeBytes, uploadedBy });
    // Gone already when another portal finished the same upload (a HEAD there): the same end.
    await store.remove(upload.id).catch(() => store.forget(upload.id));
    return true;
  };

  /**
   * The claim that names the SHA-256 of an upload created without one (decision 282). A file
   * the portal holds already is not sent on: its upload is deleted and the claim answers
   * `stored` or `uploaded`. Otherwise the upload's bytes must have this SHA-256: checked at
   * their last byte, now if it came already (422, nothing kept, on a difference).
   */
  const claimWithUpload = async (draftId: string, claim: DraftFileClaim & { uploadId: string }, actor: string) => {
    const { uploadId, ...file } = claim;
    const claimed = await claimDraftFile(app.db, draftId, file, { actor, maxFileBytes: publishMaxFileBytes });
    const { store } = await open();
    const upload = await store.getUpload(uploadId).catch(() => undefined);
    if (claimed.state !== 'awaiting upload') {
      // Only this draft's own upload is deleted: another draft's bytes are that draft's.
      if (upload && upload.metadata?.[UPLOAD_METADATA_KEYS.draftId] === draftId) {
        await store.remove(uploadId).catch(() => store.forget(uploadId));
      }
      return claimed;
    }
    if (!upload) throw new Refusal(404, NO_UPLOAD_MESSAGE);
    const metadata = uploadMetadataOf(upload);
    if (metadata.draftId !== draftId) throw new Refusal(409, UPLOAD_OF_ANOTHER_DRAFT_MESSAGE);
    if (upload.size !== file.sizeBytes) {
      throw new Refusal(409, uploadSizeMismatchMessage(upload.size ?? 0, file.sizeBytes));
    }
    const named = await store.namedSha256(uploadId);
    if (named !== undefined && named !== file.sha256) throw new Refusal(409, UPLOAD_NAMED_ALREADY_MESSAGE);
    if (named === undefined) await store.nameSha256(uploadId, file.sha256);
    // Every byte in before the name came: checked and kept (or refused) now, not at a later HEAD.
    const current = await store.getUpload(uploadId).catch(() => undefined);
    // A finish the last PATCH began before the name was written found none: once more, reading it.
    if (current && current.offset === current.size && !(await finishOnce(current, actor))) {
      await finishOnce(current, actor);
    }
    return claimDraftFile(app.db, draftId, file, { actor, maxFileBytes: publishMaxFileBytes });
  };

  const options: Omit<ServerOptions, 'locker'> = {
    path: PUBLISHING_PATHS.uploads,
    relativeLocation: true,
    lockDrainTimeout: LOCK_DRAIN_MS,
    // The screen is on the portal's own origin: no other site is let read an answer (tus's default is any).
    allowedOrigins: () => false,
    async onUploadCreate(_request, upload) {
      const { draftId } = uploadMetadataOf(upload);
      if (upload.size === undefined) throw new Refusal(400, UPLOAD_LENGTH_MESSAGE);
      if (upload.size > publishMaxFileBytes) {
        throw new Refusal(413, fileTooLargeMessage(upload.size, publishMaxFileBytes));
      }
      if (!(await isOpenDraft(app.db, draftId))) throw new Refusal(400, NO_DRAFT_MESSAGE);
      await refuseWithoutRoom(upload.size);
      return {};
    },
    async onUploadFinish(request, upload) {
      await finishOnce(upload, senders.get(request) ?? 'unknown');
      return {};
    },
    async onResponseError(_request, error) {
      // The hooks' refusals and tus's own 4xx go out as they are (handOn words the latter).
      if (error instanceof Refusal) return error;
      if (error instanceof UploadOutOfSpace) {
        return outOfSpace('uploads', publishUploadDir, error.neededBytes, error.uploadId);
      }
      const fault = faultRefusal(error);
      if (fault) return fault;
      const text = 'body' in error && typeof error.body === 'string' ? error.body.trim() : '';
      if (text in TUS_ANSWERS) return undefined;
      if ('status_code' in error && typeof error.status_code === 'number' && error.status_code < 500) return undefined;
      app.log.error({ err: error }, 'an upload request failed');
      return { status_code: 500, body: JSON.stringify({ message: UPLOAD_FAILED_MESSAGE }) };
    },
  };
  /**
   * Hands the request to the tus server and sends its answer with this reply's headers
   * (security, cache). Every refusal leaves as `{ "message" }`: the hooks' own, or tus's
   * plain text in the publisher's words (TUS_ANSWERS). A tus answer never has a body to
   * stream, so it is written as it is.
   */
  const handOn = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) headers[name] = String(value);
    let status: number;
    let body = '';
    /** A fault's own wait; a 503 from inside tus (its hooks met the database away) waits the database's. */
    let retryAfterSeconds: number | undefined;
    try {
      const { store, server } = await open();
      // A PATCH's body is read by the store straight from the socket (decision 263).
      const tusRequest =
        request.method === 'PATCH'
          ? store.patchRequest(request.raw, reply.raw)
          : new NodeRequest({ req: request.raw, res: reply.raw });
      senders.set(tusRequest, request.staff!.email);
      const answer = await server.handleWeb(tusRequest);
      for (const [name, value] of answer.headers) headers[name] = value;
      status = answer.status;
      if (status >= 400) {
        ({ status, body } = refusalOf(status, await answer.text()));
      } else if (request.method === 'HEAD' && headers['upload-offset'] === headers['upload-length']) {
        // Every byte is in but the upload was never finished (the portal died between the
        // last byte and the blob store, or the copy failed): finished now, so the client,
        // which takes a whole offset for success, is right to.
        ({ status, body, retryAfterSeconds } = await finishAsked(request, request.staff!.email));
      }
    } catch (error) {
      const fault = faultRefusal(error);
      if (!fault) request.log.error({ err: error }, 'an upload request failed');
      status = fault?.status_code ?? 500;
      body = fault?.body ?? JSON.stringify({ message: UPLOAD_FAILED_MESSAGE });
      retryAfterSeconds = fault?.retryAfterSeconds;
    }
    if (status >= 400) {
      headers['content-type'] = JSON_TYPE;
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    if (status === 503) headers['retry-after'] = String(retryAfterSeconds ?? DATABASE_RETRY_AFTER_SECONDS);
    if (reply.raw.headersSent) return;
    reply.raw.writeHead(status, headers);
    reply.raw.end(request.method === 'HEAD' ? undefined : body || undefined);
  };

  /** finishOnce for a HEAD that found every byte in: 200, or the refusal the last PATCH would have had. */
  const finishAsked = async (
    request: FastifyRequest,
    uploadedBy: string,
  ): Promise<{ status: number; body: string; retryAfterSeconds?: number }> => {
    const { uploadId } = request.params as UploadParams;
    const { store } = await open();
    try {
      await finishOnce(await store.getUpload(uploadId), uploadedBy);
      return { status: 200, body: '' };
    } catch (error) {
      if (error instanceof Refusal) return { status: error.status_code, body: error.body };
      const fault = faultRefusal(error);
      if (fault) return { status: fault.status_code, body: fault.body, retryAfterSeconds: fault.retryAfterSeconds };
      // Finished meanwhile by another request: its files are gone.
      if (
        !(await store.getUpload(uploadId).then(
          () => true,
          () => false,
        ))
      ) {
        return refusalOf(404, 'The file for this url was not found');
      }
      app.log.error({ err: error }, 'an upload could not be finished');
      return { status: 500, body: JSON.stringify({ message: UPLOAD_FAILED_MESSAGE }) };
    }
  };

  const sweep = async (nowMs = Date.now()) => {
    try {
      const swept = await sweepAbandonedUploads(publishUploadDir, draftExpiryDays, nowMs);
      for (const id of swept) void store?.forget(id);
      if (swept.length > 0) app.log.info({ uploads: swept.length }, 'deleted abandoned partial uploads');
    } catch (error) {
      app.log.warn({ err: error }, 'could not delete abandoned partial uploads');
    }
  };
  const sweeping = sweep();
  const timer = setInterval(() => void sweep(), DRAFT_SWEEP_INTERVAL_MS).unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweeping;
    await store?.close();
  });

  const tusHeaders = StaffAuthorizationHeaders;
  const tusAnswers = {
    400: ErrorBody,
    404: ErrorBody,
    409: ErrorBody,
    410: ErrorBody,
    412: ErrorBody,
    413: ErrorBody,
    422: ErrorBody,
    423: ErrorBody,
    503: ErrorBody,
    507: ErrorBody,
    ...STAFF_AUTH_RESPONSES,
  };

  app.post(
    PUBLISHING_PATHS.draftFiles,
    {
      config,
      schema: {
        tags,
        summary:
          "Add a file to a draft by the SHA-256 the browser computed: 'stored' or 'uploaded' when the server has those bytes (nothing to send), else 'awaiting upload'; refused past PUBLISH_MAX_FILE_BYTES. With uploadId, names the SHA-256 of an upload created without one: its bytes are deleted when the server has them already, else checked against it at their last byte (now, when it came: 422 and nothing kept on a difference)",
        headers: StaffAuthorizationHeaders,
        params: DraftParams,
        body: DraftFileClaim,
        response: {
          200: DraftFile,
          400: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          413: ErrorBody,
          422: ErrorBody,
          ...STAFF_AUTH_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const { draftId } = request.params;
      const actor = request.staff!.email;
      const { uploadId } = request.body;
      try {
        if (uploadId !== undefined) return await claimWithUpload(draftId, { ...request.body, uploadId }, actor);
        return await claimDraftFile(app.db, draftId, request.body, { actor, maxFileBytes: publishMaxFileBytes });
      } catch (error) {
        if (error instanceof ClaimRefused) return reply.status(error.status).send({ message: error.message });
        // The refusals of a claim naming an upload (the finish's among them: its draft gone, its
        // bytes not the SHA-256 named); faults go to the error handler.
        if (error instanceof Refusal) {
          const { status_code: status, message } = error;
          if (status === 400 || status === 404 || status === 409 || status === 422) {
            return reply.status(status).send({ message });
          }
        }
        throw error;
      }
    },
  );

  // The tus routes, in a context of their own: bodies are the tus server's to read, as
  // streams, so no parser there buffers one and no bodyLimit cuts one.
  await app.register(async (tus) => {
    tus.removeAllContentTypeParsers();
    tus.addContentTypeParser('*', (_request, _payload, done) => done(null));

    tus.post(
      PUBLISHING_PATHS.uploads,
      {
        config,
        schema: {
          tags,
          summary:
            "tus 1.0 creation: an upload of a draft's file (Upload-Length, Upload-Metadata draftId, filename, and sha256 unless a claim names it later), checked before any byte; 201 with its Location",
          headers: tusHeaders,
          response: { 201: Type.Null(), 204: Type.Null(), ...tusAnswers },
        },
      },
      handOn,
    );

    const upload = `${PUBLISHING_PATHS.uploads}/:uploadId`;
    tus.route({
      method: 'HEAD',
      url: upload,
      // A HEAD of its own, no GET's twin: the OpenAPI document shows it.
      config: { ...config, swagger: { exposeHeadRoute: true } },
      schema: {
        tags,
        summary: 'tus 1.0: where an upload stands (Upload-Offset, Upload-Length), to resume it',
        headers: tusHeaders,
        params: UploadParams,
        response: { 200: Type.Null(), ...tusAnswers },
      },
      handler: handOn,
    });
    tus.patch(
      upload,
      {
        config,
        schema: {
          tags,
          summary:
            "tus 1.0: the upload's next bytes from Upload-Offset (application/offset+octet-stream). The last one checks the SHA-256: 422 when the bytes are not the ones the draft names (nothing kept)",
          headers: tusHeaders,
          params: UploadParams,
          response: { 204: Type.Null(), ...tusAnswers },
        },
      },
      handOn,
    );
    tus.delete(
      upload,
      {
        config,
        schema: {
          tags,
          summary: 'tus 1.0 termination: discard an upload in progress and its bytes',
          headers: tusHeaders,
          params: UploadParams,
          response: { 204: Type.Null(), ...tusAnswers },
        },
      },
      handOn,
    );
  });
};

export const uploadRoutes = fp(routes, {
  name: 'publishing-upload-routes',
  dependencies: ['config', 'database', 'staff-roles', 'blob-store'],
  encapsulate: true,
});
