// The CSAF distribution (issue 34, decision 226): against one portal started on the demo
// catalogue (its published advisory and VEX statement), in the same run, the requests per
// second of GET of a CSAF document, of the ROLIE feed and of provider-metadata.json, each
// whole (200) and revalidated (If-None-Match with its ETag: 304), against GET
// /v1/Cornerstone/versions (the catalogue-versions bench's request, 10 connections).
// Target: each at least 80% of GET versions. Then GET versions against a second portal on
// the same demo catalogue with no advisory published (imported with `npm run portal --
// import` before its first start, so start-up does not publish the demo advisories):
// target within 5% of each other, the lookups' affected-version marks costing nothing
// measurable. Each run measures everything once (the two portals' GET versions side by
// side, their order swapped every run); the medians of the runs decide.
import { spawnSync } from 'node:child_process';
import { CSAF_PATHS } from '@portal/contracts';
import { measure } from './lib/autocannon.mjs';
import { DEMO_CATALOGUE_DIR } from '../apps/api/src/paths.ts';
import { CLI_ENTRY, makeDataDir, REPO_ROOT, startPortal } from '../test-kit/portal-process.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WARM_UP_S = Math.min(DURATION_S, 3);
const CSAF_TARGET = 0.8;
const MARKS_TOLERANCE = 0.05;
const VERSIONS = '/v1/Cornerstone/versions';
const customer = { authorization: 'Hasp id=DEMO-CS-1001' };

const withAdvisories = await startPortal();
const withoutAdvisories = await startPortalWithoutAdvisories();
let failed = false;
try {
  await expectMarks();
  const csaf = [
    { name: 'CSAF document', path: await demoAdvisoryDocument() },
    { name: 'ROLIE feed', path: CSAF_PATHS.feed },
    { name: 'provider-metadata.json', path: CSAF_PATHS.providerMetadata },
  ];
  for (const file of csaf) file.etag = await etagOf(file.path);
  // A fresh process answers slower until its code is compiled: each portal is warmed up, uncounted.
  for (const portal of [withAdvisories, withoutAdvisories]) {
    await measure(`${portal.url}${VERSIONS}`, { duration: WARM_UP_S, headers: customer });
  }
  for (const file of csaf) await measure(`${withAdvisories.url}${file.path}`, { duration: WARM_UP_S });

  const runs = [];
  for (let run = 1; run <= RUNS; run++) {
    const figures = {};
    const versionsOf = async (portal, key) => {
      figures[key] = await measure(`${portal.url}${VERSIONS}`, { duration: DURATION_S, headers: customer });
    };
    // Side by side, each first in every other run, so a drift of the machine's load falls on both alike.
    const pair = [() => versionsOf(withAdvisories, 'versions'), () => versionsOf(withoutAdvisories, 'versionsWithout')];
    for (const measureOne of run % 2 === 1 ? pair : pair.reverse()) await measureOne();
    for (const file of csaf) {
      const url = `${withAdvisories.url}${file.path}`;
      figures[`${file.name} 200`] = await measure(url, { duration: DURATION_S });
      figures[`${file.name} 304`] = await measure(url, {
        duration: DURATION_S,
        headers: { 'if-none-match': file.etag },
        expect: '3xx',
      });
    }
    runs.push(figures);
    console.log(
      `run ${run}: ${Object.entries(figures)
        .map(([key, figure]) => `${key} ${figure.requestsPerSecond} req/s`)
        .join('; ')}`,
    );
  }

  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const medianOf = (key, field = 'requestsPerSecond') => median(runs.map((figures) => figures[key][field]));
  const ratioOf = (key, reference = 'versions') =>
    median(runs.map((figures) => figures[key].requestsPerSecond / figures[reference].requestsPerSecond));
  const rows = [
    ['GET versions, advisories published', medianOf('versions'), medianOf('versions', 'p99Ms'), '100%', 'reference'],
  ];
  for (const file of csaf) {
    for (const status of ['200', '304']) {
      const key = `${file.name} ${status}`;
      const ratio = ratioOf(key);
      const pass = ratio >= CSAF_TARGET;
      if (!pass) failed = true;
      rows.push([
        `${key}`,
        medianOf(key),
        medianOf(key, 'p99Ms'),
        percent(ratio),
        `>= ${percent(CSAF_TARGET)} ${pass ? 'PASS' : 'FAIL'}`,
      ]);
    }
  }
  const marks = ratioOf('versions', 'versionsWithout');
  const marksPass = Math.abs(marks - 1) <= MARKS_TOLERANCE;
  if (!marksPass) failed = true;
  rows.push([
    'GET versions, no advisory published',
    medianOf('versionsWithout'),
    medianOf('versionsWithout', 'p99Ms'),
    '',
    `published / none ${percent(marks)}: within ${percent(MARKS_TOLERANCE)} ${marksPass ? 'PASS' : 'FAIL'}`,
  ]);
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
} finally {
  await Promise.all([withAdvisories.close(), withoutAdvisories.close()]);
}
if (failed) {
  console.log('TARGET MISSED');
  process.exit(1);
}

/**
 * The demo catalogue, imported with the portal's own command into a new data folder before
 * the portal's first start: start-up then finds a catalogue and publishes no demo advisory
 * (docs/demo-data.md), so this portal answers the same lookups with no advisory at all.
 */
async function startPortalWithoutAdvisories() {
  const dataDir = await makeDataDir();
  const imported = spawnSync(process.execPath, [CLI_ENTRY, 'import', DEMO_CATALOGUE_DIR], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (imported.status !== 0) throw new Error(`npm run portal -- import: ${imported.status}\n${imported.stderr}`);
  return startPortal({ dataDir });
}

/** The two portals differ as the bench says: one marks 2.8.1 as affected, the other publishes nothing. */
async function expectMarks() {
  const affected = async (portal) => {
    const response = await fetch(`${portal.url}${VERSIONS}`, { headers: customer });
    if (response.status !== 200) throw new Error(`GET ${VERSIONS}: ${response.status}`);
    const versions = await response.json();
    return Object.values(versions).filter((version) => (version.affectedBy ?? []).length > 0).length;
  };
  const index = async (portal) => (await fetch(`${portal.url}${CSAF_PATHS.index}`)).text();
  if ((await affected(withAdvisories)) === 0) throw new Error('the demo portal marks no version as affected');
  if ((await affected(withoutAdvisories)) !== 0 || (await index(withoutAdvisories)) !== '') {
    throw new Error('the portal without advisories has advisories published');
  }
}

/** The demo advisory's CSAF document (not the VEX statement), as index.txt names it. */
async function demoAdvisoryDocument() {
  const response = await fetch(`${withAdvisories.url}${CSAF_PATHS.index}`);
  const paths = (await response.text()).split('\n').filter((line) => /-sa-[^/]*\.json$/.test(line));
  if (paths.length === 0) throw new Error(`${CSAF_PATHS.index} names no advisory`);
  return `${CSAF_PATHS.directory}${paths[0]}`;
}

/** A file's ETag; its absence is a defect the bench names, since the 304 figure depends on it. */
async function etagOf(path) {
  const response = await fetch(`${withAdvisories.url}${path}`);
  await response.arrayBuffer();
  const etag = response.headers.get('etag');
  if (response.status !== 200 || !etag) throw new Error(`GET ${path}: ${response.status}, ETag ${etag}`);
  const again = await fetch(`${withAdvisories.url}${path}`, { headers: { 'if-none-match': etag } });
  if (again.status !== 304) throw new Error(`GET ${path} with If-None-Match ${etag}: ${again.status}, not 304`);
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
