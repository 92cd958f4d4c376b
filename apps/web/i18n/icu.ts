/**
 * ICU MessageFormat, the part the catalogues use: text, `{name}`, `{n, number}`,
 * `{d, date}`, `{n, plural, …}` with `#` and `=N`, `{n, selectordinal, …}`, `{x, select, …}`,
 * ICU's apostrophe quoting, and tags around words (`<b>i</b>`, as FormatJS writes them) for
 * the elements of rich text. Parsed at build time and compiled to plain JavaScript, so no
 * page carries a parser (docs/decisions/281-customer-pages-in-six-languages.md).
 */
import { dayFormatOptions, intlLocale, type Language } from './languages.ts';

export type IcuNode =
  | string
  | { type: 'argument'; name: string }
  | { type: 'number' | 'date'; name: string }
  | { type: 'plural'; name: string; ordinal: boolean; options: Record<string, IcuNode[]> }
  | { type: 'select'; name: string; options: Record<string, IcuNode[]> }
  | { type: 'tag'; name: string; children: IcuNode[] }
  | { type: 'pound' };

export function parseIcu(source: string): IcuNode[] {
  let at = 0;
  const fail = (what: string): never => {
    throw new Error(`${what} at ${at} in ${JSON.stringify(source)}`);
  };
  const skipSpace = () => {
    while (/\s/.test(source[at] ?? '')) at++;
  };
  const word = (pattern: RegExp) => {
    const start = at;
    while (at < source.length && pattern.test(source[at]!)) at++;
    if (at === start) fail('A name expected');
    return source.slice(start, at);
  };
  const expect = (char: string) => {
    if (source[at] !== char) fail(`'${char}' expected`);
    at++;
  };

  function message(inPlural: boolean, nested: boolean, inTag?: string): IcuNode[] {
    const nodes: IcuNode[] = [];
    let text = '';
    const flush = () => {
      if (text) nodes.push(text);
      text = '';
    };
    while (at < source.length) {
      const char = source[at]!;
      if (char === "'") {
        const next = source[at + 1];
        if (next === "'") {
          text += "'";
          at += 2;
        } else if (next === '{' || next === '}' || (inPlural && next === '#')) {
          at++;
          while (at < source.length) {
            if (source[at] === "'") {
              if (source[at + 1] === "'") {
                text += "'";
                at += 2;
                continue;
              }
              at++;
              break;
            }
            text += source[at++];
          }
        } else {
          text += char;
          at++;
        }
        continue;
      }
      if (char === '{') {
        flush();
        nodes.push(argument(inPlural));
        continue;
      }
      if (char === '<' && /[a-z/]/.test(source[at + 1] ?? '')) {
        flush();
        if (source[at + 1] === '/') {
          if (!inTag) fail('A closing tag without its opening one');
          break;
        }
        at++;
        const name = word(/[\w]/);
        expect('>');
        const children = message(inPlural, nested, name);
        expect('<');
        expect('/');
        if (word(/[\w]/) !== name) fail(`</${name}> expected`);
        expect('>');
        nodes.push({ type: 'tag', name, children });
        continue;
      }
      if (char === '}') {
        if (!nested || inTag) fail("An unmatched '}'");
        break;
      }
      if (char === '#' && inPlural) {
        flush();
        nodes.push({ type: 'pound' });
        at++;
        continue;
      }
      text += char;
      at++;
    }
    flush();
    return nodes;
  }

  function argument(inPlural: boolean): IcuNode {
    expect('{');
    skipSpace();
    const name = word(/[\w]/);
    skipSpace();
    if (source[at] === '}') {
      at++;
      return { type: 'argument', name };
    }
    expect(',');
    skipSpace();
    const kind = word(/[a-z]/);
    skipSpace();
    if (kind === 'number' || kind === 'date') {
      if (source[at] === ',') fail(`Styles of ${kind} are not used here`);
      expect('}');
      return { type: kind, name };
    }
    if (kind !== 'plural' && kind !== 'selectordinal' && kind !== 'select')
      return fail(`Unknown argument type ${kind}`);
    expect(',');
    skipSpace();
    const options: Record<string, IcuNode[]> = {};
    while (source[at] !== '}') {
      if (at >= source.length) fail("'}' expected");
      const key = word(/[\w=]/);
      skipSpace();
      expect('{');
      options[key] = message(kind !== 'select' || inPlural, true);
      expect('}');
      skipSpace();
    }
    at++;
    if (!options.other) fail(`{${name}, ${kind}} needs an 'other' case`);
    return kind === 'select'
      ? { type: 'select', name, options }
      : { type: 'plural', name, ordinal: kind === 'selectordinal', options };
  }

  const nodes = message(false, false);
  if (at < source.length) fail("An unmatched '}'");
  return nodes;
}

