// Fails when a tracked file still holds a merge's conflict markers (run first by `npm run lint`).
// Prettier does not stop them: in Markdown it formats `=======` into a table row and
// `>>>>>>> branch` into a seven-deep blockquote, and then checks clean (issue 33).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// `<<<<<<< ours`, `||||||| base` (diff3), `>>>>>>> theirs`, and the end marker as Prettier rewrites it in Markdown.
const OPENING_OR_CLOSING = /^(?:<{7}|\|{7}|>{7})(?: |$)|^(?:> ){7}/;
// `=======` alone is also a Markdown heading's underline: a marker only beside one of the others.
const SEPARATOR = /^={7}$/;

/**
 * The lines of `text` that are conflict markers, numbered from 1: every opening, base and
 * closing marker, and the `=======` separators of a text that has one of those.
 */
export function conflictMarkers(text) {
  const lines = text.split(/\r?\n/);
  const found = lines.flatMap((line, index) =>
    OPENING_OR_CLOSING.test(line) || SEPARATOR.test(line) ? [{ line: index + 1, text: line }] : [],
  );
  return found.some((marker) => !SEPARATOR.test(marker.text)) ? found : [];
}

/** Every conflict marker in the files git tracks under `root` (binary files skipped, as git diff does). */
export function trackedConflictMarkers(root) {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  return files.flatMap((file) => {
    let bytes;
    try {
      bytes = readFileSync(path.join(root, file));
    } catch {
      return []; // Deleted in the working tree, not yet staged: nothing to read.
    }
    if (bytes.subarray(0, 8000).includes(0)) return [];
    return conflictMarkers(bytes.toString('utf8')).map((marker) => ({ file, ...marker }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url));
  const markers = trackedConflictMarkers(root);
  for (const { file, line, text } of markers) console.error(`${file}:${line}: conflict marker "${text}"`);
  if (markers.length > 0) {
    console.error('A merge left conflict markers: resolve each conflict, then remove its markers.');
    process.exit(1);
  }
}
