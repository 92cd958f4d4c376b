import type { FileRecord } from '../catalogue/catalogue-snapshot';

/** How a published file is offered: how long it may be cached and the name it is saved under. */
export interface SendFileOptions {
  /** Default: private, max-age=3600 (a file reached through a signed link). */
  cacheControl?: string;
  /** The name the download is saved under; default: the file's own. */
  downloadName?: string;
}

export const SIGNED_LINK_CACHE_CONTROL = 'private, max-age=3600';

/** The options with their defaults filled in. */
export function presentationOf(file: FileRecord, options: SendFileOptions = {}): Required<SendFileOptions> {
  return {
    cacheControl: options.cacheControl ?? SIGNED_LINK_CACHE_CONTROL,
    downloadName: options.downloadName ?? file.name,
  };
}

/** A file's ETag: its SHA-256, the same whichever mode sends its bytes. */
export function etagOf(file: FileRecord): string {
  return `"${file.sha256}"`;
}

/**
 * The headers a file's bytes go out with, whoever sends them (the portal or nginx): ETag,
 * Accept-Ranges, Cache-Control, Content-Disposition, and a PDF's own policy.
 */
export function fileHeaders(file: FileRecord, { cacheControl, downloadName }: Required<SendFileOptions>) {
  return {
    etag: etagOf(file),
    'accept-ranges': 'bytes',
    'cache-control': cacheControl,
    ...presentationHeaders(file.contentType, downloadName),
  };
}

/** What the browser shows a PDF in: its own viewer, in the tab the link opened. */
const VIEWED_INLINE = new Set(['application/pdf']);

/**
 * Whether a file is sent inline, for the browser to show, rather than as an attachment: the
 * one rule (decisions 090 and 113). The lookups answer it beside each link
 * (`FileDetails.inline`), so the web app opens exactly these in a new tab.
 */
export function isSentInline(contentType: string): boolean {
  return VIEWED_INLINE.has(contentType.split(';', 1)[0]!.trim().toLowerCase());
}

/**
 * The policy of the API's other answers (`default-src 'none'`) leaves Chromium's PDF viewer
 * a blank, blocked tab: the viewer is a plugin the PDF's own document embeds, which
 * `object-src` governs. This one lets only that embed (of this very answer) through, and
 * still allows no script, style, frame or form of the document's own.
 */
export const INLINE_PDF_POLICY =
  "default-src 'none'; object-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * How a file is presented (docs/decisions/090-pdfs-inline-with-their-own-policy.md): PDFs
 * inline, under a policy that lets the browser's viewer render them; everything else as
 * an attachment, under the API's policy.
 */
export function presentationHeaders(contentType: string, downloadName: string): Record<string, string> {
  if (!isSentInline(contentType)) return { 'content-disposition': contentDisposition(downloadName) };
  return {
    'content-disposition': contentDisposition(downloadName, 'inline'),
    'content-security-policy': INLINE_PDF_POLICY,
  };
}

/** RFC 6266: a plain ASCII fallback name and the exact name in UTF-8 (filename*). */
export function contentDisposition(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
