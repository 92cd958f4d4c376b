import {
  PUBLISHED_FILES_DEFAULT_LIMIT,
  PUBLISHING_PATHS,
  type CatalogueChangeDetail,
  type CatalogueChangeList,
  type PublishedFileAnswer,
  type PublishedFilePage,
  type PublishedFilesQuery,
} from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** The catalogue's change history, newest first, a page at a time (`before`: the previous page's nextBefore). */
export function getChanges(before: number | undefined, signal: AbortSignal): Promise<CatalogueChangeList> {
  return apiRequest<CatalogueChangeList>({
    path: PUBLISHING_PATHS.changes,
    query: { before: before === undefined ? undefined : String(before) },
    signal,
  });
}

/** One change with its full diff. */
export function getChange(id: number, signal: AbortSignal): Promise<CatalogueChangeDetail> {
  return apiRequest<CatalogueChangeDetail>({ path: PUBLISHING_PATHS.change.replace(':changeId', String(id)), signal });
}

/** One page of the published files, live or withdrawn, filtered and ordered by the server. */
export function getPublishedFiles(
  { q, state, sort, cursor, limit = PUBLISHED_FILES_DEFAULT_LIMIT }: PublishedFilesQuery,
  signal: AbortSignal,
): Promise<PublishedFilePage> {
  return apiRequest<PublishedFilePage>({
    path: PUBLISHING_PATHS.files,
    query: { q: q?.trim() || undefined, state, sort, cursor, limit: String(limit) },
    signal,
  });
}

const filePath = (path: string, fileId: string) => path.replace(':fileId', encodeURIComponent(fileId));

/** Withdraws a file with a reason; answers the file as it is now. */
export function withdrawFile(fileId: string, reason: string, signal: AbortSignal): Promise<PublishedFileAnswer> {
  return apiRequest<PublishedFileAnswer>({
    method: 'POST',
    path: filePath(PUBLISHING_PATHS.withdrawal, fileId),
    body: { reason },
    signal,
  });
}

/** Restores a withdrawn file; answers the file as it is now. */
export function restoreFile(fileId: string, signal: AbortSignal): Promise<PublishedFileAnswer> {
  return apiRequest<PublishedFileAnswer>({
    method: 'POST',
    path: filePath(PUBLISHING_PATHS.restoration, fileId),
    body: {},
    signal,
  });
}
