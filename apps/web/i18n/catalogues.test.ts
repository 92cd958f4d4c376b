import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueFiles, loadCatalogues, TRANSLATED_LANGUAGES, WEB_DIR } from './catalogues.ts';
import { parseIcu, placeholders } from './icu.ts';

const catalogues = loadCatalogues();
const messages = [...catalogues.namespaces.values()].flat();

describe('the catalogues', () => {
  it('are in step with the code (npm run messages writes them)', () => {
    for (const [file, text] of catalogueFiles(catalogues)) {
      expect(readFileSync(file, 'utf8'), `${path.relative(WEB_DIR, file)}: run npm run messages`).toBe(text);
    }
  });

  it.each(TRANSLATED_LANGUAGES)('%s has a current translation of every message, with the same values', (language) => {
    const translations = catalogues.translations.get(language)!;
    const problems: string[] = [];
    for (const message of messages) {
      const entry = translations.get(message.id);
      if (!entry?.translation) {
        problems.push(`${message.id}: no translation`);
        continue;
      }
      if (entry.fuzzy || entry.source !== message.source) {
        problems.push(`${message.id}: the English changed; check the translation and remove its fuzzy mark`);
        continue;
      }
      let translated: Map<string, string>;
      try {
        translated = placeholders(parseIcu(entry.translation));
      } catch (error) {
        problems.push(`${message.id}: ${(error as Error).message}`);
        continue;
      }
      const source = placeholders(parseIcu(message.source));
      const signature = (found: Map<string, string>) =>
        [...found]
          .map(([name, kind]) => `${name}:${kind}`)
          .sort()
          .join(', ');
      if (signature(translated) !== signature(source)) {
        problems.push(`${message.id}: takes {${signature(translated)}}, the English {${signature(source)}}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('name every message once, each in its own module', () => {
    const ids = messages.map((message) => message.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
