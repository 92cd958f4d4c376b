import type { CatalogueManifest, Draft, DraftFile, ManifestProblem } from '@portal/contracts';
import { ApiError } from '../../../shared/api/api-client';
import { failureOf, type Failure } from '../../../shared/outcome/outcome';
import { claimDraftFile, replaceDraft } from '../api/drafts-api';
import { hashFile } from './file-hash';
import { uploadFile } from './file-upload';

/** What saving a draft's entries came to: stored (with its problems), refused as a whole (nothing stored), or failed. */
export type SaveAnswer =
  { kind: 'saved'; draft: Draft } | { kind: 'refused'; message: string; problems: ManifestProblem[] } | Failure;

/** A 400 of the drafts API carries the problems of a body it refused (DraftRefused). */
function refusalOf(error: unknown): { message: string; problems: ManifestProblem[] } | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const body = error.body as { problems?: ManifestProblem[] } | undefined;
  return { message: error.message, problems: Array.isArray(body?.problems) ? body.problems : [] };
}

/** PUTs the whole catalogue.json of the draft. */
export async function saveDraft(draftId: string, manifest: CatalogueManifest): Promise<SaveAnswer> {
  try {
    return { kind: 'saved', draft: await replaceDraft(draftId, manifest) };
  } catch (error) {
    const refused = refusalOf(error);
    return refused ? { kind: 'refused', ...refused } : failureOf(error);
  }
}

/** A file chosen for a draft: hashed here, then claimed by its SHA-256 (a 413 refuses it before any byte is sent). */
export type ClaimAnswer = { kind: 'ok'; sha256: string; file: DraftFile } | Failure;

export async function claimFile(
  draftId: string,
  file: File,
  onHashed: (bytesRead: number) => void,
): Promise<ClaimAnswer> {
  let sha256: string;
  try {
    sha256 = await hashFile(file, onHashed);
  } catch (error) {
    // The worker says what went wrong in words (a file removed while it was read): shown as it is.
    return failureOf(error, { unexpected: 'own-message' });
  }
  try {
    const claimed = await claimDraftFile(draftId, { sha256, name: file.name, sizeBytes: file.size });
    return { kind: 'ok', sha256, file: claimed };
  } catch (error) {
    return failureOf(error);
  }
}

/** Sends the bytes when the server still needs them; a stored SHA-256 is never sent again. */
export async function sendIfNeeded(draftId: string, claim: { sha256: string; file: DraftFile }, file: File) {
  if (claim.file.state !== 'awaiting upload') return;
  await uploadFile(draftId, claim.sha256, file);
}
