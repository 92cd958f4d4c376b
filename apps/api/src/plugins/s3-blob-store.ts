import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { SERVICE_OUTAGES } from '@portal/contracts';
import { redactUrl, type S3Config } from '../config/config';
import { ServiceAvailability, ServiceUnavailableError } from '../shared/service-availability';
import { isBlobKey } from './blob-keys';
import type { BlobReader, BlobStore, ByteRange, PutOptions, StoredBlob } from './blob-store';
import { UNREACHABLE_SOCKET_CODES } from '../shared/unreachable';

/**
 * Parts of a multipart upload. A file up to this size goes up in one PUT; a larger one in
 * parts of this size, four at a time (at most 64 MiB held in memory per upload).
 */
export const MULTIPART_PART_BYTES = 16 << 20;
const MULTIPART_QUEUE = 4;

/**
 * A bucket that takes longer to accept a connection is away (a host that is down answers
 * nothing; without it a connection waits for the kernel, about two minutes).
 */
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * How long a request other than an upload may wait for the answer's headers: a bucket that
 * accepts connections and never answers is away too. A body already coming is never cut.
 */
const ANSWER_DEADLINE_MS = 10_000;
/** While the bucket is away, how often it is asked whether it is back. */
const PROBE_EVERY_MS = 1_000;
/** The key the probe asks for: any answer, 404 or 403 included, means the bucket answers. */
const PROBE_KEY = 'portal-probe';
/** What a presigned GET may set on the answer (S3's response-* overrides). */
export interface PresignedGet {
  contentType: string;
  contentDisposition: string;
  cacheControl: string;
  expiresInSeconds: number;
}

/**
 * Blobs as objects of an S3-compatible bucket, under the same keys as the local folder
 * (`ab/ab12…`). The bucket stays private: every request is signed with the portal's key,
 * and a client only ever gets a presigned GET that lives a few minutes (file-delivery/redirect.ts).
 */
export class S3BlobStore implements BlobStore {
  readonly client: S3Client;
  /**
   * Whether the bucket answers now (docs/operations.md, "When things fail"): while it does
   * not, every operation fails at once with a ServiceUnavailableError (a download answers
   * 503), and the bucket is asked once a second until it answers again.
   */
  readonly availability: ServiceAvailability;
  /** The bucket and its endpoint, as the operator's log line names them (`S3 bucket … at …`). */
  readonly description: string;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.description = `S3 bucket ${config.bucket} at ${redactUrl(config.endpoint)}`;
    this.client = new S3Client({
      endpoint: config.endpoint.toString(),
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS },
      // Checksums beyond what the SDK always sent before 2025 are not understood by every
      // S3-compatible store; the portal checks the SHA-256 itself (put).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    if (config.forcePathStyle) {
      // A bucket-level request (a listing) goes to `/bucket`, not `/bucket/`: AWS and MinIO
      // take both, and some self-hosted stores (s3rver among them) sign only the first.
      const bucketPath = `/${config.bucket}/`;
      this.client.middlewareStack.add(
        (next) => (args) => {
          const request = args.request as { path?: unknown };
          if (request.path === bucketPath) request.path = bucketPath.slice(0, -1);
          return next(args);
        },
        { step: 'build', name: 'bucketPathWithoutTrailingSlash' },
      );
    }
    this.availability = new ServiceAvailability({
      isUnreachable,
      probeEveryMs: PROBE_EVERY_MS,
      probe: () =>
        this.client
          .send(new HeadObjectCommand({ Bucket: this.bucket, Key: PROBE_KEY }), {
            abortSignal: AbortSignal.timeout(PROBE_EVERY_MS * 2),
          })
          .catch((error: unknown) => {
            if (!answered(error)) throw error;
          }),
      unavailable: (reason) =>
        new ServiceUnavailableError(
          SERVICE_OUTAGES.fileStorage,
          `The ${this.description} cannot be reached (${reason})`,
        ),
    });
  }

  /**
   * One request to the bucket (`operation` sends it with the signal it is given), through
   * `availability`: refused at once while the bucket is away, and given up after
   * ANSWER_DEADLINE_MS without an answer (the answer's headers; its body may take as long as it takes).
   */
  private request<T>(operation: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    return this.availability.run(async () => {
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(new AnswerDeadlineError()), ANSWER_DEADLINE_MS);
      try {
        return await operation(deadline.signal);
      } catch (error) {
        throw deadline.signal.aborted ? (deadline.signal.reason as Error) : error;
      } finally {
        clearTimeout(timer);
      }
    });
  }

  async open(blobKey: string, range?: ByteRange): Promise<BlobReader> {
    const { Body } = await this.request((abortSignal) =>
      this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: blobKey,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
        { abortSignal },
      ),
    );
    return streamReader(Body as Readable);
  }

  async has(blobKey: string): Promise<boolean> {
    try {
      await this.request((abortSignal) =>
        this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: blobKey }), { abortSignal }),
      );
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /**
   * Uploads a local file: in one PUT, or in parts when it is larger than one part. The
   * bytes are hashed as they are read, and an object whose bytes do not have the SHA-256 its
   * key names (the file changed since it was checked) is removed again and the put fails.
   * A failed multipart upload is aborted, so nothing of it is left to list or to bill.
   */
  async put(source: string, blobKey: string, { onProgress }: PutOptions = {}): Promise<boolean> {
    if (await this.has(blobKey)) return false;
    const expected = blobKey.slice(blobKey.indexOf('/') + 1);
    const { size } = await stat(source);
    const hash = createHash('sha256');
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    const body = createReadStream(source, { highWaterMark: 1 << 20 }).pipe(hashing);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: blobKey, Body: body },
      partSize: MULTIPART_PART_BYTES,
      queueSize: MULTIPART_QUEUE,
      leavePartsOnError: false,
    });
    upload.on('httpUploadProgress', ({ loaded }) => {
      if (loaded !== undefined) onProgress?.(loaded, size);
    });
    try {
      // No deadline: a large part may take long to send. A bucket that refuses the connection fails it at once.
      await this.availability.run(() => upload.done());
    } catch (error) {
      body.destroy();
      throw error;
    }
    const actual = hash.digest('hex');
    if (actual !== expected) {
      await this.remove(blobKey);
      throw new Error(`${source} changed while it was uploaded: its SHA-256 is no longer the one checked`);
    }
    return true;
  }

  async remove(blobKey: string): Promise<void> {
    await this.request((abortSignal) =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: blobKey }), { abortSignal }),
    );
  }

  async *list(): AsyncIterable<StoredBlob> {
    let token: string | undefined;
    do {
      const page = await this.request((abortSignal) =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }), { abortSignal }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && isBlobKey(object.Key)) {
          yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0), size: object.Size ?? 0 };
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /**
   * Aborts multipart uploads a killed import left behind. A store that cannot list them
   * (s3rver, some gateways) answers NotImplemented: then a bucket lifecycle rule
   * (AbortIncompleteMultipartUpload, docs/operations.md) is what removes them.
   */
  async removeIncomplete(startedBefore: Date): Promise<number> {
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    try {
      do {
        const page = await this.request((abortSignal) =>
          this.client.send(
            new ListMultipartUploadsCommand({
              Bucket: this.bucket,
              KeyMarker: keyMarker,
              UploadIdMarker: uploadIdMarker,
            }),
            { abortSignal },
          ),
        );
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= startedBefore) continue;
          const { Key, UploadId } = upload;
          await this.request((abortSignal) =>
            this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId }), { abortSignal }),
          );
          removed++;
        }
        const more = page.IsTruncated === true;
        keyMarker = more ? page.NextKeyMarker : undefined;
        uploadIdMarker = more ? page.NextUploadIdMarker : undefined;
      } while (keyMarker);
    } catch (error) {
      if (error instanceof S3ServiceException && error.name === 'NotImplemented') return removed;
      throw error;
    }
    return removed;
  }

  /**
   * Before a client is sent to the bucket (FILE_DELIVERY=redirect): the bucket answers and
   * holds the blob. A bucket that is away answers 503 here, through the portal, rather than
   * leaving the client at a dead address; a blob removed by hand is a broken download here
   * too, as with the other modes.
   */
  async checkServable(blobKey: string): Promise<void> {
    if (!(await this.has(blobKey))) throw new Error(`The blob ${blobKey} is missing from the ${this.description}`);
  }

  /** A GET of one blob signed with the portal's key, good for `expiresInSeconds`. */
  presignedGet(blobKey: string, { contentType, contentDisposition, cacheControl, expiresInSeconds }: PresignedGet) {
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: blobKey,
        ResponseContentType: contentType,
        ResponseContentDisposition: contentDisposition,
        ResponseCacheControl: cacheControl,
      }),
      { expiresIn: expiresInSeconds },
    );
  }

  close(): void {
    this.availability.stop();
    this.client.destroy();
  }
}

