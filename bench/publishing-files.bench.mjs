// The published files at scale (issue 38, decision 250): a catalogue of 10,000 published
// files (generated: 10 drafts of 1,000 PIBs, each a file of its own name over one stored
// blob, so nothing is uploaded), then the Publishing screen's request, a page of 50 filtered
// by a name fragment over all of them, asked 200 times in turn with fragments that match
// from one file to a thousand. Target: p99 <= 50 ms. Prints the p50, p99 and maximum of that
// and, for comparison, of the first page unfiltered, ordered by name and by where published.
// Then the Publishing screen in Chromium (playwright-core driving Debian's Chromium): how long
// after navigation its first page of rows is in the document, and how many table rows the
// document holds then. Target: <= 1 s, at most a few hundred rows (the first load, with an
// empty cache, and the median of the loads after it).
/* global window, document, MutationObserver -- read inside the page, in Chromium */
import { PUBLISHED_FILES_MAX_LIMIT, PUBLISHING_PATHS } from '@portal/contracts';
import { chromium } from 'playwright-core';
import { DESTINATIONS } from '../apps/web/app/shared/navigation/navigation.ts';
import { BEARER_STORAGE_KEY } from '../apps/web/app/shared/api/api-client.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test-kit/chromium.ts';
import { startPortal } from '../test-kit/portal-process.ts';
import { signInWithRoles } from '../test-kit/staff-session.ts';

const FILES = Number(process.env.BENCH_FILES ?? 10_000);
const BATCH = 1_000;
const ASKS = Number(process.env.BENCH_ASKS ?? 200);
const P99_TARGET_MS = 50;
const SCREEN_LOADS = Number(process.env.BENCH_SCREEN_LOADS ?? 5);
const SCREEN_TARGET_MS = 1_000;
/** "At most a few hundred table rows in the DOM": a page of 50 is 51 with its header. */
const SCREEN_ROWS_TARGET = 300;
const DOMAIN = 'bench.example';
const ADMIN = `bench-admin@${DOMAIN}`;

const portal = await startPortal({ env: { STAFF_EMAIL_DOMAINS: DOMAIN, ADMIN_EMAILS: ADMIN } });
let failed = false;
try {
  const publisher = await signInWithRoles({
    origin: portal.url,
    dataDir: portal.dataDir,
    admin: ADMIN,
    email: `bench-publisher@${DOMAIN}`,
    roles: ['publisher'],
  });
  const api = async (method, path, body) => {
    const response = await fetch(new URL(path, portal.url), {
      method,
      headers: { ...publisher.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text);
  };
  const { files } = await api('GET', `${PUBLISHING_PATHS.files}?limit=${PUBLISHED_FILES_MAX_LIMIT}`);
  const stored = files.find((file) => file.withdrawn === null && file.uses.some((use) => use.section === 'pibs'));
  if (!stored) throw new Error('the demo catalogue has no live PIB file to name');

  const generating = performance.now();
  for (let from = 0; from < FILES; from += BATCH) {
    const numbers = Array.from({ length: Math.min(BATCH, FILES - from) }, (_, index) => from + index);
    const manifest = {
      families: ['CS'],
      versions: [],
      registrations: [],
      pibs: numbers.map((number) => ({
        product: 'Cornerstone',
        version: `3.${Math.floor(number / 1_000)}.0`,
        internalVariant: `files-${number}`,
        variant: `Files ${number}`,
        file: { path: stored.sha256, name: `Bench-File-${String(number).padStart(5, '0')}.pdf` },
      })),
      dsvs: [],
    };
    const { draft } = await api('POST', PUBLISHING_PATHS.drafts, manifest);
    const draftPath = (path) => path.replace(':draftId', draft.id);
    const preview = await api('POST', draftPath(PUBLISHING_PATHS.preview), {});
    await api('POST', draftPath(PUBLISHING_PATHS.publication), { catalogueVersion: preview.catalogueVersion });
  }
  console.log(`generated ${FILES} published files in ${Math.round(performance.now() - generating)} ms`);

  const timed = async (query) => {
    const start = performance.now();
    const page = await api('GET', `${PUBLISHING_PATHS.files}?${new URLSearchParams(query)}`);
    return { ms: performance.now() - start, page };
  };
  const figures = async (label, queryOf) => {
    // A few asks first, so the figures are of a portal that has seen the request before.
    for (let ask = 0; ask < 5; ask++) await timed(queryOf(ask));
    const times = [];
    for (let ask = 0; ask < ASKS; ask++) times.push((await timed(queryOf(ask))).ms);
    times.sort((a, b) => a - b);
    const at = (share) => times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)];
    console.log(
      `${label}: p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${times.at(-1).toFixed(1)} ms (${ASKS} asks)`,
    );
    return at(0.99);
  };

  // Fragments matching 1, 10, 100 and 1,000 files: "File-01234", "File-0123", "File-012", "File-01".
  const fragment = (ask) =>
    `File-${String(ask * 37)
      .padStart(5, '0')
      .slice(0, 2 + (ask % 4))}`;
  const { page: check } = await timed({ limit: '50', q: 'Bench-File-0', sort: 'name' });
  if (check.files.length !== 50 || !check.nextCursor)
    throw new Error('a name fragment over the generated files found no full page');
  const p99 = await figures('page of 50 filtered by a name fragment', (ask) => ({ limit: '50', q: fragment(ask) }));
  await figures('first page of 50, newest first', () => ({ limit: '50' }));
  await figures('first page of 50 by name', () => ({ limit: '50', sort: 'name' }));
  await figures('first page of 50 by where published', () => ({ limit: '50', sort: 'where' }));
  if (p99 > P99_TARGET_MS) {
    console.log(`FAIL: p99 ${p99.toFixed(1)} ms is above the target of ${P99_TARGET_MS} ms`);
    failed = true;
  } else console.log(`ok: p99 ${p99.toFixed(1)} ms <= ${P99_TARGET_MS} ms`);

  if (!(await publishingScreenInChromium(portal.url, publisher.bearer))) failed = true;
} finally {
  await portal.close();
}
if (failed) process.exit(1);

