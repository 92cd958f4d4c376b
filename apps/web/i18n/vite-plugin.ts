/**
 * The messages at build time (docs/decisions/281-customer-pages-in-six-languages.md). One
 * build serves every language, and a page loads only its own language's words:
 *
 * - In the browser build, a `*.messages.ts` module becomes a re-export of an outside module,
 *   `@portal-messages/<namespace>`, under short names. For each language and namespace the
 *   plugin writes that module, compiled (strings, and small functions where a message takes
 *   values), as `assets/m/<language>/<namespace>-<hash>.js`. Each prerendered page maps the
 *   names to its language's files with an import map (scripts/first-paint.mjs), so the
 *   scripts are the same for every language and no page carries a parser or a catalogue.
 * - In the prerendering (server) build, the module holds every language and switches, as
 *   live bindings, to the language of the page being rendered (app/shared/i18n/server-language.ts).
 * - Under `react-router dev` and Vitest, it is the compiled English (or PORTAL_LANGUAGE's).
 *
 * It also writes `build/messages.json`: each language's import map, and the text of every
 * message that takes no value or only text values, for the server ("What's new" on Home).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import {
  ALL_LANGUAGES,
  LANGUAGE_PREFIXES,
  LANGUAGES,
  languageAlternates,
  TRANSLATED_PAGES,
  type Language,
} from './languages.ts';
import {
  loadCatalogues,
  messageIn,
  MESSAGES_SUFFIX,
  namespaceOf,
  readMessagesModule,
  type Catalogues,
  type SourceMessage,
} from './catalogues.ts';
import { compileIcu, helperCode, type Helper } from './icu.ts';

export const MESSAGES_SPECIFIER = '@portal-messages/';
const SERVER_LANGUAGE_MODULE = fileURLToPath(new URL('../app/shared/i18n/server-language.ts', import.meta.url));

/** Short export names, in the order the messages are written: a, b, …, Z, aa, ab, … */
export function shortName(index: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let name = '';
  let rest = index;
  do {
    name = letters[rest % letters.length]! + name;
    rest = Math.floor(rest / letters.length) - 1;
  } while (rest >= 0);
  return ['do', 'if', 'in'].includes(name) ? `${name}_` : name;
}

/**
 * The namespaces a page loads by their language at run time (`import('@portal-messages/de/language-offer')`):
 * their modules export the messages under their own names.
 */
const LOADED_BY_NAME = new Set(['language-offer']);

/**
 * Each message's export name: short, and unique across namespaces, so that the namespaces a
 * page always loads together can be one file (`generateBundle`).
 */
const exportNames = new WeakMap<Catalogues, Map<string, string>>();
function exportName(catalogues: Catalogues, message: SourceMessage): string {
  if (LOADED_BY_NAME.has(message.namespace)) return message.name;
  let names = exportNames.get(catalogues);
  if (!names) {
    const all = [...catalogues.namespaces.values()].flat().filter((each) => !LOADED_BY_NAME.has(each.namespace));
    names = new Map(all.map((each, index) => [each.id, shortName(index)]));
    exportNames.set(catalogues, names);
  }
  return names.get(message.id)!;
}

/** One language's module of some namespaces' messages, as the browser loads it. */
export function browserModule(catalogues: Catalogues, messages: readonly SourceMessage[], language: Language): string {
  const helpers = new Set<Helper>();
  const exports = messages.map(
    (message) => `${exportName(catalogues, message)}=${compileIcu(messageIn(catalogues, message, language), helpers)}`,
  );
  return `${helperCode(helpers, language)}export const ${exports.join(',')};\n`;
}

/** A namespace for Vite's dev server and Vitest: one language, the messages under their names. */
function devModule(catalogues: Catalogues, messages: readonly SourceMessage[], language: Language): string {
  const helpers = new Set<Helper>();
  const exports = messages.map(
    (message) => `export const ${message.name} = ${compileIcu(messageIn(catalogues, message, language), helpers)};`,
  );
  return `${helperCode(helpers, language)}\n${exports.join('\n')}\n`;
}

/** A namespace for prerendering: live bindings that follow the language of the page being rendered. */
function serverModule(catalogues: Catalogues, messages: readonly SourceMessage[]): string {
  const cases = ALL_LANGUAGES.map((language) => {
    const helpers = new Set<Helper>();
    const assignments = messages.map(
      (message) => `${message.name} = ${compileIcu(messageIn(catalogues, message, language), helpers)};`,
    );
    return `case ${JSON.stringify(language)}: {${helperCode(helpers, language)}\n${assignments.join('\n')}\nbreak;}`;
  });
  return [
    `import { onLanguage } from ${JSON.stringify(SERVER_LANGUAGE_MODULE)};`,
    `export let ${messages.map((message) => message.name).join(', ')};`,
    `onLanguage((language) => { switch (language) {\n${cases.join('\n')}\n} });`,
  ].join('\n');
}

