/**
 * The line of a JSON file a problem is about: the one owner of "place a problem at its line"
 * for catalogue.json (the portal's import and the publish command) and for an SBOM. Its own
 * entry (`@portal/contracts/json-lines`), not in the index: it brings jsonc-parser, which the
 * web app has no use for. Node and browser safe.
 */
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

/** A path as jsonc-parser finds a node by: object keys and array indexes. */
export type JsonSegments = Array<string | number>;

/**
 * A field's path as its segments: `a.b[2].c` (as the portal names fields) or a JSON pointer
 * `/a/b/2/c` (as a schema validator names them, `~1` and `~0` unescaped).
 */
export function jsonPathSegments(path: string): JsonSegments {
  const parts = path.startsWith('/')
    ? path
        .split('/')
        .slice(1)
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    : path.split(/[.[\]]+/);
  return parts.filter((part) => part !== '').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The 1-based line of `offset` in `text`. */
export function lineAtOffset(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * Places paths of `text` at their lines: the line of the deepest node that exists on the path
 * (a missing field at its enclosing entry, the document's first line at worst), a property at
 * its key's line; undefined when `text` is not JSON. `tree` is the parse already made, if any.
 */
export function jsonLineFinder(
  text: string,
  tree: Node | undefined = parseTree(text),
): (path: string | JsonSegments) => number | undefined {
  return (path) => {
    if (!tree) return undefined;
    const segments = typeof path === 'string' ? jsonPathSegments(path) : path;
    for (let length = segments.length; length >= 0; length--) {
      const node = findNodeAtLocation(tree, segments.slice(0, length));
      if (node) return lineAtOffset(text, node.parent?.type === 'property' ? node.parent.offset : node.offset);
    }
    return undefined;
  };
}

/** What a strict JSON parse (no comments, no trailing comma) found wrong, each at its line. */
export interface JsonSyntaxError {
  line: number;
  /** jsonc-parser's name of the error, e.g. `CommaExpected`. */
  error: string;
}

/**
 * `text` parsed as strict JSON: its line finder (jsonLineFinder), or its syntax errors at
 * their lines when it is not JSON.
 */
export function parseJsonLines(
  text: string,
): { lineOf: ReturnType<typeof jsonLineFinder> } | { syntaxErrors: JsonSyntaxError[] } {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0 || !tree) {
    return {
      syntaxErrors: errors.map((error) => ({
        line: lineAtOffset(text, error.offset),
        error: printParseErrorCode(error.error),
      })),
    };
  }
  return { lineOf: jsonLineFinder(text, tree) };
}
