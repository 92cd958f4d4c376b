import type { PublishedFile } from '@portal/contracts';
import type { DestinationQueries } from '../../shared/navigation/navigation';
import { sectionWords } from './change-words';

/** The URL query parameters of the published files' filter: a reload or a shared link keeps it. */
export const FILE_FILTER_PARAMS = { text: 'file', state: 'show' } as const satisfies Record<
  string,
  keyof DestinationQueries['servicePublishing']
>;

/** Which files the state choice shows; `all` is the absence of the parameter. */
export type FileStateChoice = 'all' | 'live' | 'withdrawn';

export interface FileFilter {
  text: string;
  state: FileStateChoice;
}

/** The filter a URL's query asks for; anything unknown shows every file. */
export function fileFilterOf(params: URLSearchParams): FileFilter {
  const state = params.get(FILE_FILTER_PARAMS.state);
  return {
    text: params.get(FILE_FILTER_PARAMS.text) ?? '',
    state: state === 'live' || state === 'withdrawn' ? state : 'all',
  };
}

/**
 * The files the filter keeps: the text (any case) is found in the file's name, starts its
 * SHA-256, or is found in where it is published ("PIBs Cornerstone 2.10.0 std", as the card
 * says it, or the section's API name); the state keeps only live or only withdrawn files.
 */
export function filesMatching(files: readonly PublishedFile[], { text, state }: FileFilter): PublishedFile[] {
  const wanted = text.trim().toLowerCase();
  return files.filter((file) => {
    if (state === 'live' && file.withdrawn) return false;
    if (state === 'withdrawn' && !file.withdrawn) return false;
    if (wanted === '') return true;
    return (
      file.name.toLowerCase().includes(wanted) ||
      file.sha256.toLowerCase().startsWith(wanted) ||
      file.uses.some((use) =>
        [`${sectionWords(use.section)} ${use.key}`, `${use.section} ${use.key}`].some((words) =>
          words.toLowerCase().includes(wanted),
        ),
      )
    );
  });
}

/** Whether two URLs differ only in the files' filter: then nothing needs loading again. */
export function onlyFileFilterDiffers(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  const withoutFilter = (url: URL) => {
    const params = new URLSearchParams(url.search);
    for (const name of Object.values(FILE_FILTER_PARAMS)) params.delete(name);
    params.sort();
    return params.toString();
  };
  return withoutFilter(current) === withoutFilter(next);
}
