import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { HomeNewsWords, Language } from '@portal/contracts';

/**
 * What the web build says of its messages (`build/messages.json`, written by the web app's
 * messages plugin, docs/decisions/281-customer-pages-in-six-languages.md): each language's texts that take no value or only text
 * values, by message ID. The server writes "What's new" with them, in the page's language.
 */
export type WebTexts = Partial<Record<Language, Record<string, string>>>;

export async function readWebTexts(buildDir: string): Promise<WebTexts> {
  try {
    const manifest = JSON.parse(await readFile(path.join(buildDir, 'messages.json'), 'utf8')) as { texts: WebTexts };
    return manifest.texts;
  } catch {
    // A build without languages (a test's fixture): Home's news cannot be written, and says why when asked.
    return {};
  }
}

/** "What's new"'s words in a language, from the web build's messages (`home-news.*`). */
export function homeNewsWords(texts: WebTexts, language: Language): HomeNewsWords {
  const text = (name: string) => {
    const found = texts[language]?.[`home-news.${name}`];
    if (found === undefined) {
      throw new Error(`The web build has no message home-news.${name} in ${language}: run npm run build`);
    }
    return found;
  };
  const fill = (template: string) => (values: Record<string, string>) =>
    template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  return {
    language,
    released: text('released'),
    published: text('published'),
    nothingPublished: text('nothingPublished'),
    noScore: text('noScore'),
    severity: {
      NONE: text('noneSeverity'),
      LOW: text('lowSeverity'),
      MEDIUM: text('mediumSeverity'),
      HIGH: text('highSeverity'),
      CRITICAL: text('criticalSeverity'),
    },
    cornerstoneRelease: fill(text('cornerstoneRelease')),
    firmwareRelease: fill(text('firmwareRelease')),
  };
}
