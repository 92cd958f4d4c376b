import { ADVISORY_MESSAGES, CSAF_SIGNATURE_SUFFIX, type AdvisoryDetail } from '@portal/contracts';
import { Link } from 'react-router';
import { ShieldIcon } from '../../../shared/components/icons';
import { PageHeader } from '../../../shared/components/page-header';
import { Button } from '../../../shared/components/ui/button';
import { DESTINATIONS, PUBLIC_ADVISORY } from '../../../shared/navigation/navigation';
import { FailureAlert } from '../../../shared/outcome/failure-alert';
import { outcomeOf, type Outcome } from '../../../shared/outcome/outcome';
import { pageMeta } from '../../../shared/page-meta';
import { getAdvisory } from '../api/get-advisory';
import { AdvisoryView } from '../shared/advisory-view';
import type { Route } from './+types/advisory-page';
import styles from './security-public.module.css';

export function meta({ loaderData }: Route.MetaArgs) {
  const outcome = loaderData?.outcome;
  const title = outcome?.kind === 'ok' ? `${outcome.data.advisoryId}: ${outcome.data.title}` : PUBLIC_ADVISORY.title;
  return pageMeta(title, 'A security advisory: what is affected, how severe it is and how to fix it.');
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const outcome: Outcome<AdvisoryDetail> = await outcomeOf(() => getAdvisory(params.advisoryId, request.signal), {
    signal: request.signal,
  });
  return { outcome };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <>
      <PageHeader title={PUBLIC_ADVISORY.title} icon={ShieldIcon} />
      <p role="status">Loading the advisory…</p>
    </>
  );
}

/**
 * One advisory, printable as the lookups are: the print stylesheets leave the advisory and
 * its revision history on paper, without the navigation or the buttons.
 */
export default function AdvisoryPage({ loaderData }: Route.ComponentProps) {
  const { outcome } = loaderData;
  if (outcome.kind !== 'ok') {
    const failure =
      outcome.kind === 'failed' && outcome.status === 404
        ? { ...outcome, message: ADVISORY_MESSAGES.noSuchAdvisory }
        : outcome;
    return (
      <>
        <PageHeader title={PUBLIC_ADVISORY.title} icon={ShieldIcon} />
        <FailureAlert failure={failure} />
        <p>
          <Link to={DESTINATIONS.security.url}>Every advisory</Link>
        </p>
      </>
    );
  }
  const advisory = outcome.data;
  return (
    <>
      <PageHeader title={advisory.title} icon={ShieldIcon} />
      <div className={styles.documents}>
        <p>
          The CSAF 2.0 document: <a href={advisory.csafUrl}>CSAF JSON</a>, its{' '}
          <a href={`${advisory.csafUrl}${CSAF_SIGNATURE_SUFFIX}`}>OpenPGP signature (.asc)</a>.
        </p>
        <Button variant="secondary" className={styles.printButton} onClick={() => window.print()}>
          Print or save as PDF
        </Button>
      </div>
      <AdvisoryView advisory={advisory} />
      <p className={styles.back}>
        <Link to={DESTINATIONS.security.url}>Every advisory</Link>
      </p>
    </>
  );
}