/** The arguments a message takes, each with its kind: a translation must take the same. */
export function placeholders(nodes: readonly IcuNode[], found = new Map<string, string>()): Map<string, string> {
  for (const node of nodes) {
    if (typeof node === 'string' || node.type === 'pound') continue;
    const kind = node.type === 'argument' ? 'text' : node.type;
    found.set(node.name, kind === 'text' && found.has(node.name) ? found.get(node.name)! : kind);
    if ('options' in node) for (const option of Object.values(node.options)) placeholders(option, found);
    if (node.type === 'tag') placeholders(node.children, found);
  }
  return found;
}

export type Helper = '$p' | '$o' | '$n' | '$d' | '$s';

/**
 * A message as a JavaScript expression: a string literal when it is only text, else an arrow
 * function of its values. `helpers` collects the small functions it calls (`helperCode`).
 */
export function compileIcu(nodes: readonly IcuNode[], helpers: Set<Helper>): string {
  if (nodes.every((node) => typeof node === 'string')) return JSON.stringify(nodes.join(''));
  if (isRich(nodes)) return `(v)=>${parts(nodes, helpers, { key: 0 })}`;
  return `(v)=>${concatenate(nodes, helpers, undefined)}`;
}

/** Whether a message has tags: it is then rich text, an array of strings and what each tag's function makes. */
export const isRich = (nodes: readonly IcuNode[]): boolean =>
  nodes.some((node) => typeof node !== 'string' && node.type === 'tag');

/**
 * Rich text: a tag is `v.<tag>(its parts, a key unique in the message)`, the caller's element.
 * The words and values between two tags are one string, so React writes them as one text, as
 * a reader (and the pseudo-language test) reads them.
 */
function parts(nodes: readonly IcuNode[], helpers: Set<Helper>, counter: { key: number }): string {
  const items: string[] = [];
  let text: IcuNode[] = [];
  const endText = () => {
    if (text.length > 0) items.push(concatenate(text, helpers, undefined));
    text = [];
  };
  for (const node of nodes) {
    if (typeof node !== 'string' && node.type === 'tag') {
      endText();
      items.push(`v.${node.name}(${parts(node.children, helpers, counter)},${counter.key++})`);
    } else text.push(node);
  }
  endText();
  return `[${items.join(',')}]`;
}

function concatenate(nodes: readonly IcuNode[], helpers: Set<Helper>, pound: string | undefined): string {
  const parts = nodes.map((node) => part(node, helpers, pound));
  if (parts.length === 0) return '""';
  return typeof nodes[0] === 'string' ? parts.join('+') : `""+${parts.join('+')}`;
}

function part(node: IcuNode, helpers: Set<Helper>, pound: string | undefined): string {
  if (typeof node === 'string') return JSON.stringify(node);
  switch (node.type) {
    case 'argument':
      return `v.${node.name}`;
    case 'pound':
      helpers.add('$n');
      return `$n(${pound ?? '0'})`;
    case 'number':
      helpers.add('$n');
      return `$n(v.${node.name})`;
    case 'date':
      helpers.add('$d');
      return `$d(v.${node.name})`;
    case 'plural': {
      const helper = node.ordinal ? '$o' : '$p';
      helpers.add(helper);
      const options = Object.entries(node.options).map(
        ([key, value]) => `${JSON.stringify(key)}:(n)=>${concatenate(value, helpers, 'n')}`,
      );
      return `${helper}(v.${node.name},{${options.join(',')}})`;
    }
    case 'tag':
      throw new Error(`<${node.name}> inside a plural or select: put the tags around it`);
    case 'select': {
      helpers.add('$s');
      const options = Object.entries(node.options).map(
        ([key, value]) => `${JSON.stringify(key)}:()=>${concatenate(value, helpers, pound)}`,
      );
      return `$s(v.${node.name},{${options.join(',')}})`;
    }
  }
}

