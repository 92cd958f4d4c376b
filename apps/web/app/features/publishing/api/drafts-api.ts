import {
  PUBLISHING_PATHS,
  type CatalogueManifest,
  type Draft,
  type DraftFile,
  type DraftFileClaim,
  type DraftList,
  type DraftPreview,
  type DraftPreviewRequest,
  type DraftPublished,
} from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

const draftPath = (path: string, draftId: string) => path.replace(':draftId', encodeURIComponent(draftId));

/** The drafts in progress, oldest first. */
export function getDrafts(signal: AbortSignal): Promise<DraftList> {
  return apiRequest<DraftList>({ path: PUBLISHING_PATHS.drafts, signal });
}

/** A new draft from a catalogue.json; answers it with its problems (400 DraftRefused: nothing stored). */
export function createDraft(manifest: CatalogueManifest, signal?: AbortSignal): Promise<Draft> {
  return apiRequest<Draft>({ method: 'POST', path: PUBLISHING_PATHS.drafts, body: manifest, signal });
}

export function getDraft(draftId: string, signal: AbortSignal): Promise<Draft> {
  return apiRequest<Draft>({ path: draftPath(PUBLISHING_PATHS.draft, draftId), signal });
}

/** Replaces the draft's entries with a whole catalogue.json (400 DraftRefused: nothing stored). */
export function replaceDraft(draftId: string, manifest: CatalogueManifest, signal?: AbortSignal): Promise<Draft> {
  return apiRequest<Draft>({ method: 'PUT', path: draftPath(PUBLISHING_PATHS.draft, draftId), body: manifest, signal });
}

export function discardDraft(draftId: string, signal?: AbortSignal): Promise<void> {
  return apiRequest<void>({ method: 'DELETE', path: draftPath(PUBLISHING_PATHS.draft, draftId), signal });
}

/** The diff against the live catalogue and, for an ID in the body (never the URL), that customer's lookups. */
export function previewDraft(draftId: string, whose: DraftPreviewRequest, signal?: AbortSignal): Promise<DraftPreview> {
  return apiRequest<DraftPreview>({
    method: 'POST',
    path: draftPath(PUBLISHING_PATHS.preview, draftId),
    body: whose,
    signal,
  });
}

/** Publishes the draft as of the preview's catalogue version (409 DraftPublishRefused when it moved). */
export function publishDraft(draftId: string, catalogueVersion: number, signal?: AbortSignal): Promise<DraftPublished> {
  return apiRequest<DraftPublished>({
    method: 'POST',
    path: draftPath(PUBLISHING_PATHS.publication, draftId),
    body: { catalogueVersion },
    signal,
  });
}

/** Names a file by its SHA-256: whether its bytes must still be sent (413 past PUBLISH_MAX_FILE_BYTES). */
export function claimDraftFile(draftId: string, claim: DraftFileClaim, signal?: AbortSignal): Promise<DraftFile> {
  return apiRequest<DraftFile>({
    method: 'POST',
    path: draftPath(PUBLISHING_PATHS.draftFiles, draftId),
    body: claim,
    signal,
  });
}
