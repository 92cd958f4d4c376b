import {
  CATALOGUE_CHANGED_SINCE_PREVIEW_MESSAGE,
  type DraftPreview as Preview,
  type DraftPreviewRequest,
  type DraftPublishRefused,
  type LookupListing,
} from '@portal/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/api-client';
import { Button } from '../../../shared/components/ui/button';
import { Field } from '../../../shared/components/ui/field';
import { href } from '../../../shared/navigation/navigation';
import { FailureAlert } from '../../../shared/outcome/failure-alert';
import { failureOf, type Failure } from '../../../shared/outcome/outcome';
import table from '../../../styles/data-table.module.css';
import { previewDraft, publishDraft } from '../api/drafts-api';
import { sectionWords } from '../change-words';
import { DiffTable } from '../diff-table';
import styles from './draft.module.css';

const ID_KINDS = { registrationId: 'Registration ID', keyId: 'Key ID' } as const;
type IdKind = keyof typeof ID_KINDS;

/** Lookups' lists by name on the screen. */
const LISTING_WORDS: Record<keyof LookupListing, string> = {
  versions: 'Versions',
  pibs: 'PIBs',
  dsvs: 'DSVs',
  chromatofReleases: 'ChromaTOF releases',
};

/**
 * The draft applied and rolled back on the server: what publishing would change, and what one
 * customer's lookups would list; then Publish, with the catalogue version this preview is of.
 */
export function DraftPreviewSection({ draftId }: { draftId: string }) {
  const headingId = useId();
  const navigate = useNavigate();
  const [kind, setKind] = useState<IdKind>('registrationId');
  const [previewing, setPreviewing] = useState(false);
  const [preview, setPreview] = useState<Preview>();
  // Whether the preview shown was asked for an ID: without one, it lists no lookups.
  const [askedId, setAskedId] = useState(false);
  const [failure, setFailure] = useState<Failure>();
  const [publishing, setPublishing] = useState(false);
  // A second click before the first answer is ignored here; the server refuses a second publish too.
  const publishingRef = useRef(false);

  const runPreview = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = String(new FormData(event.currentTarget).get('customerId') ?? '').trim();
    const whose: DraftPreviewRequest = id === '' ? {} : { [kind]: id };
    setPreviewing(true);
    setFailure(undefined);
    try {
      setPreview(await previewDraft(draftId, whose));
      setAskedId(id !== '');
    } catch (error) {
      setPreview(undefined);
      setFailure(failureOf(error));
    } finally {
      setPreviewing(false);
    }
  };

  const publish = async () => {
    if (!preview || publishingRef.current) return;
    publishingRef.current = true;
    setPublishing(true);
    setFailure(undefined);
    try {
      const { change } = await publishDraft(draftId, preview.catalogueVersion);
      await navigate(href('servicePublishing', { change: String(change.id) }));
    } catch (error) {
      const refused =
        error instanceof ApiError && error.status === 409 ? (error.body as DraftPublishRefused) : undefined;
      // The catalogue moved: the message, and the diff as it is now (publishing again uses it).
      if (refused?.preview) setPreview(refused.preview);
      setFailure(failureOf(error));
    } finally {
      publishingRef.current = false;
      setPublishing(false);
    }
  };

  const blocked =
    preview && (preview.problems.length > 0 || preview.files.some((file) => file.state === 'awaiting upload'));
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Preview</h2>
      <p className={styles.lead}>
        What publishing this draft would change in the live catalogue, and, for a registration ID or key ID, what that
        customer’s lookups list now and would list after it. Nothing is published by a preview.
      </p>
      <form className={styles.form} onSubmit={(event) => void runPreview(event)}>
        <fieldset className={styles.kinds}>
          <legend>Whose lookups</legend>
          {(Object.keys(ID_KINDS) as IdKind[]).map((value) => (
            <label key={value}>
              <input type="radio" name="kind" value={value} checked={kind === value} onChange={() => setKind(value)} />{' '}
              {ID_KINDS[value]}
            </label>
          ))}
        </fieldset>
        <Field
          label={`${ID_KINDS[kind]} (optional)`}
          name="customerId"
          autoComplete="off"
          spellCheck={false}
          maxLength={128}
          action={
            <Button type="submit" disabled={previewing}>
              {previewing ? 'Previewing…' : 'Preview'}
            </Button>
          }
        />
      </form>
      {failure && <FailureAlert failure={failure} />}
      {preview && (
        <PreviewResult
          preview={preview}
          askedId={askedId}
          stale={failure?.message === CATALOGUE_CHANGED_SINCE_PREVIEW_MESSAGE}
        />
      )}
      {preview && (
        <div className={styles.buttons}>
          <Button onClick={() => void publish()} disabled={publishing || Boolean(blocked)}>
            {publishing ? 'Publishing…' : 'Publish'}
          </Button>
          {blocked && (
            <span className={styles.muted}>
              Publishing waits until the problems are corrected and every file is uploaded.
            </span>
          )}
        </div>
      )}
    </section>
  );
}

