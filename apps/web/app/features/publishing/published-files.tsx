import { WITHDRAWAL_REASON_MAX_CHARS, type PublishedFile } from '@portal/contracts';
import { useId, useState } from 'react';
import { useFetcher, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { Dialog } from '../../shared/components/dialog';
import { Alert } from '../../shared/components/ui/alert';
import { Button } from '../../shared/components/ui/button';
import { Field } from '../../shared/components/ui/field';
import { formatDateTime, formatFileSize } from '../../shared/format';
import { FailureAlert } from '../../shared/outcome/failure-alert';
import type { Outcome } from '../../shared/outcome/outcome';
import { sectionWords } from './change-words';
import styles from './publishing-page.module.css';
import {
  FILE_FILTER_PARAMS,
  fileFilterOf,
  filesMatching,
  onlyFileFilterDiffers,
  type FileStateChoice,
} from './published-files-filter';
import own from './published-files.module.css';
import facts from './facts.module.css';

/** What a withdrawal or restoration came to, shown beside its file. */
export interface FileChange {
  intent: 'withdraw' | 'restore';
  fileId: string;
  outcome: Outcome<unknown>;
}

/** The filter only chooses among the files loaded: changing it loads nothing; an act loads again. */
export function shouldRevalidateForFileFilter({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod === undefined && onlyFileFilterDiffers(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}

const STATE_WORDS: Record<FileStateChoice, string> = {
  all: 'All files',
  live: 'Live files only',
  withdrawn: 'Withdrawn files only',
};

/**
 * Every published file as a card with its withdrawal or restoration, filtered by a text and
 * a state kept in the URL's query (a reload, Back or a shared link shows the same files).
 */
export function PublishedFiles({ files }: { files: readonly PublishedFile[] }) {
  const headingId = useId();
  const stateId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = fileFilterOf(searchParams);
  const shown = filesMatching(files, filter);
  const filtered = filter.text.trim() !== '' || filter.state !== 'all';
  const update = (name: string, value: string, replace: boolean) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '' || (name === FILE_FILTER_PARAMS.state && value === 'all')) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace, preventScrollReset: true },
    );
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Published files</h2>
      <form
        role="search"
        aria-label="Published files"
        className={own.filter}
        onSubmit={(event) => event.preventDefault()}
      >
        <Field
          label="Find by name, SHA-256 or where it is published"
          type="search"
          defaultValue={filter.text}
          // Typing adds no step to Back, a new state does: Back across it starts from the URL's text.
          key={filter.state}
          autoComplete="off"
          spellCheck={false}
          className={own.text}
          // Typing replaces the URL's query rather than adding a step to Back for each key.
          onChange={(event) => update(FILE_FILTER_PARAMS.text, event.target.value, true)}
        />
        <div className={own.state}>
          <label htmlFor={stateId} className={own.label}>
            Show
          </label>
          <select
            id={stateId}
            className={own.select}
            value={filter.state}
            onChange={(event) => update(FILE_FILTER_PARAMS.state, event.target.value, false)}
          >
            {(Object.keys(STATE_WORDS) as FileStateChoice[]).map((state) => (
              <option key={state} value={state}>
                {STATE_WORDS[state]}
              </option>
            ))}
          </select>
        </div>
      </form>
      <p role="status" className={own.count}>
        {files.length === 0
          ? 'No file has been published yet.'
          : shown.length === 0
            ? noneMatch(filter.text.trim(), filter.state)
            : filtered
              ? `${shown.length} of ${files.length} files`
              : `${files.length} ${files.length === 1 ? 'file' : 'files'}`}
      </p>
      <ul className={styles.files}>
        {shown.map((file) => (
          <FileCard key={file.id} file={file} />
        ))}
      </ul>
    </section>
  );
}

function noneMatch(text: string, state: FileStateChoice): string {
  if (text !== '') return `No ${state === 'all' ? '' : `${state} `}file matches “${text}”.`;
  return state === 'withdrawn' ? 'No file is withdrawn.' : 'Every published file is withdrawn.';
}

function FileCard({ file }: { file: PublishedFile }) {
  const fetcher = useFetcher<FileChange>();
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const done = fetcher.state === 'idle' ? fetcher.data : undefined;
  const busy = fetcher.state !== 'idle';
  return (
    <li className={styles.file} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.fileName}>
        {file.name}
      </h3>
      <dl className={facts.facts}>
        <div>
          <dt>Published as</dt>
          <dd>
            {file.uses.length === 0
              ? 'Nothing refers to it'
              : file.uses.map((use) => `${sectionWords(use.section)} ${use.key}`).join('; ')}
          </dd>
        </div>
        <div>
          <dt>Size</dt>
          <dd>{formatFileSize(file.sizeBytes)}</dd>
        </div>
        <div>
          <dt>SHA-256</dt>
          <dd>
            <code className={facts.hash}>{file.sha256}</code>
          </dd>
        </div>
        <div>
          <dt>State</dt>
          <dd>
            {file.withdrawn
              ? `Withdrawn ${formatDateTime(file.withdrawn.at)} by ${file.withdrawn.by}: ${file.withdrawn.reason}`
              : `Live since ${formatDateTime(file.publishedAt)}`}
          </dd>
        </div>
      </dl>
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
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={file.withdrawn ? `Restore ${file.name}?` : `Withdraw ${file.name}?`}
      >
        {file.withdrawn ? (
          <p>It comes back into every lookup and feed that lists it, and its links work again.</p>
        ) : (
          <p>
            It leaves every lookup at once, and its links, even those already handed out, say it was withdrawn; every
            feed that listed it says so, without the reason (only staff read it). Its record and history stay; it can be
            restored.
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
    </li>
  );
}
