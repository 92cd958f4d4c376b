import { MANIFEST_FILE_NAME, type CatalogueManifest, type Draft, type ManifestProblem } from '@portal/contracts';
import { useId, useState, type ChangeEvent } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { Dialog } from '../../shared/components/dialog';
import { PublishingIcon } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/page-header';
import { TwoColumns } from '../../shared/components/two-columns';
import { Alert } from '../../shared/components/ui/alert';
import { Button } from '../../shared/components/ui/button';
import { formatDateTime } from '../../shared/format';
import { loadStaffData } from '../../shared/identity/staff-data';
import { StaffDataView, StaffToolPage, staffToolMeta } from '../../shared/identity/staff-tool-page';
import { href, PUBLISHING_DRAFT } from '../../shared/navigation/navigation';
import { FailureAlert } from '../../shared/outcome/failure-alert';
import { outcomeOf, type Failure } from '../../shared/outcome/outcome';
import type { Route } from './+types/draft-page';
import { discardDraft, getDraft } from './api/drafts-api';
import { sectionWords } from './change-words';
import { DraftFiles } from './drafts/draft-files';
import {
  draftSections,
  draftWideProblems,
  entryProblems,
  withoutEntry,
  type DraftEntry,
} from './drafts/draft-manifest';
import { DraftPreviewSection } from './drafts/draft-preview';
import styles from './drafts/draft.module.css';
import { EntryForms } from './drafts/entry-forms';
import { saveDraft, type SaveAnswer } from './drafts/save-draft';
import facts from './facts.module.css';

export const meta = () =>
  staffToolMeta(
    PUBLISHING_DRAFT,
    'A draft of the catalogue: its entries, files and preview, then publish. For publishers.',
  );

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return { result: await loadStaffData(request, (signal) => getDraft(params.draftId, signal)) };
}
// Staff screens are browser-only pages: their loader runs when the page is opened.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageHeader title={PUBLISHING_DRAFT.title} icon={PublishingIcon} />;
}

export default function DraftPage({ loaderData, params }: Route.ComponentProps) {
  const { result } = loaderData;
  return (
    <StaffToolPage destination={PUBLISHING_DRAFT} icon={PublishingIcon} result={result}>
      <p>
        <Link to={href('servicePublishing')}>Back to Publishing</Link>
      </p>
      {/* A dropped network while a file is sent reloads the draft: a reload that fails keeps
          the draft, its forms' input and their sending on the screen. */}
      <StaffDataView result={result} keepOnFailedReload={(shown) => shown.draft.id === params.draftId}>
        {(draft) => <DraftScreen draft={draft} />}
      </StaffDataView>
    </StaffToolPage>
  );
}

function DraftScreen({ draft }: { draft: Draft }) {
  const revalidator = useRevalidator();
  const reload = () => void revalidator.revalidate();
  const { draft: summary } = draft;
  return (
    <>
      <p className={styles.lead}>
        Started by {summary.createdBy} on {formatDateTime(summary.createdAt)}; last changed by {summary.updatedBy} on{' '}
        {formatDateTime(summary.updatedAt)}. Unless changed again it expires on {formatDateTime(summary.expiresAt)}.
      </p>
      <TwoColumns
        side={
          <>
            <ReplaceWithManifest draft={draft} onSaved={reload} />
            <DiscardDraft draftId={summary.id} />
          </>
        }
      >
        <Entries draft={draft} onSaved={reload} />
        <section aria-labelledby="draft-add-heading">
          <h2 id="draft-add-heading">Add an entry</h2>
          <EntryForms draft={draft} onSaved={reload} />
        </section>
      </TwoColumns>
      <DraftFiles draft={draft} onChanged={reload} />
      {/* A new preview for every saved change of the draft: an older one would publish what it did not show. */}
      <DraftPreviewSection key={summary.updatedAt} draftId={summary.id} />
    </>
  );
}

function problemText(problem: ManifestProblem) {
  return problem.path ? `${problem.path}: ${problem.message}` : problem.message;
}

