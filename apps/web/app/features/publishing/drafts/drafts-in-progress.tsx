import type { DraftSummary } from '@portal/contracts';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../shared/components/ui/button';
import { formatDateTime } from '../../../shared/format';
import { draftHref } from '../../../shared/navigation/navigation';
import { FailureAlert } from '../../../shared/outcome/failure-alert';
import { outcomeOf, type Failure } from '../../../shared/outcome/outcome';
import { createDraft } from '../api/drafts-api';
import styles from './draft.module.css';
import { EMPTY_DRAFT } from './draft-manifest';
import facts from '../facts.module.css';

/** The Publishing screen's drafts in progress (any publisher may continue any), and "New draft". */
export function DraftsInProgress({ drafts }: { drafts: readonly DraftSummary[] }) {
  const headingId = useId();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<Failure>();

  const startDraft = async () => {
    setCreating(true);
    setFailure(undefined);
    const created = await outcomeOf(() => createDraft(EMPTY_DRAFT));
    setCreating(false);
    if (created.kind === 'ok') await navigate(draftHref(created.data.draft.id));
    else setFailure(created);
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Drafts in progress</h2>
      <p>
        <Button onClick={() => void startDraft()} disabled={creating}>
          {creating ? 'Creating a draft…' : 'New draft'}
        </Button>
      </p>
      {failure && <FailureAlert failure={failure} />}
      {drafts.length === 0 ? (
        <p className={styles.muted}>No draft is in progress.</p>
      ) : (
        <ul className={styles.draftList}>
          {drafts.map((draft) => (
            <DraftCard key={draft.id} draft={draft} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DraftCard({ draft }: { draft: DraftSummary }) {
  const headingId = useId();
  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.cardTitle}>
        <Link to={draftHref(draft.id)}>Draft of {formatDateTime(draft.createdAt)}</Link>
      </h3>
      <dl className={facts.facts}>
        <div>
          <dt>Started by</dt>
          <dd>{draft.createdBy}</dd>
        </div>
        <div>
          <dt>Last changed</dt>
          <dd>
            <time dateTime={draft.updatedAt}>{formatDateTime(draft.updatedAt)}</time> by {draft.updatedBy}
          </dd>
        </div>
        <div>
          <dt>Expires</dt>
          <dd>
            <time dateTime={draft.expiresAt}>{formatDateTime(draft.expiresAt)}</time>
          </dd>
        </div>
      </dl>
    </li>
  );
}
