import { AUDIT_PAGE_DEFAULT_LIMIT, type AuditPage, type AuditRecord, type AuditVerification } from '@portal/contracts';
import { useId, useState } from 'react';
import { Link, useNavigate, useNavigation } from 'react-router';
import { AuditIcon } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/page-header';
import { Alert } from '../../shared/components/ui/alert';
import { Button } from '../../shared/components/ui/button';
import { formatDateTime } from '../../shared/format';
import { loadStaffData } from '../../shared/identity/staff-data';
import { StaffDataView, StaffToolPage, staffToolMeta } from '../../shared/identity/staff-tool-page';
import { DESTINATIONS, href } from '../../shared/navigation/navigation';
import { FailureAlert } from '../../shared/outcome/failure-alert';
import { outcomeOf, type Failure } from '../../shared/outcome/outcome';
import { saveBlob } from '../../shared/save-blob';
import table from '../../styles/data-table.module.css';
import type { Route } from './+types/audit-page';
import { getAuditExport } from './api/get-audit-export';
import { getAuditLog } from './api/get-audit-log';
import { getAuditVerification } from './api/get-audit-verification';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTION_VALUES,
  actionLabel,
  auditBeforeOf,
  auditFiltersOf,
  auditQuery,
  exportFileName,
  hasFilters,
  type AuditFilters,
} from './audit-filters';
import { detailInWords } from './audit-detail-words';
import styles from './audit-page.module.css';

export const meta = () =>
  staffToolMeta(
    DESTINATIONS.serviceAudit,
    'The hash-chained log of staff acts, with its verification. For administrators.',
  );

