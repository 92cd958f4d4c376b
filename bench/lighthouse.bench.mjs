// Lighthouse (mobile preset: emulated phone, simulated slow 4G and 4x CPU slowdown) on five
// public pages and two lookups with results, and on Home and the offline installer's results
// in German and in Japanese (a browser asking for each), in Debian's Chromium, against the
// production build; then the bytes of JavaScript and CSS that '/' loads, gzip-compressed as the portal
// sends them: those its HTML names, and every script Lighthouse saw it fetch until the
// network was idle (the telemetry collector, anything prefetched).
// Targets (docs/web-app.md, decisions 165 and 252; '/' budget in test-kit/page-budgets.ts): performance 100, accessibility 100, best practices
// 100 and LCP <= 1.2 s on every page; on the lookups with results TBT <= 50 ms and LCP <= 1.0 s;
// '/' at most 120 KB of JS by network idle and 20 KB of CSS, gzip. A lookup that misses its TBT
// target keeps its trace and lists what its main thread's longer tasks spent their time on.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPortal } from '../test-kit/portal-process.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../test-kit/chromium.ts';
import { HOME_BUDGET_KB as BUDGET_KB, responseBytes as get } from '../test-kit/page-budgets.ts';

// DEMO-CS-1001 is a Cornerstone registration of the demo catalogue (apps/api/demo-catalogue): its results
// hydrate the form, the record, the files and their details at once.
const RESULT_PAGES = [
  '/cornerstone/pibs?registrationId=DEMO-CS-1001',
  '/cornerstone/offline?registrationId=DEMO-CS-1001',
];
const PAGES = ['/', '/cornerstone', '/chromatof', '/metallographics/px/firmware', '/privacy', ...RESULT_PAGES];
// Home and the offline installer's results in German and Japanese too (issue 50), each read by
// a browser that asks for that language, as its visitors' do.
const PAGES_BY_LANGUAGE = {
  en: PAGES,
  de: ['/de', '/de/cornerstone/offline?registrationId=DEMO-CS-1001'],
  ja: ['/ja', '/ja/cornerstone/offline?registrationId=DEMO-CS-1001'],
};
const isResultPage = (pagePath) => pagePath.includes('?registrationId=');
const TARGETS = { performance: 100, accessibility: 100, 'best-practices': 100 };
const LCP_TARGET_MS = 1200;
const RESULT_TARGETS_MS = { tbt: 50, lcp: 1000 };
// The flags of the browser tests (they keep Chromium off the closed network), headless.
const CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

const portal = await startPortal({ env: { MAKER_NAME: 'Example Instruments' } });
let chrome;
let missed = 0;
/** The scripts Lighthouse saw '/' fetch before the network went idle. */
let homeScripts = [];
try {
  for (const [language, pages] of Object.entries(PAGES_BY_LANGUAGE)) {
    await chrome?.kill();
    chrome = await chromeLauncher.launch({
      chromePath: chromiumPath(),
      chromeFlags: [...CHROMIUM_FLAGS, `--lang=${language}`, `--accept-lang=${language}`],
    });
    for (const pagePath of pages) missed += await measure(pagePath);
  }

  const bytes = await homePageBytes(portal.url, homeScripts);
  const kb = (n) => (n / 1024).toFixed(1);
  console.log(
    `'/' loads ${kb(bytes.js)} KB JS in ${bytes.jsFiles} files at load and ${kb(bytes.idleJs)} KB in ` +
      `${bytes.idleJsFiles} files by network idle (budget ${BUDGET_KB.js} KB), and ` +
      `${kb(bytes.css)} KB CSS in ${bytes.cssFiles} files (budget ${BUDGET_KB.css} KB), gzip`,
  );
  if (homeScripts.length === 0)
    console.log("  (Lighthouse gave no network log of '/': the figure by network idle is the load's)");
  if (bytes.idleJs > BUDGET_KB.js * 1024 || bytes.css > BUDGET_KB.css * 1024) missed++;
} finally {
  await chrome?.kill();
  await portal.close();
}
if (missed) {
  console.log(`${missed} target(s) missed`);
  process.exitCode = 1;
}

