import * as m from './lookup.messages';

/** What a download is for, which decides how its type reads. */
export type DownloadKind = 'installer' | 'document';

/**
 * A file's type as people read it: 'Installer (EXE)', 'PDF', 'Text (TXT)', 'ZIP'. From the
 * published media type and the name's extension; the extension alone when nothing better is known.
 */
export function fileTypeLabel(file: { fileName: string; contentType: string }, kind: DownloadKind): string {
  const dot = file.fileName.lastIndexOf('.');
  const extension = dot > 0 && dot < file.fileName.length - 1 ? file.fileName.slice(dot + 1).toUpperCase() : '';
  const mediaType = file.contentType.split(';')[0]!.trim().toLowerCase();
  if (kind === 'installer') return extension ? m.installerType({ extension }) : m.installer;
  if (mediaType === 'application/pdf') return 'PDF';
  if (mediaType.startsWith('text/')) return extension ? m.textType({ extension }) : m.text;
  return extension || mediaType;
}

/** Whether the type is a format's name alone ('PDF', 'ZIP', 'JSON'), the same in every language. */
export function isFormatName(file: { contentType: string }, kind: DownloadKind): boolean {
  return kind !== 'installer' && !file.contentType.trim().toLowerCase().startsWith('text/');
}