/** The filters and the page are in the URL; the chain is checked on every load. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams;
  const filters = auditFiltersOf(search);
  const before = auditBeforeOf(search);
  const result = await loadStaffData(request, async (signal) => {
    const [page, verification] = await Promise.all([
      getAuditLog({ ...filters, before, limit: AUDIT_PAGE_DEFAULT_LIMIT }, signal),
      getAuditVerification(signal),
    ]);
    return { page, verification };
  });
  return { filters, before, result };
}
// Staff screens are browser-only pages: their loader runs when the page is opened.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageHeader title={DESTINATIONS.serviceAudit.title} icon={AuditIcon} />;
}

export default function AuditLogPage({ loaderData }: Route.ComponentProps) {
  const { filters, before, result } = loaderData;
  return (
    <StaffToolPage destination={DESTINATIONS.serviceAudit} icon={AuditIcon} result={result}>
      <p className={styles.lead}>
        Every staff act the portal records, newest first. Each row holds the hash of the one before it, so a row changed
        or removed afterwards breaks the chain.
      </p>
      <StaffDataView result={result}>
        {({ page, verification }) => (
          <>
            <ChainState verification={verification} />
            <FilterForm filters={filters} />
            <ExportButton filters={filters} />
            <AuditEntries page={page} filters={filters} before={before} />
          </>
        )}
      </StaffDataView>
    </StaffToolPage>
  );
}

function ChainState({ verification }: { verification: AuditVerification }) {
  return verification.state === 'intact' ? (
    <Alert tone="success">
      <strong>Chain verified:</strong> intact, {verification.rows} {verification.rows === 1 ? 'row' : 'rows'}. Head hash{' '}
      <code className={styles.hash}>{verification.headHash}</code>
    </Alert>
  ) : (
    <Alert tone="danger">
      <strong>Chain broken at row {verification.rowId}:</strong> {verification.reason}
    </Alert>
  );
}

/** Applying the filters is a navigation to their URL: Back returns to the previous ones. */
function FilterForm({ filters }: { filters: AuditFilters }) {
  const navigate = useNavigate();
  const busy = useLogLoading();
  const id = useId();
  return (
    <form
      role="search"
      aria-label="Filter the log"
      className={styles.filters}
      // The same values the URL would hold, without its empty fields (`?actor=&action=`).
      key={JSON.stringify(filters)}
      onSubmit={(event) => {
        event.preventDefault();
        void navigate(href('serviceAudit', auditQuery(auditFiltersOf(new FormData(event.currentTarget)))));
      }}
    >
      <div className={styles.filter}>
        <label htmlFor={`${id}-actor`} className={styles.label}>
          Actor
        </label>
        <input
          id={`${id}-actor`}
          name="actor"
          className={styles.input}
          defaultValue={filters.actor}
          placeholder="an address, or cli"
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${id}-action`} className={styles.label}>
          Action
        </label>
        <select id={`${id}-action`} name="action" className={styles.input} defaultValue={filters.action ?? ''}>
          <option value="">Any action</option>
          {AUDIT_ACTION_VALUES.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTION_LABELS[action]}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${id}-from`} className={styles.label}>
          From (UTC day)
        </label>
        <input id={`${id}-from`} name="from" type="date" className={styles.input} defaultValue={filters.from} />
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${id}-to`} className={styles.label}>
          To (UTC day)
        </label>
        <input id={`${id}-to`} name="to" type="date" className={styles.input} defaultValue={filters.to} />
      </div>
      <div className={styles.filterActions}>
        <Button type="submit" disabled={busy}>
          {busy ? 'Loading…' : 'Filter'}
        </Button>
        {hasFilters(filters) && <Link to={href('serviceAudit')}>Clear filters</Link>}
      </div>
    </form>
  );
}

/** The CSV needs the bearer, so it is fetched here and saved from a Blob (`saveBlob`). */
function ExportButton({ filters }: { filters: AuditFilters }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>();
  const download = async () => {
    setBusy(true);
    setFailure(undefined);
    const controller = new AbortController();
    const outcome = await outcomeOf(() => getAuditExport(filters, controller.signal));
    setBusy(false);
    if (outcome.kind === 'ok') saveBlob(outcome.data, exportFileName(filters, new Date()));
    else setFailure(outcome);
  };
  return (
    <div className={styles.export}>
      <Button variant="secondary" disabled={busy} onClick={() => void download()}>
        {busy ? 'Preparing the CSV…' : hasFilters(filters) ? 'Download these rows as CSV' : 'Download the log as CSV'}
      </Button>
      {failure && <FailureAlert failure={failure} />}
    </div>
  );
}

/** Whether another page or other filters of the log are on their way (the rows shown are the old ones). */
function useLogLoading(): boolean {
  return useNavigation().location?.pathname === DESTINATIONS.serviceAudit.url;
}

function AuditEntries({ page, filters, before }: { page: AuditPage; filters: AuditFilters; before?: number }) {
  const captionId = useId();
  const busy = useLogLoading();
  if (page.entries.length === 0) {
    return (
      <p className={styles.empty}>
        {hasFilters(filters) ? 'No entries match these filters.' : 'The log has no entries yet.'}
      </p>
    );
  }
  return (
    <>
      <div
        className={busy ? `${table.scroller} ${styles.loading}` : table.scroller}
        tabIndex={0}
        role="region"
        aria-labelledby={captionId}
        aria-busy={busy}
      >
        <table className={table.table}>
          <caption id={captionId}>
            {before === undefined ? 'The newest entries' : 'Older entries'}
            {hasFilters(filters) ? ', filtered' : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Time</th>
              <th scope="col">Actor</th>
              <th scope="col">Action</th>
              <th scope="col">Outcome</th>
              <th scope="col">Detail</th>
              <th scope="col">Row hash</th>
            </tr>
          </thead>
          <tbody>
            {page.entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label="Pages of the log" className={styles.pages}>
        {before !== undefined && <Link to={href('serviceAudit', auditQuery(filters))}>Newest entries</Link>}
        {page.nextBefore !== null && (
          <Link to={href('serviceAudit', auditQuery(filters, page.nextBefore))}>Older entries</Link>
        )}
      </nav>
    </>
  );
}

function EntryRow({ entry }: { entry: AuditRecord }) {
  return (
    <tr>
      <th scope="row">{entry.id}</th>
      <td className={styles.nowrap}>
        <time dateTime={entry.occurredAt}>{formatDateTime(entry.occurredAt)}</time>
      </td>
      <td className={styles.wrap}>{entry.actorEmail}</td>
      <td>
        {actionLabel(entry.action)}
        <br />
        <code className={styles.muted}>{entry.action}</code>
      </td>
      <td>{entry.outcome}</td>
      <td className={styles.wrap}>
        {detailInWords(entry.action, entry.detail)}
        {entry.detail && (
          <details className={styles.raw}>
            <summary>JSON</summary>
            <pre>{JSON.stringify(entry.detail, null, 2)}</pre>
          </details>
        )}
      </td>
      <td>
        <code className={styles.shortHash} title={entry.rowHash}>
          {entry.rowHash.slice(0, 12)}…
        </code>
      </td>
    </tr>
  );
}
