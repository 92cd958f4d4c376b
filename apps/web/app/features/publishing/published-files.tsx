import {
  WITHDRAWAL_REASON_MAX_CHARS,
  type PublishedFile,
  type PublishedFilePage,
  type PublishedFileSort,
  type PublishedFileState,
} from '@portal/contracts';
import { useId, useRef, useState } from 'react';
import { Link, useFetcher, useSearchParams } from 'react-router';
import { CopyButton } from '../../shared/components/copy-button';
import { Dialog } from '../../shared/components/dialog';
import { Alert } from '../../shared/components/ui/alert';
import { Button } from '../../shared/components/ui/button';
import { Field } from '../../shared/components/ui/field';
import { formatDateTime, formatFileSize } from '../../shared/format';
import { FailureAlert } from '../../shared/outcome/failure-alert';
import type { Outcome } from '../../shared/outcome/outcome';
import table from '../../styles/data-table.module.css';
import { sectionWords } from './change-words';
import styles from './publishing-page.module.css';
import { FILE_ROWS_CHOICES, fileViewOf, withFileView } from './published-files-filter';
import own from './published-files.module.css';

/** What a withdrawal or restoration came to, shown beside its file. */
export interface FileChange {
  intent: 'withdraw' | 'restore';
  fileId: string;
  outcome: Outcome<unknown>;
}

const STATE_WORDS: Record<PublishedFileState, string> = {
  all: 'All files',
  live: 'Live files only',
  withdrawn: 'Withdrawn files only',
};

const SORT_WORDS: Record<PublishedFileSort, string> = {
  '-published': 'Newest first',
  published: 'Oldest first',
  name: 'Name, A to Z',
  '-name': 'Name, Z to A',
  '-size': 'Largest first',
  size: 'Smallest first',
  where: 'Where published (product and version)',
  '-where': 'Where published, last first',
};

/** The digits of a SHA-256 the table shows; Copy copies all 64. */
const SHA256_SHOWN_DIGITS = 16;

/**
 * One page of the published files as a table, one row per file with its withdrawal or
 * restoration; the filter, order and page live in the URL's query and the server does the
 * work (docs/publishing.md#published-files), so 10,000 files cost what 50 do.
 */
