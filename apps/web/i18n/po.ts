/**
 * gettext PO, as translators' tools (Weblate, Crowdin, Poedit) read and write it: one entry per
 * message, its ID as `msgctxt`, the English ICU message as `msgid`, the translation as
 * `msgstr`, the code's comment for translators as `#.` and where it is used as `#:`. A
 * translation whose English changed since it was made is marked `#, fuzzy`.
 */
export interface PoEntry {
  id: string;
  source: string;
  translation: string;
  comments: string[];
  references: string[];
  fuzzy: boolean;
}

export function readPo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let entry: Partial<PoEntry> & { comments: string[]; references: string[] } = { comments: [], references: [] };
  let field: 'id' | 'source' | 'translation' | undefined;
  const finish = () => {
    if (entry.source !== undefined && entry.id !== undefined) {
      entries.push({
        id: entry.id,
        source: entry.source,
        translation: entry.translation ?? '',
        comments: entry.comments,
        references: entry.references,
        fuzzy: entry.fuzzy ?? false,
      });
    }
    entry = { comments: [], references: [] };
    field = undefined;
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      finish();
      continue;
    }
    if (line.startsWith('#~')) continue; // obsolete
    if (line.startsWith('#.')) entry.comments.push(line.slice(2).trim());
    else if (line.startsWith('#:')) entry.references.push(...line.slice(2).trim().split(/\s+/));
    else if (line.startsWith('#,')) entry.fuzzy = /\bfuzzy\b/.test(line);
    else if (line.startsWith('#')) continue;
    else if (line.startsWith('"')) {
      if (field) entry[field] = (entry[field] ?? '') + unquote(line);
    } else {
      const match = /^(msgctxt|msgid|msgstr)\s+(".*")$/.exec(line);
      if (!match) throw new Error(`Unreadable PO line: ${raw}`);
      if (match[1] === 'msgctxt' && entry.source !== undefined) finish();
      field = match[1] === 'msgctxt' ? 'id' : match[1] === 'msgid' ? 'source' : 'translation';
      entry[field] = unquote(match[2]!);
    }
  }
  finish();
  return entries;
}

export function writePo(language: string | undefined, entries: readonly PoEntry[]): string {
  const header = [
    'msgid ""',
    'msgstr ""',
    quote('Content-Type: text/plain; charset=UTF-8\n'),
    quote('Content-Transfer-Encoding: 8bit\n'),
    quote('MIME-Version: 1.0\n'),
    ...(language ? [quote(`Language: ${language}\n`)] : []),
    quote('X-Message-Format: ICU MessageFormat\n'),
    quote('X-Generator: npm run messages (apps/web/i18n/extract.ts)\n'),
  ].join('\n');
  const blocks = entries.map((entry) =>
    [
      ...entry.comments.map((comment) => `#. ${comment}`),
      ...(entry.references.length ? [`#: ${entry.references.join(' ')}`] : []),
      ...(entry.fuzzy ? ['#, fuzzy'] : []),
      `msgctxt ${quote(entry.id)}`,
      `msgid ${quote(entry.source)}`,
      `msgstr ${quote(entry.translation)}`,
    ].join('\n'),
  );
  return `${[header, ...blocks].join('\n\n')}\n`;
}

function quote(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\t/g, '\\t')}"`;
}

function unquote(quoted: string): string {
  return quoted.slice(1, -1).replace(/\\(.)/g, (_, char: string) => (char === 'n' ? '\n' : char === 't' ? '\t' : char));
}