/**
 * Opens the Publishing screen signed in as the publisher, SCREEN_LOADS times in one browser
 * (the first with an empty cache), and reads, in the page, when the first row of files was
 * added to the document (milliseconds since navigation started: `performance.now()` in a
 * MutationObserver installed before the page's first script) and how many rows it holds.
 */
async function publishingScreenInChromium(origin, bearer) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: origin });
    await context.addInitScript(
      ({ key, value }) => {
        localStorage.setItem(key, value);
        new MutationObserver((_records, observer) => {
          if (!document.querySelector('tbody tr')) return;
          window.__firstRowsAt = performance.now();
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      },
      { key: BEARER_STORAGE_KEY, value: bearer },
    );
    const page = await context.newPage();
    const loads = [];
    for (let load = 0; load < SCREEN_LOADS; load++) {
      await page.goto(DESTINATIONS.servicePublishing.url);
      await page.waitForFunction(() => typeof window.__firstRowsAt === 'number', undefined, { timeout: 30_000 });
      loads.push(
        await page.evaluate(() => ({
          ms: window.__firstRowsAt,
          rows: document.querySelectorAll('tr').length,
          // The screen's own status line ("50 files on this page"), not the sign-in banner's.
          status:
            [...document.querySelectorAll('[role="status"]')]
              .map((element) => element.textContent ?? '')
              .find((text) => / on this page$/.test(text)) ?? '',
        })),
      );
    }
    const [first, ...later] = loads;
    const laterMs = later.map((load) => load.ms).sort((a, b) => a - b);
    const median = laterMs.length > 0 ? laterMs[Math.floor((laterMs.length - 1) / 2)] : first.ms;
    const rows = Math.max(...loads.map((load) => load.rows));
    console.log(
      `Publishing screen in Chromium: first page of rows ${first.ms.toFixed(0)} ms after navigation on the first load ` +
        `(empty cache), median ${median.toFixed(0)} ms of the ${later.length} after it; at most ${rows} table rows ` +
        `in the document ("${first.status}")`,
    );
    const slow = Math.max(first.ms, median);
    if (slow > SCREEN_TARGET_MS || rows > SCREEN_ROWS_TARGET) {
      console.log(
        `FAIL: the Publishing screen took ${slow.toFixed(0)} ms (target ${SCREEN_TARGET_MS} ms) ` +
          `with ${rows} rows (target at most ${SCREEN_ROWS_TARGET})`,
      );
      return false;
    }
    console.log(
      `ok: first page ${slow.toFixed(0)} ms <= ${SCREEN_TARGET_MS} ms, ${rows} rows <= ${SCREEN_ROWS_TARGET}`,
    );
    return true;
  } finally {
    await browser.close();
  }
}
