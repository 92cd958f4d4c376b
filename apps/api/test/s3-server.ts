// @ts-expect-error -- s3rver ships no types; the few calls made here are typed below.
import S3rverModule from '@20minutes/s3rver';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: Server;
}
const S3rver = S3rverModule as new (options: Record<string, unknown>) => S3rverInstance;

/**
 * s3rver (4.x and 5.0) builds the canonical query of a signature with encodeURIComponent, which leaves
 * ' ( ) * ! as they are; SigV4 (AWS, MinIO, and the AWS SDK that signs) escapes them. A
 * presigned GET whose response-content-disposition carries `filename*=UTF-8''…` would be
 * refused by s3rver alone, so its canonical query is put right before it checks signatures.
 */
function fixS3rverQueryEncoding() {
  const v4 = createRequire(import.meta.url)('@20minutes/s3rver/lib/signature/v4.js') as {
    getStringToSign(canonicalRequest: { querystring: string }, request: unknown): string;
    fixedForPortal?: boolean;
  };
  if (v4.fixedForPortal) return;
  const original = v4.getStringToSign.bind(v4);
  v4.getStringToSign = (canonicalRequest, request) =>
    original(
      {
        ...canonicalRequest,
        querystring: canonicalRequest.querystring.replace(
          /[!'()*]/g,
          (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
        ),
      },
      request,
    );
  v4.fixedForPortal = true;
}

/** The credentials s3rver's built-in account signs with. */
export const S3RVER_KEY = { id: 'S3RVER', secret: 'S3RVER' } as const;

export interface S3Server {
  /** The S3_* variables that point a portal at this server's bucket. */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  /** The folder s3rver keeps its objects and unfinished uploads in. */
  directory: string;
  /**
   * Stops the endpoint as an outage would: open connections are cut and the port refuses new
   * ones; the objects stay in `directory`. start() serves them again on the same port.
   */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real S3 protocol server in this process (@20minutes/s3rver 5.x), on a free port, with
 * one empty bucket. It checks the signature of every signed request and the expiry of
 * presigned URLs, but (unlike a private AWS bucket) it also serves unsigned requests:
 * tests prove the bucket stays private by checking what our signing code produces.
 */
export async function startS3Server(bucket = 'portal-files', { port = 0 } = {}): Promise<S3Server> {
  fixS3rverQueryEncoding();
  const directory = await mkdtemp(path.join(os.tmpdir(), 'portal-s3rver-'));
  const serve = async (onPort: number) => {
    const started = new S3rver({
      address: '127.0.0.1',
      port: onPort,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    return { started, address: await started.run() };
  };
  let { started: server, address } = await serve(port);
  let running = true;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const stop = async () => {
    if (!running) return;
    running = false;
    server.httpServer?.closeAllConnections();
    await server.close();
  };
  return {
    endpoint,
    bucket,
    directory,
    stop,
    start: async () => {
      if (running) return;
      ({ started: server, address } = await serve(address.port));
      running = true;
    },
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_KEY.id,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY.secret,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export interface FailingProxy {
  endpoint: string;
  /** Method and URL of every request that came through, in order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A proxy in front of an S3 server that lets every request through except the upload of
 * part `failFromPart` and later ones of any multipart upload, which it answers 500
 * InternalError (after reading the body): an upload that fails halfway, as a store under
 * strain or a network that gives out would make it.
 */
export async function startFailingProxy(
  target: string,
  { failFromPart }: { failFromPart: number },
): Promise<FailingProxy> {
  const { createServer, request: forward } = await import('node:http');
  const requests: string[] = [];
  const server = createServer((incoming, outgoing) => {
    requests.push(`${incoming.method} ${incoming.url}`);
    const part = Number(new URL(incoming.url ?? '/', 'http://proxy').searchParams.get('partNumber') ?? 0);
    if (incoming.method === 'PUT' && part >= failFromPart) {
      incoming.resume();
      incoming.on('end', () =>
        outgoing
          .writeHead(500, { 'content-type': 'application/xml' })
          .end(
            '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>Failed on purpose</Message></Error>',
          ),
      );
      return;
    }
    const upstream = forward(
      `${target}${incoming.url}`,
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
