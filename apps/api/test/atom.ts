import { XMLParser } from 'fast-xml-parser';
import { expect } from 'vitest';

/** Atom documents (RFC 4287) as the feeds' tests read them: parsed by an XML parser, required elements checked. */

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => name === 'entry' || name === 'link',
});

export interface AtomLink {
  '@href': string;
  '@rel'?: string;
}
export interface AtomEntryXml {
  id: string;
  title: string | { '#text': string };
  updated: string;
  link: AtomLink[];
  content: string | { '#text': string };
}
export interface AtomFeedXml {
  '@xmlns': string;
  id: string;
  title: string;
  updated: string;
  author: { name: string };
  link: AtomLink[];
  entry?: AtomEntryXml[];
}

export const text = (value: string | { '#text': string }) => (typeof value === 'string' ? value : value['#text']);

/** Parses an Atom document and checks what RFC 4287 requires of the feed and of every entry. */
export function parseAtom(xml: string): AtomFeedXml {
  const feed = (parser.parse(xml) as { feed?: AtomFeedXml }).feed;
  expect(feed, 'an Atom <feed> root').toBeDefined();
  expect(feed!['@xmlns']).toBe('http://www.w3.org/2005/Atom');
  expect(feed!.id).toMatch(/^[a-z]+:/);
  expect(feed!.title).toEqual(expect.any(String));
  expect(Number.isNaN(Date.parse(feed!.updated))).toBe(false);
  expect(feed!.author.name).toEqual(expect.any(String));
  for (const entry of feed!.entry ?? []) {
    // A file's entry, one withdrawal of a file (docs/decisions/180-withdrawals-in-the-feeds.md), or
    // one revision of a security advisory that affects a version the ID sees (docs/security-advisories.md).
    expect(entry.id).toMatch(
      /^urn:uuid:[0-9a-f-]{36}$|^tag:[a-z0-9.-]+,2026:files:[0-9a-f-]{36}:withdrawn:[1-9]\d*$|^tag:[a-z0-9.-]+,2026:advisories:[A-Z0-9-]+:revision:[1-9]\d*$/,
    );
    expect(text(entry.title).length).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(entry.updated))).toBe(false);
    expect(entry.link[0]!['@href']).toMatch(/^https?:\/\//);
  }
  return feed!;
}
