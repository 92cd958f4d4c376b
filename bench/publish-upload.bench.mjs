// A 1 GiB upload into a draft through the browser's protocol (tus, with tus-js-client, the
// browser's own client, here on Node) over loopback to a started portal. Targets (issue 25):
// at least 300 MB/s, the portal's RSS growing by at most 64 MiB during it, and a resume after
// a drop at 50% re-sending at most one chunk. Prints the figures; the lead measures them on a
// quiet machine. BENCH_UPLOAD_BYTES and BENCH_UPLOAD_CHUNK_BYTES change the sizes.
import { createHash, randomBytes } from 'node:crypto';
import { UPLOAD_CHUNK_BYTES } from '@portal/contracts';
import { Upload } from 'tus-js-client';
import { onePibManifest } from '../test-kit/manifests.ts';
import { startPortal } from '../test-kit/portal-process.ts';
import { residentMiB } from './lib/machine.ts';
import { signInThroughOutbox } from '../test-kit/staff-session.ts';

const SIZE_BYTES = Number(process.env.BENCH_UPLOAD_BYTES ?? 1 << 30);
// The screen's chunk: a resume re-sends at most the one that was in flight.
const CHUNK_BYTES = Number(process.env.BENCH_UPLOAD_CHUNK_BYTES ?? UPLOAD_CHUNK_BYTES);
const MiB = 1 << 20;
const EMAIL = 'bench-publisher@example.com';

/** SIZE_BYTES of random-looking bytes (a random block, each copy with its own counter), and their SHA-256. */
function makeFile() {
  const bytes = Buffer.allocUnsafe(SIZE_BYTES);
  const block = randomBytes(MiB);
  for (let offset = 0, n = 0; offset < SIZE_BYTES; offset += MiB, n++) {
    block.writeUInt32LE(n, 0);
    block.copy(bytes, offset, 0, Math.min(MiB, SIZE_BYTES - offset));
  }
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

let portal;
let failed = false;
try {
  const { bytes, sha256 } = makeFile();
  portal = await startPortal({ env: { ADMIN_EMAILS: EMAIL, LOG_FORMAT: 'json' } });
  const { headers } = await signInThroughOutbox({ email: EMAIL, requestAt: portal.url, dataDirs: portal.dataDir });
  const newDraft = async (variant) => {
    const response = await fetch(`${portal.url}/v1/publishing/drafts`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(onePibManifest({ internalVariant: variant, variant, path: sha256, name: 'Bench.zip' })),
    });
    if (response.status !== 201) throw new Error(`draft: ${response.status} ${await response.text()}`);
    return (await response.json()).draft.id;
  };
  const upload = (draftId, extra = {}) =>
    new Upload(bytes, {
      endpoint: `${portal.url}/v1/publishing/uploads`,
      headers,
      chunkSize: CHUNK_BYTES,
      retryDelays: [],
      metadata: { draftId, sha256, filename: 'Bench.zip' },
      ...extra,
    });

  // One whole upload, the portal's resident memory sampled throughout.
  const wholeDraft = await newDraft('bench-whole');
  const baseline = residentMiB(portal.pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMiB(portal.pid))), 50);
  const started = process.hrtime.bigint();
  await new Promise((resolve, reject) => upload(wholeDraft, { onSuccess: resolve, onError: reject }).start());
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  const mbPerSecond = SIZE_BYTES / seconds / 1e6;
  const growth = peak - baseline;
  console.log(
    `upload of ${(SIZE_BYTES / MiB).toFixed(0)} MiB in ${CHUNK_BYTES / MiB} MiB chunks: ${seconds.toFixed(2)} s, ${mbPerSecond.toFixed(0)} MB/s (target ≥ 300; hashing and the move into the blob store included)`,
  );
  console.log(`portal RSS: ${baseline} MiB before, peak ${peak} MiB, growth ${growth.toFixed(1)} MiB (target ≤ 64)`);
  if (mbPerSecond < 300 || growth > 64) failed = true;

  // A drop at 50%: the upload is aborted mid-chunk, then resumed from the offset the portal kept.
  const draftId = await newDraft('bench-resume');
  let sentBeforeDrop = 0;
  let dropped;
  const first = await new Promise((resolve, reject) => {
    const running = upload(draftId, {
      onProgress: (sent) => {
        sentBeforeDrop = sent;
        if (!dropped && sent >= SIZE_BYTES / 2) {
          dropped = running.abort().then(() => resolve(running));
        }
      },
      onSuccess: () => reject(new Error('the upload finished before the drop')),
      onError: reject,
    });
    running.start();
  });
  await dropped;
  const kept = await fetch(new URL(first.url, portal.url), {
    method: 'HEAD',
    headers: { ...headers, 'tus-resumable': '1.0.0' },
  });
  const offset = Number(kept.headers.get('upload-offset'));
  await new Promise((resolve, reject) =>
    upload(draftId, {
      uploadUrl: new URL(first.url, portal.url).href,
      onSuccess: resolve,
      onError: reject,
    }).start(),
  );
  const resent = Math.max(0, sentBeforeDrop - offset);
  console.log(
    `resume after a drop at ${((sentBeforeDrop / SIZE_BYTES) * 100).toFixed(0)}%: the portal kept ${(offset / MiB).toFixed(1)} MiB, ${(resent / MiB).toFixed(1)} MiB sent again (target ≤ one chunk, ${CHUNK_BYTES / MiB} MiB)`,
  );
  if (resent > CHUNK_BYTES) failed = true;
  const draft = await (await fetch(`${portal.url}/v1/publishing/drafts/${draftId}`, { headers })).json();
  const state = draft.files[0]?.state;
  console.log(`after the resume the draft's file is ${state} (SHA-256 checked by the portal)`);
  if (state !== 'uploaded') failed = true;
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await portal?.close();
}
process.exit(failed ? 1 : 0);
