import { Feed } from 'feed';

/**
 * Atom 1.0 documents (RFC 4287), built by the `feed` library so that escaping and element
 * order are a maintained library's, not ours. Nothing here varies between two calls with
 * the same arguments (no generator, no clock), so an unchanged feed keeps its ETag.
 */

export interface AtomEntry {
  /** A URI that never changes for this entry (`urn:uuid:<file ID>`). */
  id: string;
  /** Plain text. */
  title: string;
  /** Absolute URL of the page the entry leads to. */
  link: string;
  updated: Date;
  /** HTML, made of text passed through escapeHtml. */
  content: string;
}

export interface AtomDocument {
  id: string;
  title: string;
  /** The feed's own absolute URL. */
  self: string;
  /** The web page the feed belongs to, absolute. */
  alternate: string;
  /** The feed's author (RFC 4287 §4.1.1: a feed without authors per entry must name one). */
  author: string;
  updated: Date;
  entries: AtomEntry[];
}

export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';

export function atomFeed(document: AtomDocument): string {
  const feed = new Feed({
    id: document.id,
    title: document.title,
    updated: document.updated,
    generator: false,
    link: document.alternate,
    feedLinks: { atom: document.self },
    author: { name: document.author },
  });
  for (const entry of document.entries) {
    feed.addItem({
      id: entry.id,
      // Titles are sent as type="html": escaped, a title is the text it was.
      title: escapeHtml(entry.title),
      link: entry.link,
      date: entry.updated,
      content: entry.content,
    });
  }
  return feed.atom1();
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
