// Moves each prerendered page's stylesheets to the top of its <head>, before the
// <link rel="modulepreload"> tags React hoists there (docs/decisions/087-first-paint.md).
// A browser speaking HTTP/1.1 opens six connections to a host and fills them in document
// order: behind sixteen modulepreloads, the render-blocking stylesheets waited for free
// connections and for bandwidth, and first paint with them. Reordering moves no element
// React hydrates (the preloads are resources it does not hydrate), so hydration is unchanged.
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
  moved = moved.replace(AFTER, AFTER + stylesheets.join(''));
  await writeFile(file, moved + html.slice(head.length));
  pages++;
}
console.log(`Stylesheets first in ${pages} pages`);
