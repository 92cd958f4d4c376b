/**
 * `npm run messages`: the catalogues in step with the code (docs/web-app.md#languages).
 * Reads every `*.messages.ts` module, writes `locales/messages.pot` (the template a
 * translators' tool starts a new language from) and brings each language's PO file up to
 * date: a new message gets an empty translation, a message whose English changed keeps its
 * translation marked fuzzy (to be checked), a message no longer in the code goes. Prints what
 * each language still lacks; `catalogues.test.ts` fails the build's tests while anything does.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { catalogueFiles, loadCatalogues, TEMPLATE_FILE, WEB_DIR } from './catalogues.ts';
import { readPo } from './po.ts';

const check = process.argv.includes('--check');
let stale = false;

for (const [file, text] of catalogueFiles(loadCatalogues())) {
  let before = '';
  try {
    before = readFileSync(file, 'utf8');
  } catch {
    // A new catalogue.
  }
  if (before !== text) {
    stale = true;
    if (!check) writeFileSync(file, text);
    console.log(`${check ? 'Out of date' : 'Wrote'}: ${path.relative(WEB_DIR, file)}`);
  }
  const entries = readPo(text);
  const missing = entries.filter((entry) => !entry.translation || entry.fuzzy).length;
  if (file !== TEMPLATE_FILE && missing > 0) {
    console.log(`${path.basename(file)}: ${missing} of ${entries.length} messages to translate or check`);
  }
}

if (check && stale) {
  console.error('The catalogues are not in step with the code: run npm run messages.');
  process.exitCode = 1;
}