/** Lighthouse on one page of the portal, its figures printed: how many targets it missed. */
async function measure(pagePath) {
  let missedHere = 0;
  const { lhr, artifacts } = await audit(`${portal.url}${pagePath}`, chrome.port);
  const scores = Object.fromEntries(
    Object.keys(TARGETS).map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
  );
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN;
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? NaN;
  const tbt = lhr.audits['total-blocking-time']?.numericValue ?? NaN;
  console.log(
    `${pagePath.padEnd(48)} performance ${scores.performance}  accessibility ${scores.accessibility}  ` +
      `best practices ${scores['best-practices']}  TBT ${Math.round(tbt)} ms  LCP ${Math.round(lcp)} ms  CLS ${cls.toFixed(3)}`,
  );
  if (lhr.runtimeError)
    console.log(`  Lighthouse could not measure: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const resultPage = isResultPage(pagePath);
  const lcpTarget = resultPage ? RESULT_TARGETS_MS.lcp : LCP_TARGET_MS;
  if (!(lcp <= lcpTarget)) {
    missedHere++;
    console.log(`  LCP above ${lcpTarget} ms`);
  }
  if (resultPage && !(tbt <= RESULT_TARGETS_MS.tbt)) {
    missedHere++;
    const longTasks = (lhr.audits['long-tasks']?.details?.items ?? [])
      .map((task) => `${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms (${task.url})`)
      .join(', ');
    console.log(`  TBT above ${RESULT_TARGETS_MS.tbt} ms; long tasks: ${longTasks}`);
    await explainLongTasks(pagePath, artifacts.Trace);
  }
  if (pagePath === '/') {
    homeScripts = (lhr.audits['network-requests']?.details?.items ?? [])
      .filter((item) => item.resourceType === 'Script')
      .map((item) => new URL(item.url).pathname);
  }
  for (const [category, target] of Object.entries(TARGETS)) {
    if (scores[category] < target) {
      missedHere++;
      const failing = Object.values(lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative')
        .filter((audit) => lhr.categories[category].auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0))
        .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`);
      console.log(`  ${category} below ${target}: ${failing.join(', ')}`);
    }
  }
  return missedHere;
}

/**
 * A missed TBT target is rare on a quiet machine and gone in the next run: the trace is kept
 * (open it in DevTools' Performance panel), and the tasks the page's main thread ran for more
 * than 12 ms, as observed (Lighthouse's long tasks are simulated at 4x), are listed with what
 * took their time.
 */
async function explainLongTasks(pagePath, trace) {
  const file = join(tmpdir(), `lighthouse${pagePath.replace(/\W+/g, '-')}-${Date.now()}.trace.json`);
  await writeFile(file, JSON.stringify(trace));
  console.log(`  trace: ${file}`);
  const events = trace.traceEvents;
  const mainThreads = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const onMain = events.filter((event) => event.ph === 'X' && mainThreads.has(`${event.pid}:${event.tid}`));
  for (const task of onMain.filter((event) => event.name === 'RunTask' && event.dur > 12_000)) {
    const inside = new Map();
    for (const event of onMain) {
      if (event.name === 'RunTask' || event.ts < task.ts || event.ts + event.dur > task.ts + task.dur) continue;
      inside.set(event.name, (inside.get(event.name) ?? 0) + event.dur);
    }
    const what = [...inside]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([name, micros]) => `${name} ${(micros / 1000).toFixed(1)}`)
      .join(', ');
    console.log(`  observed task of ${(task.dur / 1000).toFixed(1)} ms: ${what}`);
  }
}

/**
 * Lighthouse on one page. On a busy machine its trace sometimes misses the navigation
 * (NO_NAVSTART): such a run measures nothing, so it is run again, up to twice.
 */
async function audit(url, port) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(TARGETS),
    });
    if (!result.lhr.runtimeError || attempt === 3) return result;
    console.log(`  (${result.lhr.runtimeError.code} on ${url}: measured again)`);
  }
}

/**
 * The gzip bytes of every script and stylesheet the prerendered '/' names, in a tag or in its
 * bootstrap script; and of those scripts with every one fetched until the network was idle.
 */
async function homePageBytes(baseUrl, fetchedScripts) {
  const served = (await get(`${baseUrl}/`, 'identity')).toString('utf8');
  // The import map names every page's message modules (decision 281): only those Home's modules
  // import count, found below by their specifiers.
  const importMap = /<script type="importmap">([^<]*)<\/script>/.exec(served);
  const mapped = importMap ? JSON.parse(importMap[1]).imports : {};
  const html = importMap ? served.replace(importMap[0], '') : served;
  const urls = new Set([...html.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]));
  // Imports the entry and route modules make that the page did not list (each new one read in turn).
  for (const url of urls) {
    if (!url.endsWith('.js')) continue;
    const source = (await get(`${baseUrl}${url}`, 'identity')).toString('utf8');
    for (const [, name] of source.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) urls.add(`/assets/${name}`);
    for (const [, specifier] of source.matchAll(/(?:from|import)\s*"(@portal-messages\/[^"]+)"/g)) {
      if (mapped[specifier]) urls.add(mapped[specifier]);
    }
  }
  const result = { js: 0, css: 0, jsFiles: 0, cssFiles: 0, idleJs: 0, idleJsFiles: 0 };
  for (const url of urls) {
    const size = (await get(`${baseUrl}${url}`, 'gzip')).length;
    const kind = url.endsWith('.css') ? 'css' : 'js';
    result[kind] += size;
    result[`${kind}Files`]++;
  }
  result.idleJs = result.js;
  result.idleJsFiles = result.jsFiles;
  for (const url of new Set(fetchedScripts)) {
    if (urls.has(url)) continue;
    result.idleJs += (await get(`${baseUrl}${url}`, 'gzip')).length;
    result.idleJsFiles++;
  }
  return result;
}