/** What a request to a bucket that holds its answer too long is failed with. */
class AnswerDeadlineError extends Error {
  constructor() {
    super(`no answer within ${ANSWER_DEADLINE_MS / 1000} s`);
    this.name = 'TimeoutError';
  }
}

/**
 * Whether a request's error means the bucket cannot be reached now: a socket's code (the SDK
 * keeps it on the error it throws, and after its own retries), a timeout (connecting, or
 * waiting for an answer), or a gateway in front of the bucket saying so (502, 503 other than
 * SlowDown, 504). Anything else (404, 403, a bad request) is the bucket answering.
 */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError') return true;
  // With several addresses to try (a host name), Node reports an AggregateError of each one's failure.
  const codes = [error, ...((error as { errors?: unknown[] }).errors ?? [])].map(
    (each) => (each as { code?: unknown } | undefined)?.code,
  );
  if (codes.some((code) => typeof code === 'string' && UNREACHABLE_SOCKET_CODES.has(code))) return true;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 502 || status === 504 || (status === 503 && error.name !== 'SlowDown');
}

/** Whether the bucket answered a request (its answer may be a refusal): a probe's question is only that. */
function answered(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  const status = error.$metadata.httpStatusCode;
  return status !== undefined && status < 500;
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
  );
}

/** BlobReader over a response body: copies the stream's chunks into the caller's buffers. */
function streamReader(stream: Readable): BlobReader {
  let pending: Buffer | undefined;
  let ended = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const signal = () => {
    wake?.();
    wake = undefined;
  };
  stream.on('readable', signal);
  stream.on('end', () => {
    ended = true;
    signal();
  });
  stream.on('error', (error) => {
    failure = error;
    signal();
  });
  return {
    async read(buffer, length) {
      let filled = 0;
      while (filled < length) {
        if (failure) throw failure;
        if (!pending || pending.length === 0) pending = (stream.read() as Buffer | null) ?? undefined;
        if (!pending) {
          if (ended || filled > 0) break;
          await new Promise<void>((resolve) => (wake = resolve));
          continue;
        }
        const bytes = Math.min(length - filled, pending.length);
        pending.copy(buffer, filled, 0, bytes);
        pending = pending.subarray(bytes);
        filled += bytes;
      }
      return filled;
    },
    close: () => stream.destroy(),
  };
}
