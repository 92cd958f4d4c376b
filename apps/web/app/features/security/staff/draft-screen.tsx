import {
  advisoryDraftPagePath,
  advisoryPagePath,
  ADVISORY_MESSAGES,
  REVISION_SUMMARY_MAX_CHARS,
  type AdvisoryDraft,
  type AdvisoryPreview,
  type CsafProblem,
  type PublishedRelease,
} from '@portal/contracts';
import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { Dialog } from '../../../shared/components/dialog';
import { Alert } from '../../../shared/components/ui/alert';
import { Button } from '../../../shared/components/ui/button';
import { Field } from '../../../shared/components/ui/field';
import { formatDateTime } from '../../../shared/format';
import { DESTINATIONS } from '../../../shared/navigation/navigation';
import { FailureAlert } from '../../../shared/outcome/failure-alert';
import type { Failure } from '../../../shared/outcome/outcome';
import { createAdvisoryDraft } from '../api/create-advisory-draft';
import { discardAdvisoryDraft } from '../api/discard-advisory-draft';
import { getAdvisoryPreview } from '../api/get-advisory-preview';
import { publishAdvisoryDraft } from '../api/publish-advisory-draft';
import { saveAdvisoryDraft } from '../api/save-advisory-draft';
import { AdvisoryView } from '../shared/advisory-view';
import { AdvisoryEditor } from './advisory-editor';
import { draftCall, type DraftCall } from './draft-calls';
import { contentOf, type DraftForm } from './draft-form';
import { placeProblems } from './draft-problems';
import styles from './security-staff.module.css';

type Notice =
  | { kind: 'none' }
  | { kind: 'saved' }
  | { kind: 'refused'; message: string; problems: CsafProblem[] }
  | { kind: 'failed'; failure: Failure };

const noticeOf = (call: Exclude<DraftCall<unknown>, { kind: 'ok' }>): Notice => call;

/**
 * A draft's fields, Save, Preview (the public page and the CSAF JSON as they would be
 * published) and Publish. `draft` is undefined on the new-draft page: the first Save creates
 * the draft and moves to its own address, so a reload keeps it. Every act saves what was
 * typed first, so what is previewed or published is what is on screen.
 */
