import type { ReactNode } from 'react';

/**
 * A message of the catalogues, written where it is used, in English ICU MessageFormat
 * (docs/web-app.md#languages): `export const findYourFiles = message('Find your files')` in a
 * `*.messages.ts` module, with a JSDoc note for translators where the words alone are not
 * enough. A message that takes values names their types:
 * `message<{ count: number }>('{count, plural, one {# file} other {# files}}')`.
 *
 * The build replaces every such module with the page language's compiled messages
 * (apps/web/i18n/vite-plugin.ts), so this function itself never runs.
 */
export function message(source: string): string;
export function message<Values extends Record<string, string | number | Date>>(
  source: string,
): (values: Values) => string;
export function message(source: string): never {
  throw new Error(`A message outside a *.messages.ts module, or the messages plugin is missing: ${source}`);
}

/** What a tag of a rich message makes of its words: `(chunks, key) => <strong key={key}>{chunks}</strong>`. */
export type Tag = (chunks: ReactNode[], key: number) => ReactNode;

/**
 * A message with elements among its words, tags in the ICU text (`Click the <b>i</b> icon`):
 * it takes a function per tag and gives what React renders.
 */
export function richMessage<Values extends Record<string, string | number | Date | Tag>>(
  source: string,
): (values: Values) => ReactNode[];
export function richMessage(source: string): never {
  throw new Error(`A message outside a *.messages.ts module, or the messages plugin is missing: ${source}`);
}