export interface MessagesManifest {
  /** The `hreflang` links of each prerendered page offered in every language, by its English path (languageAlternates). */
  alternates: Record<string, ReturnType<typeof languageAlternates>>;
  /** Each language's import map: `@portal-messages/<namespace>` → its file. */
  imports: Record<Language, Record<string, string>>;
  /** Each language's messages that take no value or only text values (`{name}` left in), by ID. */
  texts: Record<Language, Record<string, string>>;
}

export function portalMessages(): Plugin {
  let loaded: Catalogues | undefined;
  // Read at the build's start; under Vitest, whose server may not start a build, at the first module.
  const catalogues = () => (loaded ??= loadCatalogues());
  let command: 'build' | 'serve' = 'build';
  const devLanguage = (process.env.PORTAL_LANGUAGE ?? 'en') as Language;
  const messagesOf = (id: string, code: string) => {
    const file = id.split('?', 1)[0]!;
    return command === 'serve' ? readMessagesModule(file, code) : catalogues().namespaces.get(namespaceOf(file))!;
  };
  return {
    name: 'portal:messages',
    enforce: 'pre',
    configResolved(config) {
      command = config.command;
    },
    buildStart() {
      loaded = loadCatalogues();
      for (const file of loaded.files) this.addWatchFile(file);
    },
    resolveId(source) {
      if (source.startsWith(MESSAGES_SPECIFIER)) return { id: source, external: true };
      return null;
    },
    transform(code, id, options) {
      if (!id.split('?', 1)[0]!.endsWith(MESSAGES_SUFFIX)) return null;
      const messages = messagesOf(id, code);
      if (command === 'serve') return { code: devModule(catalogues(), messages, devLanguage), map: null };
      if (options?.ssr) return { code: serverModule(catalogues(), messages), map: null };
      const namespace = namespaceOf(id.split('?', 1)[0]!);
      const names = messages.map((message) => `${exportName(catalogues(), message)} as ${message.name}`);
      return { code: `export { ${names.join(', ')} } from "${MESSAGES_SPECIFIER}${namespace}";\n`, map: null };
    },
    generateBundle(outputOptions, bundle) {
      if (this.environment.config.consumer === 'server') return;
      const all = catalogues();
      // The namespaces the same chunks import are one file: the shell's always load together
      // (each file is a request, and compresses less alone). A namespace no chunk imports
      // (the language offer, loaded by its name) is a file of its own.
      const importers = new Map<string, Set<string>>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const imported of output.imports) {
          if (!imported.startsWith(MESSAGES_SPECIFIER)) continue;
          const namespace = imported.slice(MESSAGES_SPECIFIER.length);
          if (!importers.has(namespace)) importers.set(namespace, new Set());
          importers.get(namespace)!.add(output.name);
        }
      }
      const groups = new Map<string, string[]>();
      for (const namespace of all.namespaces.keys()) {
        const by = [...(importers.get(namespace) ?? [])].sort();
        const group = by.length === 0 ? namespace : by.includes('shell') ? 'shell' : by.join('+');
        groups.set(group, [...(groups.get(group) ?? []), namespace]);
      }
      const manifest: MessagesManifest = {
        alternates: Object.fromEntries(TRANSLATED_PAGES.map((page) => [page, languageAlternates(page)])),
        imports: {} as MessagesManifest['imports'],
        texts: {} as MessagesManifest['texts'],
      };
      for (const language of ALL_LANGUAGES) {
        const imports: Record<string, string> = {};
        const texts: Record<string, string> = {};
        for (const [group, namespaces] of groups) {
          const messages = namespaces.flatMap((namespace) => all.namespaces.get(namespace)!);
          const code = browserModule(all, messages, language);
          const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
          const name = namespaces.length === 1 ? namespaces[0]! : group.split('+')[0]!;
          const fileName = `assets/m/${LANGUAGE_PREFIXES[language].slice(1) || 'en'}/${name}-${hash}.js`;
          this.emitFile({ type: 'asset', fileName, source: code });
          for (const namespace of namespaces) imports[`${MESSAGES_SPECIFIER}${namespace}`] = `/${fileName}`;
          for (const message of messages) {
            const nodes = messageIn(all, message, language);
            if (nodes.every((node) => typeof node === 'string' || node.type === 'argument'))
              texts[message.id] = nodes
                .map((node) => (typeof node === 'string' ? node : `{${(node as { name: string }).name}}`))
                .join('');
          }
        }
        manifest.imports[language] = imports;
        manifest.texts[language] = texts;
      }
      // The offer of another language names it in that language: each page may load the offer's words of every language.
      for (const language of ALL_LANGUAGES) {
        for (const other of LANGUAGES) {
          manifest.imports[language][`${MESSAGES_SPECIFIER}${other}/language-offer`] =
            manifest.imports[other][`${MESSAGES_SPECIFIER}language-offer`]!;
        }
      }
      const buildDir = path.resolve(outputOptions.dir!, '..');
      mkdirSync(buildDir, { recursive: true });
      writeFileSync(path.join(buildDir, 'messages.json'), `${JSON.stringify(manifest, null, 1)}\n`);
    },
  };
}
