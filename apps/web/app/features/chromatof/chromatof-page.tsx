import { keyIdAuthorization } from '@portal/contracts';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { chromatofDownloadsUrl } from '../../shared/chromatof-downloads-url';
import { HelpDialog } from '../../shared/components/help-dialog';
import { TwoColumns } from '../../shared/components/two-columns';
import { LocalLink } from '../../shared/i18n/local-link';
import { downloadDate } from '../../shared/lookup/download-facts';
import { DownloadItem } from '../../shared/lookup/download-item';
import { FollowUpdates } from '../../shared/lookup/follow-updates';
import { ForgetId, KeyIdHelp, KeyIdWhere } from '../../shared/lookup/lookup-form';
import { LookupSidePanel, RejectedId } from '../../shared/lookup/lookup-help';
import { LookupRecord, type LookupFacts } from '../../shared/lookup/lookup-record';
import { keyId as keyIdLabel, whereIsThis } from '../../shared/lookup/lookup.messages';
import { rememberId, useRememberedId } from '../../shared/lookup/remembered-id';
import lookup from '../../shared/lookup/lookup.module.css';
import { ChromatofIcon } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/page-header';
import { Button } from '../../shared/components/ui/button';
import { Field } from '../../shared/components/ui/field';
import { DESTINATIONS, href } from '../../shared/navigation/navigation';
import { placeName } from '../../shared/navigation/place-name';
import { FailureAlert } from '../../shared/outcome/failure-alert';
import { outcomeOf, type Outcome } from '../../shared/outcome/outcome';
import { pageMeta } from '../../shared/page-meta';
import page from '../../styles/page.module.css';
import type { Route } from './+types/chromatof-page';
import styles from './chromatof-page.module.css';
import * as m from './chromatof.messages';
import { findChromatofDownloads, type DownloadEntry } from './find-chromatof-downloads';

export const meta = () => pageMeta(placeName(DESTINATIONS.chromatof), m.description);

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
    { signal: request.signal, rejected: m.incorrectKey, unexpected: 'own-message' },
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
      <PageHeader title={placeName(DESTINATIONS.chromatof)} icon={ChromatofIcon}>
        {m.blurb}
      </PageHeader>

      <section className={page.section} aria-labelledby="download-chromatof">
        <h2 id="download-chromatof">{m.downloadChromatof}</h2>
        <Form method="post" className={styles.form} noValidate onSubmit={onSubmit}>
          <Field
            key={remembered}
            defaultValue={remembered}
            inputRef={input}
            onKeyDown={onKeyDown}
            id="key-id"
            label={keyIdLabel}
            name={KEY_ID_FIELD}
            // Never in an address, not even the fragment a language switch carries input in (decision 061).
            data-carry="no"
            autoComplete="off"
            spellCheck={false}
            required
            error={outcome?.kind === 'missing' ? m.enterKeyId : undefined}
            action={
              <Button type="submit" disabled={submitting}>
                {m.findDownloads}
              </Button>
            }
          />
        </Form>
        <div className={styles.where}>
          <HelpDialog label={whereIsThis} title={m.whereIsMyKeyId}>
            <p>{m.keyIdInAboutDialog}</p>
            <p>{m.keyIdOnCertificate}</p>
          </HelpDialog>
          {remembered && <ForgetId idKind="key" />}
        </div>
        <div role="status" className={styles.status}>
          {submitting && <p className={styles.note}>{m.finding}</p>}
          {outcome?.kind === 'ok' && outcome.data === null && <p className={styles.note}>{m.noDownloads}</p>}
        </div>
        {outcome?.kind === 'rejected' && (
          <RejectedId message={outcome.message} idName="key ID" where={<KeyIdWhere />} />
        )}
        {outcome?.kind === 'failed' && <FailureAlert failure={outcome} />}
        {outcome?.kind === 'ok' && outcome.data !== null && (
          <>
            <LookupRecord idLabel={keyIdLabel} lookup={outcome.lookup} />
            <DownloadList downloads={outcome.data} />
            <FollowUpdates idName="key ID" authorization={keyIdAuthorization(outcome.lookup.id)} />
          </>
        )}
      </section>

      <section className={page.section} aria-labelledby="chromatof-pibs">
        <h2 id="chromatof-pibs">{m.productInformationBulletins}</h2>
        <p>
          <LocalLink to={href('chromatofPibs')}>{m.findPibs}</LocalLink>
        </p>
      </section>
    </TwoColumns>
  );
}

function DownloadList({ downloads }: { downloads: DownloadEntry[] }) {
  return (
    <ul className={`${lookup.results} ${styles.downloads}`} aria-label={m.downloads}>
      {downloads.map((download) => (
        <DownloadItem
          key={download.url}
          name={download.name}
          // The label the maker gave the file, as published.
          nameLanguage="en"
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
