import type { DraftSummary } from '@portal/contracts';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../shared/components/ui/button';
import { formatDateTime } from '../../../shared/format';
import { draftHref } from '../../../shared/navigation/navigation';
import { FailureAlert } from '../../../shared/outcome/failure-alert';
import { outcomeOf, type Failure } from '../../../shared/outcome/outcome';
import table from '../../../styles/data-table.module.css';
import { createDraft } from '../api/drafts-api';
import styles from '../publishing-page.module.css';
import { EMPTY_DRAFT } from './draft-manifest';

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
        <p className={styles.empty}>No draft is in progress.</p>
      ) : (
        <div className={table.scroller} tabIndex={0} role="region" aria-labelledby={headingId}>
          <table className={table.table}>
            <thead>
              <tr>
                <th scope="col">Draft</th>
                <th scope="col">Started by</th>
                <th scope="col">Last changed</th>
                <th scope="col">Expires</th>
              </tr>
            </thead>
            <tbody>
              {drafts.map((draft) => (
                <tr key={draft.id}>
                  <th scope="row">
                    <Link to={draftHref(draft.id)}>Draft of {formatDateTime(draft.createdAt)}</Link>
                  </th>
                  <td className={styles.wrap}>{draft.createdBy}</td>
                  <td className={styles.wrap}>
                    <time dateTime={draft.updatedAt}>{formatDateTime(draft.updatedAt)}</time> by {draft.updatedBy}
                  </td>
                  <td className={styles.nowrap}>
                    <time dateTime={draft.expiresAt}>{formatDateTime(draft.expiresAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
