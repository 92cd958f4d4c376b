import {
  advisoryDraftPagePath,
  advisoryPagePath,
  type AdvisoryDraftList,
  type AdvisoryListItem,
} from '@portal/contracts';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { ShieldIcon } from '../../../shared/components/icons';
import { PageHeader } from '../../../shared/components/page-header';
import { buttonClass } from '../../../shared/components/ui/button';
import { formatDate, formatDateTime } from '../../../shared/format';
import { loadStaffData } from '../../../shared/identity/staff-data';
import { StaffDataView, StaffToolPage, staffToolMeta } from '../../../shared/identity/staff-tool-page';
import { DESTINATIONS } from '../../../shared/navigation/navigation';
import { FailureAlert } from '../../../shared/outcome/failure-alert';
import { outcomeOf, type Failure } from '../../../shared/outcome/outcome';
import { getAdvisories } from '../api/get-advisories';
import { getAdvisoryDrafts } from '../api/get-advisory-drafts';
import { reviseAdvisory } from '../api/revise-advisory';
import { SeverityBadge } from '../shared/severity-badge';
import type { Route } from './+types/security-page';
import { newDraftHref } from './new-draft-kind';
import styles from './security-staff.module.css';
import utilities from '../../../styles/utilities.module.css';

export const meta = () =>
  staffToolMeta(
    DESTINATIONS.serviceSecurity,
    'Draft, publish and revise security advisories and not-affected statements. For the security team.',
  );

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const result = await loadStaffData(request, async (signal) => {
    const [{ drafts }, { advisories }] = await Promise.all([getAdvisoryDrafts(signal), getAdvisories({}, signal)]);
    return { drafts, advisories };
  });
  return { result };
}
// Staff screens are browser-only pages: their loader runs when the page is opened.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageHeader title={DESTINATIONS.serviceSecurity.title} icon={ShieldIcon} />;
}

/** Revise: a new draft holding the advisory's current content, then its page. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<{ failure: Failure }> {
  const form = await request.formData();
  const advisoryId = String(form.get('advisoryId') ?? '');
  const outcome = await outcomeOf(() => reviseAdvisory(advisoryId, request.signal), { signal: request.signal });
  if (outcome.kind === 'ok') throw redirect(advisoryDraftPagePath(outcome.data.id));
  return { failure: outcome };
}

export default function SecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <StaffToolPage destination={DESTINATIONS.serviceSecurity} icon={ShieldIcon} result={loaderData.result}>
      <p className={styles.lead}>
        Security advisories and not-affected statements (VEX), published as signed CSAF 2.0 documents and on the{' '}
        <Link to={DESTINATIONS.security.url}>public security page</Link>. The lookups mark every affected version.
      </p>
      <p className={styles.buttons}>
        <Link className={buttonClass()} to={newDraftHref('advisory')}>
          New advisory
        </Link>
        <Link className={buttonClass('secondary')} to={newDraftHref('vex')}>
          New not-affected statement (VEX)
        </Link>
      </p>
      {actionData && <FailureAlert failure={actionData.failure} />}
      <StaffDataView result={loaderData.result}>
        {({ drafts, advisories }) => (
          <>
            <OpenDrafts drafts={drafts} />
            <Published advisories={advisories} />
          </>
        )}
      </StaffDataView>
    </StaffToolPage>
  );
}

function OpenDrafts({ drafts }: { drafts: AdvisoryDraftList['drafts'] }) {
  return (
    <section aria-labelledby="open-drafts">
      <h2 id="open-drafts">Open drafts</h2>
      {drafts.length === 0 ? (
        <p className={styles.muted}>No draft is open.</p>
      ) : (
        <ul className={styles.list}>
          {drafts.map((draft) => (
            <li key={draft.id} className={styles.listItem}>
              <Link to={advisoryDraftPagePath(draft.id)}>{draft.title}</Link>
              <span className={styles.muted}>
                {draft.advisoryId
                  ? `Revision of ${draft.advisoryId}`
                  : draft.kind === 'vex'
                    ? 'New VEX'
                    : 'New advisory'}
                , changed by {draft.updatedBy} on {formatDateTime(draft.updatedAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Published({ advisories }: { advisories: readonly AdvisoryListItem[] }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <section aria-labelledby="published-advisories">
      <h2 id="published-advisories">Published</h2>
      {advisories.length === 0 ? (
        <p className={styles.muted}>Nothing is published yet.</p>
      ) : (
        <ul className={styles.list}>
          {advisories.map((advisory) => (
            <li key={advisory.advisoryId} className={styles.listItem}>
              <span>
                <Link to={advisoryPagePath(advisory.advisoryId)}>
                  {advisory.advisoryId}: {advisory.title}
                </Link>{' '}
                {advisory.kind === 'advisory' && (
                  <SeverityBadge severity={advisory.severity} baseScore={advisory.baseScore} />
                )}
              </span>
              <span className={styles.muted}>
                Revision {advisory.version}, {formatDate(advisory.currentReleaseDate)}
              </span>
              <Form method="post">
                <input type="hidden" name="advisoryId" value={advisory.advisoryId} />
                <button type="submit" className={buttonClass('secondary')} disabled={busy}>
                  Revise<span className={utilities.visuallyHidden}> {advisory.advisoryId}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