function PreviewResult({ preview, askedId, stale }: { preview: Preview; askedId: boolean; stale: boolean }) {
  const countsId = useId();
  // Sections the draft leaves alone entirely are left out: the table says what it does.
  const sections = Object.entries(preview.sections).filter(([, counts]) =>
    Object.values(counts).some((count) => count > 0),
  );
  return (
    <div className={styles.preview}>
      {stale && <p>The preview below is the catalogue as it is now; publish again if it is still what you mean.</p>}
      <div className={table.scroller} tabIndex={0} role="region" aria-labelledby={countsId}>
        <table className={`${table.table} ${styles.counts}`}>
          <caption id={countsId}>What publishing would do, by section</caption>
          <thead>
            <tr>
              <th scope="col">Section</th>
              <th scope="col">Added</th>
              <th scope="col">Changed</th>
              <th scope="col">Withdrawn</th>
              <th scope="col">Restored</th>
              <th scope="col">Unchanged</th>
            </tr>
          </thead>
          <tbody>
            {sections.map(([section, counts]) => (
              <tr key={section}>
                <th scope="row">{sectionWords(section)}</th>
                <td>{counts.added}</td>
                <td>{counts.changed}</td>
                <td>{counts.withdrawn}</td>
                <td>{counts.restored}</td>
                <td>{counts.unchanged}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {preview.diff.length === 0 ? (
        <p className={styles.muted}>Publishing this draft would leave every row as it is.</p>
      ) : (
        <DiffTable diff={preview.diff} caption="Every row publishing would add, change, withdraw or restore" />
      )}
      {preview.problems.length > 0 && (
        <ul className={styles.problems} aria-label="Problems">
          {preview.problems.map((problem, index) => (
            <li key={`${problem.path}\n${index}`}>
              {problem.path ? `${problem.path}: ${problem.message}` : problem.message}
            </li>
          ))}
        </ul>
      )}
      {!askedId ? null : preview.lookups === null ? (
        <p>This ID is unknown or revoked: its lookups list nothing, before or after.</p>
      ) : (
        <Lookups before={preview.lookups.before} after={preview.lookups.after} />
      )}
    </div>
  );
}

function Lookups({ before, after }: { before: LookupListing; after: LookupListing }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>This customer’s lookups</h3>
      <div className={styles.listing}>
        {(Object.keys(LISTING_WORDS) as (keyof LookupListing)[]).map((list) => {
          const now = new Set(before[list]);
          if (before[list].length === 0 && after[list].length === 0) return null;
          return (
            <div key={list} role="group" aria-label={`${LISTING_WORDS[list]} after publishing`}>
              <h4>{LISTING_WORDS[list]}</h4>
              <p className={styles.muted}>
                Now {before[list].length}, after publishing {after[list].length}
              </p>
              <ul>
                {after[list].map((key) => (
                  <li key={key} className={now.has(key) ? undefined : styles.added}>
                    {key}
                    {now.has(key) ? '' : ' (new)'}
                  </li>
                ))}
                {before[list]
                  .filter((key) => !after[list].includes(key))
                  .map((key) => (
                    <li key={`gone ${key}`}>
                      <del>{key}</del> (no longer listed)
                    </li>
                  ))}
              </ul>
            </div>
          );
        })}
      </div>
    </section>
  );
}
