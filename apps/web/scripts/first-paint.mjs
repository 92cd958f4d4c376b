// First paint waits for nothing but the page and its stylesheets (docs/decisions/087-first-paint.md):
// - each prerendered page's stylesheets move to the top of its <head>, before the
//   <link rel="modulepreload"> tags React hoists there: over HTTP/1.1 a browser fills six
//   connections in document order, and behind sixteen modulepreloads the render-blocking
//   stylesheets waited for a free connection and for bandwidth;
// - the scripts are fetched after the first paint, not beside it: React Router's bootstrap
//   module (static imports of the manifest and the route modules, then the entry) becomes
//   one that waits for a frame to be painted, then adds the same modulepreloads (so no
//   import waterfall) and imports the same modules in the same order. With 120 KB of
//   scripts fetched beside the stylesheets, first paint on a slow connection waited for
//   their bandwidth, and Lighthouse counted them into LCP (1.6-2.3 s; 1.2 s is the goal).
//   A hidden tab paints nothing, so there the scripts load at once.
//   The preloads are added a few per task (decision 165): a lookup's forty, added at once,
//   were one of the longest tasks of its load on a phone's CPU.
// Each page also gets its language (docs/decisions/281-customer-pages-in-six-languages.md-customer-pages-in-six-languages.md):
// - an import map naming its language's messages modules (`@portal-messages/<namespace>`, which
//   the scripts import), and their modulepreloads beside the scripts' own;
// - on a page offered in every language, its `hreflang` links (full addresses: the server
//   writes PUBLIC_URL's origin in place of PUBLIC_ORIGIN, as the contracts name it); the
//   pseudo-language's pages, built for the tests, ask not to be indexed.
// None of it touches an element React hydrates (preloads and scripts are not hydrated; React
// skips what it did not render in <head>).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
// The contracts' TypeScript, which Node runs by stripping its types (the module imports nothing).
import { languageOfPath, pathWithoutLanguage } from '../../../packages/contracts/src/languages.ts';

const CLIENT_DIR = new URL('../build/client/', import.meta.url).pathname;
const STYLESHEET = /<link rel="stylesheet" href="[^"]+"\/>/g;
const AFTER = '<meta name="viewport" content="width=device-width, initial-scale=1"/>';
const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
/** Each modulepreload starts a fetch on the main thread: this many per task, then the thread is free again. */
const PRELOADS_PER_TASK = 8;
const BOOTSTRAP = /<script type="module" async="">([^<]*)<\/script>/;
/** `PUBLIC_ORIGIN_PLACEHOLDER` of packages/contracts/src/languages.ts. */
const PUBLIC_ORIGIN = '__PORTAL_PUBLIC_ORIGIN__';
const MESSAGES_IMPORT = /\bfrom\s*["'](@portal-messages\/[\w-]+)["']/g;
/** Written by the messages plugin (apps/web/i18n/vite-plugin.ts). */
const messages = JSON.parse(await readFile(new URL('../build/messages.json', import.meta.url), 'utf8'));
/** The messages modules a page's scripts import, found in the scripts themselves. */
const chunkMessages = new Map();
async function messagesImported(href) {
  if (!chunkMessages.has(href)) {
    const code = await readFile(path.join(CLIENT_DIR, href), 'utf8');
    chunkMessages.set(href, [...new Set([...code.matchAll(MESSAGES_IMPORT)].map((match) => match[1]))]);
  }
  return chunkMessages.get(href);
}

const files = await readdir(CLIENT_DIR, { recursive: true, withFileTypes: true });
let pages = 0;
for (const entry of files) {
  if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
  const file = path.join(entry.parentPath, entry.name);
  const html = await readFile(file, 'utf8');
  const head = html.slice(0, html.indexOf('</head>'));
  const stylesheets = head.match(STYLESHEET) ?? [];
  if (stylesheets.length === 0 || !head.includes(AFTER)) continue;
  let moved = head;
  for (const link of stylesheets) moved = moved.replace(link, '');
  const scripts = [...moved.matchAll(MODULEPRELOAD)].map((match) => match[1]);
  const relative = path.relative(CLIENT_DIR, file).split(path.sep).join('/');
  const language = languageOfPath(`/${relative}`);
  const imports = messages.imports[language];
  const namespaces = new Set((await Promise.all(scripts.map(messagesImported))).flat());
  // Several namespaces may be one file (apps/web/i18n/vite-plugin.ts): each file once.
  const preloads = [...scripts, ...new Set([...namespaces].map((name) => imports[name]))];
  const importMap = `<script type="importmap">${JSON.stringify({ imports })}</script>`;
  moved = moved
    .replace(AFTER, AFTER + importMap + languageLinks(relative, language) + stylesheets.join(''))
    .replaceAll(MODULEPRELOAD, '');
  const body = html.slice(head.length);
  const bootstrap = BOOTSTRAP.exec(body);
  if (!bootstrap) throw new Error(`${file}: React Router's bootstrap module is not where first-paint.mjs expects it`);
  await writeFile(file, moved + body.replace(bootstrap[0], afterFirstPaint(bootstrap[1], preloads, file)));
  pages++;
}
console.log(`Stylesheets first, scripts after the first paint, in ${pages} pages`);

/** A page's other languages for search engines: `hreflang` links where it is offered in every language. */
function languageLinks(relative, language) {
  if (language === 'en-XA') return '<meta name="robots" content="noindex"/>';
  const directory = relative.replace(/(^|\/)index\.html$/, '');
  const english = pathWithoutLanguage(`/${directory}`).replace(/\/$/, '') || '/';
  const alternates = english === '/404' ? undefined : messages.alternates[english];
  if (!alternates) return '';
  return alternates
    .map(({ hreflang, path }) => `<link rel="alternate" hreflang="${hreflang}" href="${PUBLIC_ORIGIN}${path}"/>`)
    .join('');
}

/** The bootstrap's imports, made after a painted frame: manifest first, then the route modules, then the entry. */
function afterFirstPaint(source, preloads, file) {
  const manifest = /^import "([^"]+)";$/m.exec(source)?.[1];
  const routes = [...source.matchAll(/^import \* as (route\d+) from "([^"]+)";$/gm)];
  const registry = /^\s*(window\.__reactRouterRouteModules = \{[^\n]*\};)$/m.exec(source)?.[1];
  const entry = /^import\("([^"]+)"\);$/m.exec(source)?.[1];
  const statements = source.split('\n').filter((line) => line.trim() !== '').length;
  if (!manifest || !registry || !entry || statements !== routes.length + 3) {
    throw new Error(`${file}: React Router's bootstrap module has changed shape:\n${source}`);
  }
  return [
    '<script type="module" async="">',
    `if (document.visibilityState !== "hidden") await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));`,
    `const preloads = ${JSON.stringify(preloads)};`,
    `for (let start = 0; start < preloads.length; start += ${PRELOADS_PER_TASK}) {`,
    `  if (start > 0) await new Promise((next) => setTimeout(next));`,
    `  for (const href of preloads.slice(start, start + ${PRELOADS_PER_TASK})) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `}`,
    `await import(${JSON.stringify(manifest)});`,
    `const [${routes.map((route) => route[1]).join(', ')}] = await Promise.all([${routes
      .map((route) => `import(${JSON.stringify(route[2])})`)
      .join(', ')}]);`,
    registry,
    `import(${JSON.stringify(entry)});`,
    '</script>',
  ].join('\n');
}
