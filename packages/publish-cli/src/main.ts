import {
  API_TOKEN_ENV,
  bearerAuthorization,
  INSUFFICIENT_STORAGE,
  PUBLISHING_PATHS,
  publishingChangePage,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_METADATA_KEYS,
  type CatalogueDiffEntry,
  type Draft,
  type DraftFile,
  type DraftPreview,
  type DraftPublished,
  type DraftPublishRefused,
  type ManifestProblem,
} from '@portal/contracts';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { Upload } from 'tus-js-client';
import { draftOf, linedProblems, MANIFEST_NAME, readManifest, type LinedProblem, type LocalFile } from './manifest';
import { fileReader, FileShortened, uploadHttpStack } from './upload-stack';

/**
 * portal-publish (docs/publishing.md#from-a-build-pipeline): publishes a catalogue.json
 * folder through the drafts API with an API token. Exit 0 done, 1 refused (by the portal or
 * the manifest's check), 2 bad usage.
 */
const USAGE = `Usage: portal-publish --url <portal> <folder> [--publish] [--json]

Reads <folder>/${MANIFEST_NAME}, uploads the files the portal does not have, and prints the
draft's preview; with --publish, publishes it and prints the change's address.
The API token is read from ${API_TOKEN_ENV}.

  --url <portal>  the portal's address, e.g. https://downloads.example.com
  --publish       publish the draft after its preview
  --json          print one JSON result instead of lines
  --help          print this`;

/** Files uploaded at the same time. */
const PARALLEL_FILES = 4;

/**
 * The bytes of one PATCH (decision 276): eight of the screen's chunks (UPLOAD_CHUNK_BYTES).
 * Each PATCH's end waits until its last batches are on the portal's disk, and the next one
 * begins with a new request and its token check: at 8 MiB these stops cost the command about
 * a tenth of its speed. A dropped connection still re-sends almost nothing (the portal keeps what
 * arrived), and 64 MiB stays under the 100 MB request limit of common proxies.
 */
const PATCH_BYTES = 8 * UPLOAD_CHUNK_BYTES;

class Refused extends Error {
  constructor(
    message: string,
    readonly problems: LinedProblem[] = [],
  ) {
    super(message);
  }
}
class BadUsage extends Error {}

interface Result {
  ok: boolean;
  message?: string;
  problems?: LinedProblem[];
  draftId?: string;
  uploaded?: string[];
  alreadyStored?: string[];
  diff?: CatalogueDiffEntry[];
  changeId?: number;
  changeUrl?: string;
}

function optionsOf(argv: string[]) {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        publish: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
    if (values.help) return { help: true } as const;
    if (positionals.length !== 1) throw new BadUsage('Give one folder.');
    if (!values.url) throw new BadUsage('Give the portal’s address with --url.');
    let portal: URL;
    try {
      portal = new URL(values.url);
    } catch {
      throw new BadUsage(`--url ${values.url} is not an address.`);
    }
    if (portal.protocol !== 'https:' && portal.protocol !== 'http:') throw new BadUsage('--url must be http(s).');
    const token = process.env[API_TOKEN_ENV]?.trim();
    if (!token) throw new BadUsage(`Set ${API_TOKEN_ENV} to an API token of the portal.`);
    return { folder: positionals[0]!, portal, token, publish: values.publish, json: values.json };
  } catch (error) {
    if (error instanceof BadUsage) throw error;
    throw new BadUsage((error as Error).message);
  }
}

type Options = Exclude<ReturnType<typeof optionsOf>, { help: true }>;

/** At most `count` of the tasks at once. */
async function inParallel<T, R>(items: readonly T[], count: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(count, items.length) }, worker));
  return results;
}

