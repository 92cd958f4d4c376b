// The security advisories' speed (issue 34, decision 227): GET /v1/Cornerstone/versions (the
// catalogue-versions bench's request, 10 connections) of ONE portal before and after the demo
// catalogue's advisories are published, and the CSAF distribution against it.
//
// How the marks' cost is isolated: each run starts a new portal on the demo catalogue imported
// with `npm run portal -- import` before its first start, so start-up publishes no advisory.
// It checks that no version is marked and index.txt is empty, warms GET versions up uncounted
// and measures it ("before"); a `security` staff member (the benches' one sign-in,
// lib/publisher-portal.mjs) then publishes the demo advisories through the API, as a person
// does on /service/security; the bench checks that 2.8.1 is now marked, warms GET versions up
// again, uncounted, and measures it ("after"). Same process, catalogue, request and warm-up:
// only the advisories differ. The product cannot withdraw an advisory (a published one changes
// only by a new revision), so the phases cannot alternate within one process; instead each run
// is a new process and the ratio after / before is taken within it, so no figure of one
// process is compared with another's. Target: the median ratio within 5% of 100%.
//
// Then, in the same run and process, GET of the demo advisory's CSAF document, of the ROLIE
// feed and of provider-metadata.json, each whole (200) and revalidated (If-None-Match with its
// ETag: 304), each warmed up uncounted first. Target: each at least 80% of GET versions
// ("after", advisories published). The medians of the runs decide; BENCH_DURATION_S sets each
// phase (10 s), BENCH_RUNS the runs (3).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ADVISORY_PATHS, CSAF_PATHS } from '@portal/contracts';
import { measure } from './lib/autocannon.mjs';
import { startPortalWithStaff } from './lib/publisher-portal.mjs';
import { DEMO_ADVISORIES_FILE, DEMO_CATALOGUE_DIR } from '../apps/api/src/paths.ts';
import { makeDataDir, portalCommand, removeDataDir } from '../test-kit/portal-process.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WARM_UP_S = Math.min(DURATION_S, 3);
const CSAF_TARGET = 0.8;
const MARKS_TOLERANCE = 0.05;
const VERSIONS = '/v1/Cornerstone/versions';
const customer = { authorization: 'Hasp id=DEMO-CS-1001' };
const demoAdvisories = JSON.parse(await readFile(path.join(DEMO_CATALOGUE_DIR, DEMO_ADVISORIES_FILE), 'utf8'));

