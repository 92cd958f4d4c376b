// First paint waits for nothing but the page and its stylesheets (docs/decisions/087-first-paint.md):
// - each prerendered page's stylesheets move to the top of its <head>, before the
//   <link rel="modulepreload"> tags React hoists there: over HTTP/1.1 a browser fills six
//   connections in document order, and behind sixteen modulepreloads the render-blocking
//   stylesheets waited for a free connection and for bandwidth;
// - the modulepreloads get fetchpriority="low": still fetched at once, in parallel (no
//   import waterfall), but after the stylesheets and not counted as render-blocking (at
//   "High" priority, Chromium and Lighthouse treat a script as one).
// Neither touches an element React hydrates (the preloads are resources it does not hydrate).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const CLIENT_DIR = new URL('../build/client/', import.meta.url).pathname;
const STYLESHEET = /<link rel="stylesheet" href="[^"]+"\/>/g;
const AFTER = '<meta name="viewport" content="width=device-width, initial-scale=1"/>';

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
  moved = moved
    .replace(AFTER, AFTER + stylesheets.join(''))
    .replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ');
  await writeFile(file, moved + html.slice(head.length));
  pages++;
}
console.log(`Stylesheets first, scripts at low priority, in ${pages} pages`);
