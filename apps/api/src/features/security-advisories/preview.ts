import type { AdvisoryDetail, AdvisoryDraft } from '@portal/contracts';
import type { Planned } from './advisories';
import { advisoryDetail } from './published-advisories';

/** The public page a draft would have if it were published now (the preview's `advisory`). */
export function previewDetail(draft: AdvisoryDraft, plan: Planned): AdvisoryDetail {
  const current = plan.revisionHistory.at(-1)!;
  return advisoryDetail(
    { id: plan.advisoryId, kind: draft.content.kind, initialReleaseDate: plan.initialReleaseDate },
    {
      content: draft.content,
      releases: [...plan.releases.values()],
      version: plan.version,
      publishedAt: new Date(current.date),
    },
    plan.revisionHistory,
  );
}
