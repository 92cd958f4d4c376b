/**
 * The messages of the web app and their translations. A message is written once, in English,
 * where it is used: `export const name = message('…')` (or `richMessage`, with tags) in a `*.messages.ts` module beside
 * the components (its JSDoc is the translators' note). Its ID is `<module>.<name>`. The
 * translations are gettext PO files in `apps/web/locales/`, one per language, kept in step
 * by `npm run messages` (extract.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { LANGUAGES, PSEUDO_LANGUAGE, SOURCE_LANGUAGE, type Language } from './languages.ts';
import { parseIcu, pseudoIcu, type IcuNode } from './icu.ts';
import { readPo, writePo, type PoEntry } from './po.ts';

export const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));
export const APP_DIR = path.join(WEB_DIR, 'app');
export const LOCALES_DIR = path.join(WEB_DIR, 'locales');
export const MESSAGES_SUFFIX = '.messages.ts';
/** The languages that have a catalogue of translations: every shipped one but English. */
export const TRANSLATED_LANGUAGES = LANGUAGES.filter((language) => language !== SOURCE_LANGUAGE);

export interface SourceMessage {
  id: string;
  namespace: string;
  name: string;
  source: string;
  comment: string;
  /** Where it is written, relative to apps/web, with its line. */
  reference: string;
}

/** The namespace of a messages module: its file name without `.messages.ts`. */
export const namespaceOf = (file: string) => path.basename(file, MESSAGES_SUFFIX);

/** The messages a `*.messages.ts` module declares, in order. */
export function readMessagesModule(file: string, code = readFileSync(file, 'utf8')): SourceMessage[] {
  const sourceFile = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const namespace = namespaceOf(file);
  const messages: SourceMessage[] = [];
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const call = declaration.initializer;
      if (!call || !ts.isCallExpression(call) || !/^(message|richMessage)$/.test(call.expression.getText())) continue;
      const [argument] = call.arguments;
      if (!argument || !ts.isStringLiteralLike(argument) || !ts.isIdentifier(declaration.name)) {
        throw new Error(`${file}: message() takes one string literal, assigned to a name`);
      }
      const name = declaration.name.text;
      const line = sourceFile.getLineAndCharacterOfPosition(statement.getStart()).line + 1;
      const comment = ts
        .getJSDocCommentsAndTags(statement)
        .map((doc) => (typeof doc.comment === 'string' ? doc.comment : ''))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim();
      parseIcu(argument.text);
      messages.push({
        id: `${namespace}.${name}`,
        namespace,
        name,
        source: argument.text,
        comment,
        reference: `${path.relative(WEB_DIR, file).split(path.sep).join('/')}:${line}`,
      });
    }
  }
  return messages;
}

export function messagesModules(dir = APP_DIR): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(MESSAGES_SUFFIX))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

export interface Catalogues {
  /** Every message of the app, by namespace, in the order written. */
  namespaces: Map<string, SourceMessage[]>;
  /** Each translated language's catalogue, by message ID. */
  translations: Map<Language, Map<string, PoEntry>>;
  files: string[];
}

export function loadCatalogues(): Catalogues {
  const namespaces = new Map<string, SourceMessage[]>();
  const files = messagesModules();
  for (const file of files) {
    const namespace = namespaceOf(file);
    if (namespaces.has(namespace)) throw new Error(`Two messages modules are named ${namespace}${MESSAGES_SUFFIX}`);
    namespaces.set(namespace, readMessagesModule(file));
  }
  const translations = new Map<Language, Map<string, PoEntry>>();
  for (const language of TRANSLATED_LANGUAGES) {
    const file = poFile(language);
    files.push(file);
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      // No catalogue yet: every message falls back to English, and the catalogue test fails.
    }
    translations.set(language, new Map(readPo(text).map((entry) => [entry.id, entry])));
  }
  return { namespaces, translations, files };
}

export const poFile = (language: Language) => path.join(LOCALES_DIR, `${language}.po`);
export const TEMPLATE_FILE = path.join(LOCALES_DIR, 'messages.pot');

/**
 * A message in a language, parsed: the translation when there is a current one (not fuzzy,
 * same English), else the English; the pseudo-language from the English.
 */
export function messageIn(catalogues: Catalogues, message: SourceMessage, language: Language): IcuNode[] {
  const english = parseIcu(message.source);
  if (language === PSEUDO_LANGUAGE) return pseudoIcu(english);
  if (language === SOURCE_LANGUAGE) return english;
  const entry = catalogues.translations.get(language)?.get(message.id);
  if (!entry || !entry.translation || entry.fuzzy || entry.source !== message.source) return english;
  return parseIcu(entry.translation);
}

/**
 * What `npm run messages` writes, by file: the template, and each language's catalogue with
 * the translations it has kept (a translation whose English changed is marked fuzzy).
 */
export function catalogueFiles(catalogues: Catalogues): Map<string, string> {
  const messages = [...catalogues.namespaces.values()].flat();
  const entryOf = (message: SourceMessage, translation = '', fuzzy = false): PoEntry => ({
    id: message.id,
    source: message.source,
    translation,
    comments: message.comment ? [message.comment] : [],
    references: [message.reference],
    fuzzy,
  });
  const files = new Map([
    [
      TEMPLATE_FILE,
      writePo(
        undefined,
        messages.map((message) => entryOf(message)),
      ),
    ],
  ]);
  for (const language of TRANSLATED_LANGUAGES) {
    const existing = catalogues.translations.get(language)!;
    const entries = messages.map((message) => {
      const old = existing.get(message.id);
      if (!old) return entryOf(message);
      return entryOf(message, old.translation, old.fuzzy || (old.source !== message.source && old.translation !== ''));
    });
    files.set(poFile(language), writePo(language, entries));
  }
  return files;
}