/**
 * The helpers a module's messages call, for one language: the Intl objects are made on first
 * use, never when the module loads (decision 165).
 */
export function helperCode(helpers: ReadonlySet<Helper>, language: Language): string {
  const locale = JSON.stringify(intlLocale(language));
  const day = JSON.stringify({ ...dayFormatOptions(language), timeZone: 'UTC' });
  const code: string[] = [];
  if (helpers.has('$p'))
    code.push(`let $pr;const $p=(n,o)=>(o["="+n]??o[($pr??=new Intl.PluralRules(${locale})).select(n)]??o.other)(n);`);
  if (helpers.has('$o'))
    code.push(
      `let $or;const $o=(n,o)=>(o["="+n]??o[($or??=new Intl.PluralRules(${locale},{type:"ordinal"})).select(n)]??o.other)(n);`,
    );
  if (helpers.has('$n')) {
    const small = writesSmallNumbersPlainly(intlLocale(language))
      ? `x>=0&&x<1e3&&Number.isInteger(x)&&!Object.is(x,-0)?""+x:`
      : '';
    code.push(`let $nf;const $n=(x)=>${small}($nf??=new Intl.NumberFormat(${locale})).format(x);`);
  }
  if (helpers.has('$d'))
    code.push(`let $df;const $d=(x)=>($df??=new Intl.DateTimeFormat(${locale},${day})).format(new Date(x));`);
  if (helpers.has('$s')) code.push(`const $s=(k,o)=>(o[k]??o.other)();`);
  return code.join('');
}

/**
 * Whether a locale writes every whole number from 0 to 999 as JavaScript does (Latin digits,
 * nothing else): then `$n` writes those itself, and a page whose numbers are small (the count
 * of an SBOM's components) makes no NumberFormat, whose locale data took about 46 ms of the
 * offline lookup's results task on Lighthouse's slowed phone (issue 51). Asked of the ICU the
 * build runs on, the same CLDR data as the browser's.
 */
function writesSmallNumbersPlainly(locale: string): boolean {
  let plainly = smallNumbersPlainly.get(locale);
  if (plainly === undefined) {
    const format = new Intl.NumberFormat(locale);
    plainly = Array.from({ length: 1000 }, (_, number) => number).every(
      (number) => format.format(number) === `${number}`,
    );
    smallNumbersPlainly.set(locale, plainly);
  }
  return plainly;
}
/** Asked once per locale: every message module of a language asks again. */
const smallNumbersPlainly = new Map<string, boolean>();

const ACCENTS: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][index]!,
  ]),
);
/** Every letter the pseudo-language writes: a text without one of them was not translated. */
export const PSEUDO_LETTERS = Object.values(ACCENTS).join('');
const PADDING = 'ļöŕéɱ îþšûɱ ðöļöŕ šîţ áɱéţ ';

/**
 * The pseudo-language: every letter accented and about 40% more text, in brackets, the
 * arguments left as they are, so a test sees untranslated text and room that is too tight.
 */
export function pseudoIcu(nodes: readonly IcuNode[]): IcuNode[] {
  let length = 0;
  const accent = (list: readonly IcuNode[]): IcuNode[] =>
    list.map((node) => {
      if (typeof node === 'string') {
        length += node.length;
        return [...node].map((char) => ACCENTS[char] ?? char).join('');
      }
      if ('options' in node)
        return {
          ...node,
          options: Object.fromEntries(Object.entries(node.options).map(([key, value]) => [key, accent(value)])),
        };
      if (node.type === 'tag') return { ...node, children: accent(node.children) };
      return node;
    });
  const accented = accent(nodes);
  if (length === 0) return accented;
  const extra = Math.max(2, Math.round(length * 0.4));
  const padding = PADDING.repeat(Math.ceil(extra / PADDING.length))
    .slice(0, extra)
    .trimEnd();
  return ['[', ...accented, ` ${padding}]`];
}
