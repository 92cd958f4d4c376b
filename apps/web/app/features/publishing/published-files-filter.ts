import {
  PUBLISHED_FILE_SORTS,
  PUBLISHED_FILES_DEFAULT_LIMIT,
  PUBLISHED_FILES_MAX_LIMIT,
  PUBLISHED_FILES_QUERY_MAX_CHARS,
  type PublishedFileSort,
  type PublishedFileState,
} from '@portal/contracts';
import type { DestinationQueries } from '../../shared/navigation/navigation';

/**
 * The URL query parameters of the published files' table: its filter, its order and its page
 * (a cursor the server gave), so a reload, Back or a shared link shows the same page.
 */
export const FILE_FILTER_PARAMS = {
  text: 'file',
  state: 'show',
  sort: 'sort',
  page: 'page',
  rows: 'rows',
} as const satisfies Record<string, keyof DestinationQueries['servicePublishing']>;

/** The table's view as the URL asks for it; anything unknown is the default (every file, newest first, first page). */
export interface FileView {
  text: string;
  state: PublishedFileState;
  sort: PublishedFileSort;
  cursor: string | undefined;
  /** Files per page. */
  rows: number;
}

/** The choices of files per page the screen offers; the URL may ask for any number the server takes. */
export const FILE_ROWS_CHOICES = [10, 25, PUBLISHED_FILES_DEFAULT_LIMIT, 100, 200] as const;

export const DEFAULT_FILE_SORT: PublishedFileSort = '-published';

export function fileViewOf(params: URLSearchParams): FileView {
  const state = params.get(FILE_FILTER_PARAMS.state);
  const sort = params.get(FILE_FILTER_PARAMS.sort);
  const cursor = params.get(FILE_FILTER_PARAMS.page);
  const rows = params.get(FILE_FILTER_PARAMS.rows) ?? '';
  return {
    // A longer text than the server takes matches nothing it could find anyway: cut, not refused.
    text: (params.get(FILE_FILTER_PARAMS.text) ?? '').slice(0, PUBLISHED_FILES_QUERY_MAX_CHARS),
    state: state === 'live' || state === 'withdrawn' ? state : 'all',
    sort: PUBLISHED_FILE_SORTS.find((known) => known === sort) ?? DEFAULT_FILE_SORT,
    cursor: cursor !== null && /^[A-Za-z0-9_-]+$/.test(cursor) ? cursor : undefined,
    rows:
      /^[1-9]\d{0,3}$/.test(rows) && Number(rows) <= PUBLISHED_FILES_MAX_LIMIT
        ? Number(rows)
        : PUBLISHED_FILES_DEFAULT_LIMIT,
  };
}

/**
 * The URL's query with one part of the view changed: a new filter or order starts again from
 * the first page; defaults leave the URL.
 */
export function withFileView(current: URLSearchParams, change: Partial<FileView>): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (name: string, value: string | undefined, fallback: string) => {
    if (value === undefined || value === fallback) next.delete(name);
    else next.set(name, value);
  };
  if ('text' in change) set(FILE_FILTER_PARAMS.text, change.text, '');
  if ('state' in change) set(FILE_FILTER_PARAMS.state, change.state, 'all');
  if ('sort' in change) set(FILE_FILTER_PARAMS.sort, change.sort, DEFAULT_FILE_SORT);
  if ('rows' in change) set(FILE_FILTER_PARAMS.rows, String(change.rows), String(PUBLISHED_FILES_DEFAULT_LIMIT));
  set(FILE_FILTER_PARAMS.page, change.cursor, '');
  return next;
}