export function PublishedFiles({ page }: { page: PublishedFilePage }) {
  const headingId = useId();
  const stateId = useId();
  const sortId = useId();
  const rowsId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const view = fileViewOf(searchParams);
  const rowsChoices = [...new Set<number>([...FILE_ROWS_CHOICES, view.rows])].sort((a, b) => a - b);
  const filtered = view.text.trim() !== '' || view.state !== 'all';
  const formRef = useRef<HTMLFormElement>(null);
  // The whole view is read from the form, not from the URL: while one change is still loading,
  // the next (a key typed, a choice made) must not bring back the URL's older text or choice.
  const update = (replace: boolean) => {
    const form = new FormData(formRef.current!);
    const text = String(form.get('text') ?? '');
    const change = {
      text,
      state: form.get('state') as PublishedFileState,
      sort: form.get('sort') as PublishedFileSort,
      rows: Number(form.get('rows')),
    };
    setSearchParams(withFileView(searchParams, change), { replace, preventScrollReset: true });
  };
  const pageLink = (cursor: string | undefined) => `?${withFileView(searchParams, { cursor }).toString()}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Published files</h2>
      <form
        role="search"
        aria-label="Published files"
        className={own.filter}
        ref={formRef}
        onSubmit={(event) => event.preventDefault()}
      >
        <Field
          label="Find by name, SHA-256 or where it is published"
          type="search"
          name="text"
          defaultValue={view.text}
          // Typing adds no step to Back, a new choice does: Back across it starts from the URL's text.
          key={`${view.state} ${view.sort} ${view.rows}`}
          autoComplete="off"
          spellCheck={false}
          className={own.text}
          // Typing replaces the URL's query rather than adding a step to Back for each key.
          onChange={() => update(true)}
        />
        <div className={own.state}>
          <label htmlFor={stateId} className={own.label}>
            Show
          </label>
          <select
            id={stateId}
            className={own.select}
            name="state"
            key={view.state}
            defaultValue={view.state}
            onChange={() => update(false)}
          >
            {(Object.keys(STATE_WORDS) as PublishedFileState[]).map((state) => (
              <option key={state} value={state}>
                {STATE_WORDS[state]}
              </option>
            ))}
          </select>
        </div>
        <div className={own.state}>
          <label htmlFor={sortId} className={own.label}>
            Order
          </label>
          <select
            id={sortId}
            className={own.select}
            name="sort"
            key={view.sort}
            defaultValue={view.sort}
            onChange={() => update(false)}
          >
            {(Object.keys(SORT_WORDS) as PublishedFileSort[]).map((sort) => (
              <option key={sort} value={sort}>
                {SORT_WORDS[sort]}
              </option>
            ))}
          </select>
        </div>
        <div className={own.state}>
          <label htmlFor={rowsId} className={own.label}>
            Per page
          </label>
          <select
            id={rowsId}
            className={own.select}
            name="rows"
            key={view.rows}
            defaultValue={view.rows}
            onChange={() => update(false)}
          >
            {rowsChoices.map((rows) => (
              <option key={rows} value={rows}>
                {rows}
              </option>
            ))}
          </select>
        </div>
      </form>
      <p role="status" className={own.count}>
        {page.files.length > 0
          ? `${page.files.length} ${page.files.length === 1 ? 'file' : 'files'} on this page`
          : !filtered && view.cursor === undefined
            ? 'Nothing is published yet.'
            : view.cursor !== undefined
              ? 'No more files here.'
              : noneMatch(view.text.trim(), view.state)}
      </p>
      {page.files.length > 0 && (
        <div className={table.scroller} tabIndex={0} role="region" aria-labelledby={headingId}>
          <table className={table.table}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Where published</th>
                <th scope="col">Size</th>
                <th scope="col">SHA-256</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className={own.hidden}>Withdraw or restore</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.files.map((file) => (
                <FileRow key={file.id} file={file} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages of published files" className={own.pages}>
        {view.cursor !== undefined && <Link to={pageLink(undefined)}>First page</Link>}
        {page.previousCursor && (
          <Link to={pageLink(page.previousCursor)} rel="prev">
            Previous page
          </Link>
        )}
        {page.nextCursor && (
          <Link to={pageLink(page.nextCursor)} rel="next">
            Next page
          </Link>
        )}
      </nav>
    </section>
  );
}

function noneMatch(text: string, state: PublishedFileState): string {
  if (text !== '') return `No ${state === 'all' ? '' : `${state} `}file matches “${text}”.`;
  return state === 'withdrawn' ? 'No file is withdrawn.' : 'Every published file is withdrawn.';
}

function FileRow({ file }: { file: PublishedFile }) {
  const fetcher = useFetcher<FileChange>();
  const [confirming, setConfirming] = useState(false);
  const done = fetcher.state === 'idle' ? fetcher.data : undefined;
  const busy = fetcher.state !== 'idle';
  return (
    <tr>
      <th scope="row" className={styles.wrap}>
        {file.name}
      </th>
      <td className={styles.wrap}>
        {file.uses.length === 0
          ? 'Nothing refers to it'
          : file.uses.map((use) => `${sectionWords(use.section)} ${use.key}`).join('; ')}
      </td>
      <td className={styles.nowrap}>{formatFileSize(file.sizeBytes)}</td>
      <td className={styles.nowrap}>
        <code title={file.sha256}>{file.sha256.slice(0, SHA256_SHOWN_DIGITS)}…</code>{' '}
        <CopyButton text={file.sha256} label={`Copy the SHA-256 of ${file.name}`} />
      </td>
      <td className={styles.wrap}>
        {file.withdrawn
          ? `Withdrawn ${formatDateTime(file.withdrawn.at)} by ${file.withdrawn.by}: ${file.withdrawn.reason}`
          : `Live since ${formatDateTime(file.publishedAt)}`}
      </td>
      <td>
        <Button variant="secondary" disabled={busy} onClick={() => setConfirming(true)}>
          {file.withdrawn ? 'Restore…' : 'Withdraw…'}
        </Button>
        {done &&
          (done.outcome.kind === 'ok' ? (
            <Alert role="status" tone="success">
              {done.intent === 'withdraw' ? `Withdrew ${file.name}.` : `Restored ${file.name}.`}
            </Alert>
          ) : (
            <FailureAlert failure={done.outcome} />
          ))}
        {/* Only the dialog being used is in the page: a page of 200 rows holds no 200 forms. */}
        {confirming && (
          <Dialog
            open
            onClose={() => setConfirming(false)}
            title={file.withdrawn ? `Restore ${file.name}?` : `Withdraw ${file.name}?`}
          >
            {file.withdrawn ? (
              <p>It comes back into every lookup and feed that lists it, and its links work again.</p>
            ) : (
              <p>
                It leaves every lookup at once, and its links, even those already handed out, say it was withdrawn;
                every feed that listed it says so, without the reason (only staff read it). Its record and history stay;
                it can be restored.
              </p>
            )}
            <fetcher.Form method="post" className={styles.confirm} onSubmit={() => setConfirming(false)}>
              <input type="hidden" name="intent" value={file.withdrawn ? 'restore' : 'withdraw'} />
              <input type="hidden" name="fileId" value={file.id} />
              {!file.withdrawn && (
                <Field
                  label="Reason"
                  name="reason"
                  required
                  maxLength={WITHDRAWAL_REASON_MAX_CHARS}
                  autoComplete="off"
                  className={styles.reason}
                />
              )}
              {/* The dialog opens on its first button: the one that changes nothing. */}
              <div className={styles.buttons}>
                <Button variant="secondary" onClick={() => setConfirming(false)}>
                  Keep as it is
                </Button>
                <Button type="submit">{file.withdrawn ? 'Restore' : 'Withdraw'}</Button>
              </div>
            </fetcher.Form>
          </Dialog>
        )}
      </td>
    </tr>
  );
}
