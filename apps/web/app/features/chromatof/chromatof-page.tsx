import { FINDING_CHROMATOF, INCORRECT_KEY, keyIdAuthorization, NO_CHROMATOF_DOWNLOADS } from '@portal/contracts';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { chromatofDownloadsUrl } from '../../shared/chromatof-downloads-url';
import { HelpDialog } from '../../shared/components/help-dialog';
import { TwoColumns } from '../../shared/components/two-columns';
import { downloadDate } from '../../shared/lookup/download-facts';
import { DownloadItem } from '../../shared/lookup/download-item';
import { FollowUpdates } from '../../shared/lookup/follow-updates';
import { ForgetId, KeyIdHelp, KeyIdWhere } from '../../shared/lookup/lookup-form';
import { LookupSidePanel, RejectedId } from '../../shared/lookup/lookup-help';
import { LookupRecord, type LookupFacts } from '../../shared/lookup/lookup-record';
import { rememberId, useRememberedId } from '../../shared/lookup/remembered-id';
import lookup from '../../shared/lookup/lookup.module.css';
import { ChromatofIcon } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/page-header';
import { Button } from '../../shared/components/ui/button';
import { Field } from '../../shared/components/ui/field';
import { DESTINATIONS, href } from '../../shared/navigation/navigation';
import { FailureAlert } from '../../shared/outcome/failure-alert';
import { outcomeOf, type Outcome } from '../../shared/outcome/outcome';
import { pageMeta } from '../../shared/page-meta';
import page from '../../styles/page.module.css';
import type { Route } from './+types/chromatof-page';
import styles from './chromatof-page.module.css';
import { findChromatofDownloads, type DownloadEntry } from './find-chromatof-downloads';

export const meta = () =>
  pageMeta(
    DESTINATIONS.chromatof.title,
    'Download ChromaTOF mass spectrometry software with your key ID, and find its PIBs.',
  );

const KEY_ID_FIELD = 'keyId';

/**
 * A blank key ID, or the lookup's outcome: the downloads, or null when there are none, with
 * the key ID and the time of the lookup for a printed result.
 */
type ChromatofOutcome = { kind: 'missing' } | (Outcome<DownloadEntry[] | null> & { lookup: LookupFacts });

/**
 * The key ID is a credential, so it is posted, never put in the URL
 * (docs/decisions/061-chromatof-key-id-not-in-the-url.md). A submission is a navigation:
 * a new one aborts the one it supersedes, whose outcome is never shown.
 */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<ChromatofOutcome> {
  const keyId = String((await request.formData()).get(KEY_ID_FIELD) ?? '').trim();
  if (!keyId) return { kind: 'missing' };
  // SPEC §8: a 401 is 'Incorrect key'; other errors, HTTP or not, show their own message.
  const outcome = await outcomeOf(
    () => findChromatofDownloads(new URL(chromatofDownloadsUrl(), window.location.href).href, keyId, request.signal),
    { signal: request.signal, rejected: INCORRECT_KEY, unexpected: 'own-message' },
  );
  return { ...outcome, lookup: { id: keyId, at: new Date().toISOString() } };
}

export default function ChromatofPage() {
  const navigation = useNavigation();
  const submitting = navigation.state !== 'idle' && navigation.formData?.has(KEY_ID_FIELD) === true;
  const latest = useActionData<typeof clientAction>();
  // A blank key ID is asked for here, without a submission.
  const [blank, setBlank] = useState(false);
  // Earlier results and errors clear on each submit (SPEC §4).
  const outcome: ChromatofOutcome | undefined = blank ? { kind: 'missing' } : submitting ? undefined : latest;
  const input = useRef<HTMLInputElement>(null);
  // One key ID per visit: an accepted one is offered to the ChromaTOF PIBs, and theirs here.
  const remembered = useRememberedId('key');
  useEffect(() => {
    if (latest?.kind === 'ok') rememberId('key', latest.lookup.id);
  }, [latest]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const isBlank = !input.current?.value.trim();
    setBlank(isBlank);
    if (isBlank) {
      event.preventDefault();
      input.current?.focus();
    }
  };
  // While working the button is disabled (SPEC §4), which stops Enter from submitting;
  // a new key ID typed meanwhile is still a new submit, superseding the one under way.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || !submitting) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };

  return (
    <TwoColumns variant="lookup" side={<LookupSidePanel idName="key ID" whereIsThis={<KeyIdHelp />} />}>
      <PageHeader title={DESTINATIONS.chromatof.title} icon={ChromatofIcon}>
        ChromaTOF is the software of our time-of-flight mass spectrometers: it acquires the data and finds, identifies
        and quantifies the compounds in your samples.
      </PageHeader>

      <section className={page.section} aria-labelledby="download-chromatof">
        <h2 id="download-chromatof">Download ChromaTOF</h2>
        <Form method="post" className={styles.form} noValidate onSubmit={onSubmit}>
          <Field
            key={remembered}
            defaultValue={remembered}
            inputRef={input}
            onKeyDown={onKeyDown}
            id="key-id"
            label="Key ID"
            name={KEY_ID_FIELD}
            autoComplete="off"
            spellCheck={false}
            required
            error={outcome?.kind === 'missing' ? 'Please enter your key ID.' : undefined}
            action={
              <Button type="submit" disabled={submitting}>
                Find downloads
              </Button>
            }
          />
        </Form>
        <div className={styles.where}>
          <HelpDialog label="Where is this?" title="Where is my key ID?">
            <p>
              In ChromaTOF, click the &apos;i&apos; icon at the upper right to open the About dialog: it shows your key
              ID.
            </p>
            <p>
              Your key ID is also on the Software Registration Certificate, where it is labelled &apos;Copy Protection
              Key&apos;.
            </p>
          </HelpDialog>
          {remembered && <ForgetId idKind="key" />}
        </div>
        <div role="status" className={styles.status}>
          {submitting && <p className={styles.note}>{FINDING_CHROMATOF}</p>}
          {outcome?.kind === 'ok' && outcome.data === null && <p className={styles.note}>{NO_CHROMATOF_DOWNLOADS}</p>}
        </div>
        {outcome?.kind === 'rejected' && (
          <RejectedId message={outcome.message} idName="key ID" where={<KeyIdWhere />} />
        )}
        {outcome?.kind === 'failed' && <FailureAlert failure={outcome} />}
        {outcome?.kind === 'ok' && outcome.data !== null && (
          <>
            <LookupRecord idLabel="Key ID" lookup={outcome.lookup} />
            <DownloadList downloads={outcome.data} />
            <FollowUpdates idName="key ID" authorization={keyIdAuthorization(outcome.lookup.id)} />
          </>
        )}
      </section>

      <section className={page.section} aria-labelledby="chromatof-pibs">
        <h2 id="chromatof-pibs">Product Information Bulletins</h2>
        <p>
          <Link to={href('chromatofPibs')}>Find the PIBs for your ChromaTOF</Link>
        </p>
      </section>
    </TwoColumns>
  );
}

function DownloadList({ downloads }: { downloads: DownloadEntry[] }) {
  return (
    <ul className={`${lookup.results} ${styles.downloads}`} aria-label="Downloads">
      {downloads.map((download) => (
        <DownloadItem
          key={download.url}
          name={download.name}
          uri={download.url}
          file={download.file}
          kind={download.kind === 'installer' ? 'installer' : 'document'}
          date={downloadDate({ releaseDate: download.releaseDate })}
          latest={download.latest}
          affectedBy={download.affectedBy}
        />
      ))}
    </ul>
  );
}