let failed = false;
const runs = [];
const csafNames = ['CSAF document', 'ROLIE feed', 'provider-metadata.json'];
for (let run = 1; run <= RUNS; run++) {
  const { portal, api } = await startPortalWithStaff({ roles: ['security'], dataDir: await importedDemoCatalogue() });
  try {
    const figures = {};
    const versions = async (key) => {
      // A fresh process, or a new code path after the publish, answers slower until compiled: uncounted.
      await measure(`${portal.url}${VERSIONS}`, { duration: WARM_UP_S, headers: customer });
      figures[key] = await measure(`${portal.url}${VERSIONS}`, { duration: DURATION_S, headers: customer });
    };

    await expectMarks(portal, false);
    await versions('versionsBefore');
    for (const content of demoAdvisories) {
      const draft = await api('POST', ADVISORY_PATHS.drafts, content);
      await api('POST', ADVISORY_PATHS.publish.replace(':id', draft.id), {});
    }
    await expectMarks(portal, true);
    await versions('versions');

    const csaf = [
      { name: csafNames[0], path: await demoAdvisoryDocument(portal) },
      { name: csafNames[1], path: CSAF_PATHS.feed },
      { name: csafNames[2], path: CSAF_PATHS.providerMetadata },
    ];
    for (const file of csaf) {
      const url = `${portal.url}${file.path}`;
      const etag = await etagOf(url);
      await measure(url, { duration: WARM_UP_S });
      figures[`${file.name} 200`] = await measure(url, { duration: DURATION_S });
      figures[`${file.name} 304`] = await measure(url, {
        duration: DURATION_S,
        headers: { 'if-none-match': etag },
        expect: '3xx',
      });
    }
    runs.push(figures);
    console.log(
      `run ${run}: ${Object.entries(figures)
        .map(([key, figure]) => `${key} ${figure.requestsPerSecond} req/s`)
        .join('; ')}`,
    );
  } finally {
    await portal.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const medianOf = (key, field = 'requestsPerSecond') => median(runs.map((figures) => figures[key][field]));
const ratioOf = (key, reference = 'versions') =>
  median(runs.map((figures) => figures[key].requestsPerSecond / figures[reference].requestsPerSecond));
const marks = ratioOf('versions', 'versionsBefore');
const marksPass = Math.abs(marks - 1) <= MARKS_TOLERANCE;
if (!marksPass) failed = true;
const rows = [
  ['GET versions, before the advisories', medianOf('versionsBefore'), medianOf('versionsBefore', 'p99Ms'), '', ''],
  [
    'GET versions, advisories published',
    medianOf('versions'),
    medianOf('versions', 'p99Ms'),
    '100%',
    `after / before ${percent(marks)}: within ${percent(MARKS_TOLERANCE)} ${marksPass ? 'PASS' : 'FAIL'}`,
  ],
];
for (const name of csafNames) {
  for (const status of ['200', '304']) {
    const key = `${name} ${status}`;
    const ratio = ratioOf(key);
    const pass = ratio >= CSAF_TARGET;
    if (!pass) failed = true;
    rows.push([
      key,
      medianOf(key),
      medianOf(key, 'p99Ms'),
      percent(ratio),
      `>= ${percent(CSAF_TARGET)} ${pass ? 'PASS' : 'FAIL'}`,
    ]);
  }
}
printTable(
  [
    `median of ${RUNS} ${RUNS === 1 ? 'run' : 'runs'} (${DURATION_S} s each)`,
    'req/s',
    'p99 ms',
    'of GET versions',
    'target',
  ],
  rows,
);
if (failed) {
  console.log('TARGET MISSED');
  process.exit(1);
}

/**
 * A new data folder holding the demo catalogue, imported with the portal's own command before
 * the portal's first start: start-up then finds a catalogue and publishes no demo advisory
 * (docs/demo-data.md), so the portal starts with no advisory at all.
 */
async function importedDemoCatalogue() {
  const dataDir = await makeDataDir();
  const imported = await portalCommand(['import', DEMO_CATALOGUE_DIR], { DATA_DIR: dataDir }, { timeoutMs: 120_000 });
  if (imported.code !== 0) {
    await removeDataDir(dataDir);
    throw new Error(`npm run portal -- import: ${imported.code}\n${imported.stderr}`);
  }
  return dataDir;
}

/**
 * The phase is what the bench says: with `published`, the lookup marks a version of
 * DEMO-CS-1001 as affected and index.txt names documents; without, it marks none and
 * index.txt is empty.
 */
async function expectMarks(portal, published) {
  const response = await fetch(`${portal.url}${VERSIONS}`, { headers: customer });
  if (response.status !== 200) throw new Error(`GET ${VERSIONS}: ${response.status}`);
  const marked = Object.values(await response.json()).filter((version) => (version.affectedBy ?? []).length > 0);
  const index = await (await fetch(`${portal.url}${CSAF_PATHS.index}`)).text();
  if (published && (marked.length === 0 || index === '')) {
    throw new Error('the advisories are published, yet the lookup marks no version as affected');
  }
  if (!published && (marked.length !== 0 || index !== '')) {
    throw new Error('the portal has advisories published before the bench published any');
  }
}

/** The demo advisory's CSAF document (not the VEX statement), as index.txt names it. */
async function demoAdvisoryDocument(portal) {
  const response = await fetch(`${portal.url}${CSAF_PATHS.index}`);
  const paths = (await response.text()).split('\n').filter((line) => /-sa-[^/]*\.json$/.test(line));
  if (paths.length === 0) throw new Error(`${CSAF_PATHS.index} names no advisory`);
  return `${CSAF_PATHS.directory}${paths[0]}`;
}

/** A file's ETag; its absence is a defect the bench names, since the 304 figure depends on it. */
async function etagOf(url) {
  const response = await fetch(url);
  await response.arrayBuffer();
  const etag = response.headers.get('etag');
  if (response.status !== 200 || !etag) throw new Error(`GET ${url}: ${response.status}, ETag ${etag}`);
  const again = await fetch(url, { headers: { 'if-none-match': etag } });
  if (again.status !== 304) throw new Error(`GET ${url} with If-None-Match ${etag}: ${again.status}, not 304`);
  return etag;
}

function percent(ratio) {
  return `${(ratio * 100).toFixed(0)}%`;
}

function printTable(header, rows) {
  const cells = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, column) => Math.max(...cells.map((row) => row[column].length)));
  // Figures right-aligned, words left-aligned.
  const line = (row) =>
    row
      .map((cell, column) => (column >= 1 && column <= 3 ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join('  ')
      .trimEnd();
  console.log(line(cells[0]));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of cells.slice(1)) console.log(line(row));
}
