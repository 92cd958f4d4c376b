import {
  PUBLISHING_PATHS,
  type CatalogueChangeDetail,
  type CatalogueChangeList,
  type PublishedFileList,
} from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** The catalogue's change history, newest first. */
export function getChanges(signal: AbortSignal): Promise<CatalogueChangeList> {
  return apiRequest<CatalogueChangeList>({ path: PUBLISHING_PATHS.changes, signal });
}

/** One change with its full diff. */
export function getChange(id: number, signal: AbortSignal): Promise<CatalogueChangeDetail> {
  return apiRequest<CatalogueChangeDetail>({ path: PUBLISHING_PATHS.change.replace(':changeId', String(id)), signal });
}

/** Every published file, live or withdrawn. */
export function getPublishedFiles(signal: AbortSignal): Promise<PublishedFileList> {
  return apiRequest<PublishedFileList>({ path: PUBLISHING_PATHS.files, signal });
}

const filePath = (path: string, fileId: string) => path.replace(':fileId', encodeURIComponent(fileId));

/** Withdraws a file with a reason; answers every file. */
export function withdrawFile(fileId: string, reason: string, signal: AbortSignal): Promise<PublishedFileList> {
  return apiRequest<PublishedFileList>({
    method: 'POST',
    path: filePath(PUBLISHING_PATHS.withdrawal, fileId),
    body: { reason },
    signal,
  });
}

/** Restores a withdrawn file; answers every file. */
export function restoreFile(fileId: string, signal: AbortSignal): Promise<PublishedFileList> {
  return apiRequest<PublishedFileList>({
    method: 'POST',
    path: filePath(PUBLISHING_PATHS.restoration, fileId),
    body: {},
    signal,
  });
}