function Entries({ draft, onSaved }: { draft: Draft; onSaved: () => void }) {
  const headingId = useId();
  const sections = draftSections(draft.manifest);
  const wide = draftWideProblems(draft.problems, sections);
  const [answer, setAnswer] = useState<Exclude<SaveAnswer, { kind: 'saved' }>>();
  const [removing, setRemoving] = useState(false);

  const remove = async (entry: DraftEntry) => {
    setRemoving(true);
    const saved = await saveDraft(draft.draft.id, withoutEntry(draft.manifest, entry.path));
    setRemoving(false);
    setAnswer(saved.kind === 'saved' ? undefined : saved);
    if (saved.kind === 'saved') onSaved();
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Entries</h2>
      {answer && <SaveFailure answer={answer} />}
      {wide.length > 0 && (
        <ul className={styles.problems} aria-label="Problems of the whole draft">
          {wide.map((problem, index) => (
            <li key={`${problem.path}\n${index}`}>{problemText(problem)}</li>
          ))}
        </ul>
      )}
      {sections.length === 0 ? (
        <p className={styles.muted}>
          This draft has no entries yet: add one below, or replace it with a catalogue.json.
        </p>
      ) : (
        sections.map((section) => (
          <section key={section.section} aria-label={sectionWords(section.section)}>
            <h3 className={styles.sectionTitle}>{sectionWords(section.section)}</h3>
            <ul className={styles.cards}>
              {section.entries.map((entry) => (
                <EntryCard
                  key={entry.path}
                  entry={entry}
                  problems={draft.problems}
                  busy={removing}
                  onRemove={() => void remove(entry)}
                />
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}

function EntryCard({
  entry,
  problems,
  busy,
  onRemove,
}: {
  entry: DraftEntry;
  problems: readonly ManifestProblem[];
  busy: boolean;
  onRemove: () => void;
}) {
  const headingId = useId();
  const { byField, whole } = entryProblems(problems, entry);
  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.cardTitle}>
        {entry.title}
      </h4>
      {whole.map((message, index) => (
        <p key={index} className={styles.problem}>
          {message}
        </p>
      ))}
      <dl className={facts.facts}>
        {entry.fields.map(({ field, value }) => (
          <div key={field}>
            <dt>{field}</dt>
            <dd>
              {value}
              {byField.get(field)?.map((message, index) => (
                <span key={index} className={`${styles.problem} ${styles.fieldProblem}`}>
                  {message}
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
      <Button variant="secondary" disabled={busy} onClick={onRemove} aria-label={`Remove ${entry.title}`}>
        Remove
      </Button>
    </li>
  );
}

/** A refused body's message as the failure, its problems under it in the CLI's words. */
function SaveFailure({ answer }: { answer: Exclude<SaveAnswer, { kind: 'saved' }> }) {
  if (answer.kind !== 'refused') return <FailureAlert failure={answer} />;
  return (
    <>
      <FailureAlert failure={{ kind: 'failed', message: answer.message, status: 400 }} />
      {answer.problems.length > 0 && (
        <ul className={styles.problems} aria-label="Problems of the catalogue.json">
          {answer.problems.map((problem, index) => (
            <li key={`${problem.path}\n${index}`}>{problemText(problem)}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Replaces every entry of the draft with an uploaded catalogue.json (files named by SHA-256), once confirmed. */
function ReplaceWithManifest({ draft, onSaved }: { draft: Draft; onSaved: () => void }) {
  const headingId = useId();
  const inputId = useId();
  const [chosen, setChosen] = useState<{ name: string; manifest: CatalogueManifest }>();
  const [answer, setAnswer] = useState<Exclude<SaveAnswer, { kind: 'saved' }>>();
  const [saved, setSaved] = useState<string>();
  const [busy, setBusy] = useState(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setAnswer(undefined);
    setSaved(undefined);
    if (!file) return;
    try {
      setChosen({ name: file.name, manifest: JSON.parse(await file.text()) as CatalogueManifest });
    } catch (error) {
      setAnswer({
        kind: 'refused',
        message: `${file.name} is not JSON: ${error instanceof Error ? error.message : String(error)}`,
        problems: [],
      });
    }
  };

  const replace = async () => {
    if (!chosen) return;
    setBusy(true);
    const result = await saveDraft(draft.draft.id, chosen.manifest);
    setBusy(false);
    setChosen(undefined);
    if (result.kind === 'saved') {
      setSaved(chosen.name);
      onSaved();
    } else setAnswer(result);
  };

  return (
    <section aria-labelledby={headingId} className={styles.card}>
      <h2 id={headingId} className={styles.cardTitle}>
        Replace with a {MANIFEST_FILE_NAME}
      </h2>
      <p className={styles.muted}>
        The command line’s schema, each file’s <code>path</code> its SHA-256. It replaces every entry of this draft.
      </p>
      <div>
        <label htmlFor={inputId}>Choose a {MANIFEST_FILE_NAME}</label>{' '}
        <input id={inputId} type="file" accept=".json,application/json" onChange={(event) => void choose(event)} />
      </div>
      {busy && <p role="status">Replacing…</p>}
      {saved && (
        <Alert role="status" tone="success">
          Replaced the entries with {saved}.
        </Alert>
      )}
      {answer && <SaveFailure answer={answer} />}
      <Dialog open={chosen !== undefined} onClose={() => setChosen(undefined)} title="Replace this draft’s entries?">
        <p>
          Every entry of this draft is replaced by those of {chosen?.name}. Files already uploaded stay where the new
          entries name them.
        </p>
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={() => setChosen(undefined)}>
            Keep the draft as it is
          </Button>
          <Button onClick={() => void replace()}>Replace</Button>
        </div>
      </Dialog>
    </section>
  );
}

function DiscardDraft({ draftId }: { draftId: string }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<Failure>();
  const [busy, setBusy] = useState(false);
  const discard = async () => {
    setBusy(true);
    const done = await outcomeOf(() => discardDraft(draftId));
    setBusy(false);
    setConfirming(false);
    if (done.kind === 'ok') await navigate(href('servicePublishing'));
    else setFailure(done);
  };
  return (
    <section className={styles.card} aria-label="Discard">
      <Button variant="secondary" onClick={() => setConfirming(true)} disabled={busy}>
        Discard draft…
      </Button>
      {failure && <FailureAlert failure={failure} />}
      <Dialog open={confirming} onClose={() => setConfirming(false)} title="Discard this draft?">
        <p>Its entries are deleted; nothing is published. Files it uploaded that nothing else names are swept later.</p>
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Keep the draft
          </Button>
          <Button onClick={() => void discard()} disabled={busy}>
            Discard
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