export function DraftScreen({
  draft,
  initialForm,
  releases,
}: {
  draft: AdvisoryDraft | undefined;
  initialForm: DraftForm;
  releases: readonly PublishedRelease[];
}) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [form, setForm] = useState(initialForm);
  const [savedForm, setSavedForm] = useState(draft ? initialForm : undefined);
  const [notice, setNotice] = useState<Notice>({ kind: 'none' });
  const [busy, setBusy] = useState<string>();
  const [preview, setPreview] = useState<AdvisoryPreview>();
  const [revisionSummary, setRevisionSummary] = useState('');
  const isRevision = draft?.advisoryId !== null && draft?.advisoryId !== undefined;
  const dirty = savedForm !== form;

  const problems = notice.kind === 'refused' ? notice.problems : (preview?.problems ?? []);
  const placed = placeProblems(problems, form.kind);

  /** Saves the form when it changed; answers whether the draft on the server is now the form. */
  const save = async (): Promise<boolean> => {
    if (draft && !dirty) return true;
    const content = contentOf(form);
    const call = await draftCall(() => (draft ? saveAdvisoryDraft(draft.id, content) : createAdvisoryDraft(content)));
    if (call.kind !== 'ok') {
      setNotice(noticeOf(call));
      return false;
    }
    setSavedForm(form);
    setPreview(undefined);
    if (!draft) {
      await navigate(advisoryDraftPagePath(call.data.id), { replace: true });
      return false;
    }
    // Awaited: a publish right after a save deletes the draft, and a reload of it still on
    // its way would then be answered 404.
    await revalidator.revalidate();
    return true;
  };

  const act = async (name: string, work: () => Promise<void>) => {
    setBusy(name);
    try {
      await work();
    } finally {
      setBusy(undefined);
    }
  };

  const onSave = () =>
    act('Saving…', async () => {
      if (await save()) setNotice({ kind: 'saved' });
    });

  const onPreview = () =>
    act('Making the preview…', async () => {
      if (!draft || !(await save())) return;
      const call = await draftCall(() => getAdvisoryPreview(draft.id));
      if (call.kind !== 'ok') return setNotice(noticeOf(call));
      setNotice({ kind: 'none' });
      setPreview(call.data);
    });

  const onPublish = () =>
    act('Publishing…', async () => {
      if (!draft) return;
      if (isRevision && revisionSummary.trim() === '') {
        setNotice({
          kind: 'refused',
          message: ADVISORY_MESSAGES.revisionSummaryRequired,
          problems: [{ instancePath: '/revisionSummary', message: ADVISORY_MESSAGES.revisionSummaryRequired }],
        });
        return;
      }
      if (!(await save())) return;
      const summary = revisionSummary.trim();
      const call = await draftCall(() => publishAdvisoryDraft(draft.id, summary ? { revisionSummary: summary } : {}));
      if (call.kind !== 'ok') return setNotice(noticeOf(call));
      await navigate(advisoryPagePath(call.data.advisoryId));
    });

  const revisionProblems = problems.filter((problem) => problem.instancePath === '/revisionSummary');
  const whole = placed.whole.filter((text) => !text.startsWith('/revisionSummary'));

  return (
    <>
      {draft && (
        <p className={styles.lead}>
          {isRevision ? `A revision of ${draft.advisoryId}. ` : ''}Started by {draft.createdBy}; last changed by{' '}
          {draft.updatedBy} on {formatDateTime(draft.updatedAt)}.
        </p>
      )}
      <div aria-live="polite" role="status">
        {busy && <p>{busy}</p>}
        {!busy && notice.kind === 'saved' && <Alert tone="success">Saved.</Alert>}
      </div>
      {notice.kind === 'failed' && <FailureAlert failure={notice.failure} />}
      {notice.kind === 'refused' && (
        <div role="alert">
          <Alert tone="danger">
            {notice.message}{' '}
            {notice.problems.length > 1 &&
              `${notice.problems.length} problems: each is named beside its field or below.`}
          </Alert>
        </div>
      )}
      {whole.length > 0 && (
        <ul className={styles.problems} aria-label="Problems of the whole draft">
          {whole.map((text, index) => (
            <li key={index}>{text}</li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void onSave();
        }}
      >
        <AdvisoryEditor form={form} onChange={setForm} releases={releases} problems={placed} />
        <section className={styles.actions} aria-label="Save and publish">
          <div className={styles.buttons}>
            <Button type="submit" disabled={busy !== undefined}>
              {draft ? 'Save' : 'Save draft'}
            </Button>
            {draft && (
              <Button variant="secondary" disabled={busy !== undefined} onClick={() => void onPreview()}>
                Preview
              </Button>
            )}
          </div>
          {draft && (
            <>
              <Field
                label={isRevision ? 'What this revision changes' : 'Revision summary (optional)'}
                placeholder={isRevision ? 'Added the CVE ID.' : 'Initial version.'}
                value={revisionSummary}
                maxLength={REVISION_SUMMARY_MAX_CHARS}
                required={isRevision}
                onChange={(event) => setRevisionSummary(event.target.value)}
                error={revisionProblems.length > 0 ? revisionProblems.map((p) => p.message).join(' ') : undefined}
              />
              <div className={styles.buttons}>
                <Button disabled={busy !== undefined} onClick={() => void onPublish()}>
                  {isRevision ? 'Publish revision' : 'Publish'}
                </Button>
                <DiscardDraft draftId={draft.id} />
              </div>
            </>
          )}
          {!draft && <p className={styles.muted}>Save the draft to preview and publish it.</p>}
        </section>
      </form>
      {preview && <PreviewSection preview={preview} />}
    </>
  );
}

function PreviewSection({ preview }: { preview: AdvisoryPreview }) {
  return (
    <section className={styles.preview} aria-labelledby="preview-heading">
      <h2 id="preview-heading">Preview</h2>
      {preview.problems.length === 0 ? (
        <Alert tone="success">The CSAF document passes the CSAF 2.0 validator.</Alert>
      ) : (
        <Alert tone="warning">
          The CSAF document does not pass the CSAF 2.0 validator yet: {preview.problems.length}{' '}
          {preview.problems.length === 1 ? 'problem' : 'problems'}, each named beside its field or above.
        </Alert>
      )}
      <h3>The public page</h3>
      <AdvisoryView advisory={preview.advisory} headingLevel={4} />
      <h3>The CSAF JSON</h3>
      <pre className={styles.json} tabIndex={0} role="region" aria-label="The CSAF document">
        {JSON.stringify(preview.csaf, null, 2)}
      </pre>
    </section>
  );
}

function DiscardDraft({ draftId }: { draftId: string }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<Failure>();
  const discard = async () => {
    const call = await draftCall(() => discardAdvisoryDraft(draftId));
    setConfirming(false);
    if (call.kind === 'ok') await navigate(DESTINATIONS.serviceSecurity.url);
    else setFailure(call.kind === 'failed' ? call.failure : { kind: 'failed', message: call.message, status: 400 });
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        Discard draft…
      </Button>
      {failure && <FailureAlert failure={failure} />}
      <Dialog open={confirming} onClose={() => setConfirming(false)} title="Discard this draft?">
        <p>Its content is deleted; nothing is published, and a published advisory stays as it is.</p>
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Keep the draft
          </Button>
          <Button onClick={() => void discard()}>Discard</Button>
        </div>
      </Dialog>
    </>
  );
}
