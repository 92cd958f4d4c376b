import type { CatalogueChangeDetail, CatalogueChangeList } from '@portal/contracts';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PublishingIcon } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/page-header';
import { formatDateTime } from '../../shared/format';
import { loadStaffData } from '../../shared/identity/staff-data';
import { StaffDataView, StaffToolPage, staffToolMeta } from '../../shared/identity/staff-tool-page';
import { DESTINATIONS, href } from '../../shared/navigation/navigation';
import { outcomeOf } from '../../shared/outcome/outcome';
import table from '../../styles/data-table.module.css';
import type { Route } from './+types/publishing-page';
import { getChange, getChanges, getPublishedFiles, restoreFile, withdrawFile } from './api/publishing-api';
import { DOOR_WORDS, summaryText } from './change-words';
import { getDrafts } from './api/drafts-api';
import { DiffTable } from './diff-table';
import { DraftsInProgress } from './drafts/drafts-in-progress';
import styles from './publishing-page.module.css';
import { PublishedFiles, type FileChange } from './published-files';
import { fileViewOf } from './published-files-filter';
import facts from './facts.module.css';

export const meta = () =>
  staffToolMeta(
    DESTINATIONS.servicePublishing,
    "The catalogue's change history, and the withdrawal and restoration of published files. For publishers.",
  );

const CHANGE_PARAM = 'change';
/** The change history's page: changes numbered below this one (the previous page's nextBefore). */
const CHANGES_PARAM = 'changes';

/** The history and the files; with `?change=` one change's full diff instead. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const raw = new URL(request.url).searchParams.get(CHANGE_PARAM);
  const change = raw !== null && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : undefined;
  if (change !== undefined) {
    return { view: 'diff' as const, result: await loadStaffData(request, (signal) => getChange(change, signal)) };
  }
  const params = new URL(request.url).searchParams;
  const view = fileViewOf(params);
  const rawBefore = params.get(CHANGES_PARAM);
  const before = rawBefore !== null && /^[1-9]\d{0,15}$/.test(rawBefore) ? Number(rawBefore) : undefined;
  const result = await loadStaffData(request, async (signal) => {
    const [history, files, { drafts }] = await Promise.all([
      getChanges(before, signal),
      getPublishedFiles(
        { q: view.text, state: view.state, sort: view.sort, cursor: view.cursor, limit: view.rows },
        signal,
      ),
      getDrafts(signal),
    ]);
    return { history, files, drafts };
  });
  return { view: 'history' as const, result };
}
// Staff screens are browser-only pages: their loader runs when the page is opened.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageHeader title={DESTINATIONS.servicePublishing.title} icon={PublishingIcon} />;
}

/** Each act is one call; the history and the same page of files load again after it (React Router revalidates). */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<FileChange> {
  const form = await request.formData();
  const intent = form.get('intent');
  const fileId = String(form.get('fileId') ?? '');
  const { signal } = request;
  // Only this page's own forms post here: anything else is a fault of ours.
  if (intent !== 'withdraw' && intent !== 'restore') throw new Error(`Publishing has no act called ${String(intent)}`);
  const call =
    intent === 'withdraw'
      ? () => withdrawFile(fileId, String(form.get('reason') ?? '').trim(), signal)
      : () => restoreFile(fileId, signal);
  return { intent, fileId, outcome: await outcomeOf(call, { signal }) };
}

export default function PublishingPage({ loaderData }: Route.ComponentProps) {
  return (
    <StaffToolPage destination={DESTINATIONS.servicePublishing} icon={PublishingIcon} result={loaderData.result}>
      {loaderData.view === 'diff' ? (
        <StaffDataView result={loaderData.result}>{(detail) => <ChangeDiff detail={detail} />}</StaffDataView>
      ) : (
        <>
          <p className={styles.lead}>
            Every change to the catalogue, from the import command or from this screen, newest first. A withdrawn file
            leaves every lookup and its links say it was withdrawn; its record and history stay, and it can be restored.
          </p>
          <StaffDataView result={loaderData.result}>
            {({ history, files, drafts }) => (
              <>
                <DraftsInProgress drafts={drafts} />
                <History history={history} />
                <PublishedFiles page={files} />
              </>
            )}
          </StaffDataView>
        </>
      )}
    </StaffToolPage>
  );
}

function History({ history: { changes, nextBefore } }: { history: CatalogueChangeList }) {
  const captionId = useId();
  const [searchParams] = useSearchParams();
  const paged = searchParams.has(CHANGES_PARAM);
  const pageLink = (before: number | null) => {
    const next = new URLSearchParams(searchParams);
    if (before === null) next.delete(CHANGES_PARAM);
    else next.set(CHANGES_PARAM, String(before));
    return `?${next.toString()}`;
  };
  if (changes.length === 0 && !paged) return <p className={styles.empty}>Nothing has been published yet.</p>;
  return (
    <section>
      <h2 id={captionId}>Change history</h2>
      <div className={table.scroller} tabIndex={0} role="region" aria-labelledby={captionId}>
        <table className={table.table}>
          <thead>
            <tr>
              <th scope="col">Change</th>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">From</th>
              <th scope="col">Summary</th>
              <th scope="col">Diff</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.id}>
                <th scope="row">{change.id}</th>
                <td className={styles.nowrap}>
                  <time dateTime={change.occurredAt}>{formatDateTime(change.occurredAt)}</time>
                </td>
                <td className={styles.wrap}>{change.actor}</td>
                <td>{DOOR_WORDS[change.door]}</td>
                <td className={styles.wrap}>
                  {summaryText(change.summary)}
                  {change.reason && <span className={styles.muted}> (reason: {change.reason})</span>}
                </td>
                <td>
                  <Link to={href('servicePublishing', { change: String(change.id) })}>Full diff</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {(paged || nextBefore !== null) && (
        <nav aria-label="Pages of the change history" className={styles.buttons}>
          {paged && (
            <Link to={pageLink(null)} preventScrollReset>
              Newest changes
            </Link>
          )}
          {nextBefore !== null && (
            <Link to={pageLink(nextBefore)} preventScrollReset>
              Older changes
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}

function ChangeDiff({ detail }: { detail: CatalogueChangeDetail }) {
  const { change, diff } = detail;
  return (
    <section>
      <p>
        <Link to={href('servicePublishing')}>Back to the change history</Link>
      </p>
      <h2>Change {change.id}</h2>
      <dl className={facts.facts}>
        <div>
          <dt>When</dt>
          <dd>{formatDateTime(change.occurredAt)}</dd>
        </div>
        <div>
          <dt>Who</dt>
          <dd>
            {change.actor} ({DOOR_WORDS[change.door]})
          </dd>
        </div>
        <div>
          <dt>Summary</dt>
          <dd>{summaryText(change.summary)}</dd>
        </div>
        {change.reason && (
          <div>
            <dt>Reason</dt>
            <dd>{change.reason}</dd>
          </div>
        )}
        <div>
          <dt>Change set SHA-256</dt>
          <dd>
            <code className={facts.hash}>{change.digest}</code>
          </dd>
        </div>
      </dl>
      {diff.length === 0 ? (
        <p className={styles.empty}>This change left every row as it was.</p>
      ) : (
        <DiffTable diff={diff} caption="Every row it added, changed, removed, withdrew or restored" />
      )}
    </section>
  );
}