/** The portal's API with the token: JSON in and out; a refusal becomes Refused with the portal's message. */
function portalClient(options: Options) {
  const authorization = bearerAuthorization(options.token);
  return async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> => {
    let response: Response;
    try {
      response = await fetch(new URL(path, options.portal), {
        method,
        headers: { authorization, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new Refused(
        `Could not reach the portal at ${options.portal.origin}: ${cause?.code ?? cause?.message ?? 'no answer'}.`,
      );
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (response.status >= 400 && response.status !== 409) {
      const message = (json as { message?: unknown } | undefined)?.message;
      const problems = (json as { problems?: ManifestProblem[] } | undefined)?.problems;
      throw Object.assign(
        new Refused(typeof message === 'string' ? message : `The portal answered HTTP ${response.status}.`),
        { portalProblems: problems },
      );
    }
    return { status: response.status, json: json as T };
  };
}

/** Progress for people (one line rewritten on a terminal) or for logs (a line per file step). */
function progressReporter(json: boolean) {
  const tty = !json && process.stderr.isTTY === true;
  const sent = new Map<string, { bytes: number; total: number }>();
  let lastDraw = 0;
  const draw = () => {
    const now = Date.now();
    if (now - lastDraw < 100) return;
    lastDraw = now;
    let bytes = 0;
    let total = 0;
    for (const file of sent.values()) {
      bytes += file.bytes;
      total += file.total;
    }
    const percent = total === 0 ? 100 : Math.floor((bytes / total) * 100);
    process.stderr.write(`\rUploading ${sent.size} file(s): ${percent}% of ${(total / 1e6).toFixed(1)} MB   `);
  };
  return {
    line(text: string) {
      if (!json) process.stdout.write(`${text}\n`);
    },
    bytes(name: string, bytes: number, total: number) {
      sent.set(name, { bytes, total });
      if (tty) draw();
    },
    done() {
      if (tty && sent.size > 0) process.stderr.write('\n');
    },
  };
}

/** Sends a file's bytes by tus, resuming after a dropped connection from where the portal says it got. */
function uploadFile(options: Options, draftId: string, file: LocalFile, onBytes: (sent: number) => void) {
  return new Promise<void>((resolve, reject) => {
    // The file as it is: fileReader opens it and uploadHttpStack sends it (upload-stack.ts;
    // tus-js-client's types know only its own sources).
    const upload = new Upload(file as unknown as Buffer, {
      fileReader,
      httpStack: uploadHttpStack,
      endpoint: new URL(PUBLISHING_PATHS.uploads, options.portal).href,
      uploadSize: file.sizeBytes,
      chunkSize: PATCH_BYTES,
      // A dropped connection is retried from the offset the portal answers to a HEAD.
      retryDelays: [0, 1_000, 3_000, 5_000, 10_000],
      headers: { authorization: bearerAuthorization(options.token) },
      metadata: {
        [UPLOAD_METADATA_KEYS.draftId]: draftId,
        [UPLOAD_METADATA_KEYS.sha256]: file.sha256,
        [UPLOAD_METADATA_KEYS.name]: file.name,
      },
      // tus-js-client's own rule (retry unless the portal refused with a 4xx other than 409 and
      // 423), but a file that changed on the disk, or a portal out of space (507), is refused
      // at once: sending it again changes nothing.
      onShouldRetry: (error) => {
        if (error.causingError instanceof FileShortened) return false;
        const status = error.originalResponse?.getStatus() ?? 0;
        if (status === INSUFFICIENT_STORAGE) return false;
        return status < 400 || status >= 500 || status === 409 || status === 423;
      },
      onProgress: (bytesSent) => onBytes(bytesSent),
      onSuccess: () => resolve(),
      onError: (error) => {
        const response = (error as { originalResponse?: { getBody(): string; getStatus(): number } | null })
          .originalResponse;
        const cause = (error as { causingError?: unknown }).causingError;
        let message =
          cause instanceof FileShortened
            ? `${file.name}: ${cause.message}`
            : `${file.name}: the upload failed (${error.message.split('\n')[0]}).`;
        if (response) {
          try {
            const body = JSON.parse(response.getBody()) as { message?: unknown };
            if (typeof body.message === 'string') message = `${file.name}: ${body.message}`;
          } catch {
            message = `${file.name}: the portal answered HTTP ${response.getStatus()}.`;
          }
        }
        reject(new Refused(message));
      },
    });
    upload.start();
  });
}

function describeDiff(diff: readonly CatalogueDiffEntry[]): string[] {
  if (diff.length === 0) return ['No change: the catalogue already has all of it.'];
  return diff.map((entry) => `  ${entry.outcome.padEnd(9)} ${entry.section}: ${entry.key}`);
}

async function run(options: Options): Promise<Result> {
  const progress = progressReporter(options.json);
  const read = await readManifest(options.folder);
  if ('problems' in read) throw new Refused(`${MANIFEST_NAME} is refused.`, read.problems);
  const threads = new HashThreads(Math.min(availableParallelism(), PARALLEL_FILES));
  const { draft, files, missing } = await draftOf(options.folder, read.manifest, (location) =>
    threads.sha256Of(location),
  ).finally(() => threads.close());
  if (missing.length > 0) {
    throw new Refused(`${MANIFEST_NAME} is refused.`, linedProblems(missing, read.lineOf));
  }
  const api = portalClient(options);
  let created: Draft;
  try {
    created = (await api<Draft>('POST', PUBLISHING_PATHS.drafts, draft)).json;
  } catch (error) {
    const problems = (error as { portalProblems?: ManifestProblem[] }).portalProblems;
    if (error instanceof Refused && problems) throw new Refused(error.message, linedProblems(problems, read.lineOf));
    throw error;
  }
  const draftId = created.draft.id;
  const draftPath = (path: string) => path.replace(':draftId', draftId);
  progress.line(`Draft ${draftId}: ${files.length} file(s).`);

  const uploaded: string[] = [];
  const alreadyStored: string[] = [];
  await inParallel(files, PARALLEL_FILES, async (file) => {
    const { json: claim } = await api<DraftFile>('POST', draftPath(PUBLISHING_PATHS.draftFiles), {
      sha256: file.sha256,
      name: file.name,
      sizeBytes: file.sizeBytes,
    });
    if (claim.state !== 'awaiting upload') {
      alreadyStored.push(file.name);
      progress.line(`${file.name}: already on the portal.`);
      return;
    }
    progress.line(`${file.name}: uploading ${(file.sizeBytes / 1e6).toFixed(1)} MB.`);
    await uploadFile(options, draftId, file, (sent) => progress.bytes(file.name, sent, file.sizeBytes));
    uploaded.push(file.name);
    progress.line(`${file.name}: uploaded.`);
  });
  progress.done();

  const { json: preview } = await api<DraftPreview>('POST', draftPath(PUBLISHING_PATHS.preview), {});
  if (preview.problems.length > 0) {
    throw new Refused('The portal refuses the draft.', linedProblems(preview.problems, read.lineOf));
  }
  progress.line('Preview of the change:');
  for (const line of describeDiff(preview.diff)) progress.line(line);
  const result: Result = { ok: true, draftId, uploaded, alreadyStored, diff: preview.diff };
  if (!options.publish) {
    progress.line(`Not published (give --publish to publish it). Draft: ${draftId}`);
    return result;
  }
  const published = await api<DraftPublished | DraftPublishRefused>('POST', draftPath(PUBLISHING_PATHS.publication), {
    catalogueVersion: preview.catalogueVersion,
  });
  if (published.status === 409) throw new Refused((published.json as DraftPublishRefused).message);
  const { change } = published.json as DraftPublished;
  const changeUrl = new URL(publishingChangePage(change.id), options.portal).href;
  progress.line(`Published: ${changeUrl}`);
  return { ...result, changeId: change.id, changeUrl };
}

/**
 * Hashes files on worker threads (hash-thread.ts, bundled beside this), one file at a time each:
 * Node hashes on the thread that asks, so the main thread alone would hash every file on one
 * core (docs/decisions/262-upload-throughput.md). Started as they are needed; close() stops them.
 */
class HashThreads {
  private readonly started: Worker[] = [];
  private readonly free: Worker[] = [];
  private readonly waiting: Array<(worker: Worker) => void> = [];

  constructor(private readonly count: number) {}

  async sha256Of(location: string): Promise<string> {
    const worker = await this.take();
    let healthy = true;
    try {
      return await new Promise<string>((resolve, reject) => {
        const failed = (error: Error) => {
          healthy = false;
          reject(error);
        };
        worker.once('error', failed);
        worker.once('message', (answer: { sha256?: string; error?: string }) => {
          worker.off('error', failed);
          if (answer.sha256 !== undefined) resolve(answer.sha256);
          else reject(new Error(answer.error));
        });
        worker.postMessage(location);
      });
    } finally {
      if (healthy) this.give(worker);
      else this.replace(worker);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.started.map((worker) => worker.terminate()));
  }

  private take(): Promise<Worker> {
    const free = this.free.pop();
    if (free) return Promise.resolve(free);
    if (this.started.length < this.count) return Promise.resolve(this.start());
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** A thread that failed is dropped; one waiting for a thread gets a new one. */
  private replace(failed: Worker): void {
    this.started.splice(this.started.indexOf(failed), 1);
    void failed.terminate();
    const next = this.waiting.shift();
    if (next) next(this.start());
  }

  private start(): Worker {
    const worker = new Worker(new URL('./hash-thread.mjs', import.meta.url));
    this.started.push(worker);
    return worker;
  }

  private give(worker: Worker): void {
    const next = this.waiting.shift();
    if (next) next(worker);
    else this.free.push(worker);
  }
}

function printProblems(problems: readonly LinedProblem[]) {
  for (const problem of problems) {
    const where = problem.line > 0 ? `${MANIFEST_NAME}:${problem.line}: ` : '';
    const field = problem.path ? `${problem.path}: ` : '';
    process.stderr.write(`${where}${field}${problem.message}\n`);
  }
}

export async function main(argv: string[]): Promise<number> {
  let options: ReturnType<typeof optionsOf>;
  try {
    options = optionsOf(argv);
  } catch (error) {
    process.stderr.write(`portal-publish: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if ('help' in options) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  try {
    const result = await run(options);
    if (options.json) process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (caught) {
    // Anything else (a file that cannot be read, say) is said in one line too, never as a stack.
    const error = caught instanceof Refused ? caught : new Refused((caught as Error).message ?? String(caught));
    if (options.json) {
      process.stdout.write(`${JSON.stringify({ ok: false, message: error.message, problems: error.problems })}\n`);
    } else {
      process.stderr.write(`portal-publish: ${error.message}\n`);
      printProblems(error.problems);
    }
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
