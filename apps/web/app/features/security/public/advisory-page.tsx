import { advisoryPagePath, CSAF_SIGNATURE_SUFFIX, type AdvisoryDetail } from '@portal/contracts';
import { ShieldIcon } from '../../../shared/components/icons';
import { PageHeader } from '../../../shared/components/page-header';
import { Button } from '../../../shared/components/ui/button';
import { LanguageAlternates } from '../../../shared/i18n/language-alternates';
import { LocalLink } from '../../../shared/i18n/local-link';
import { englishMark } from '../../../shared/i18n/page-language';
import { DESTINATIONS, PUBLIC_ADVISORY } from '../../../shared/navigation/navigation';
import { placeName } from '../../../shared/navigation/place-name';
import { FailureAlert } from '../../../shared/outcome/failure-alert';
import { outcomeOf, type Outcome } from '../../../shared/outcome/outcome';
import { pageMeta } from '../../../shared/page-meta';
import { getAdvisory } from '../api/get-advisory';
import { AdvisoryView } from '../shared/advisory-view';
import * as m from '../shared/advisory-view.messages';
import { failureInPageLanguage } from '../shared/failure-in-page-language';
import type { Route } from './+types/advisory-page';
import styles from './security-public.module.css';

export function meta({ loaderData }: Route.MetaArgs) {
  const outcome = loaderData?.outcome;
  const title =
    outcome?.kind === 'ok' ? `${outcome.data.advisoryId}: ${outcome.data.title}` : placeName(PUBLIC_ADVISORY);
  return pageMeta(title, m.description);
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
      <PageHeader title={placeName(PUBLIC_ADVISORY)} icon={ShieldIcon} />
      <p role="status">{m.loadingAdvisory}</p>
    </>
  );
}

/**
 * One advisory, printable as the lookups are: the print stylesheets leave the advisory and
 * its revision history on paper, without the navigation or the buttons. Rendered in the
 * browser, in every language (TRANSLATED_BROWSER_PAGES): the page's own words in the page's
 * language, what staff wrote as written.
 */
export default function AdvisoryPage({ loaderData, params }: Route.ComponentProps) {
  const { outcome } = loaderData;
  const alternates = <LanguageAlternates englishPath={advisoryPagePath(params.advisoryId)} />;
  if (outcome.kind !== 'ok') {
    // An unknown ID, told in the page's language ("No published advisory has this ID." in English)
    // by its error code (or, from an older server, its status).
    const failure =
      outcome.kind === 'failed' && (outcome.code === 'advisory-not-found' || outcome.status === 404)
        ? { ...outcome, message: m.noSuchAdvisory }
        : failureInPageLanguage(outcome);
    return (
      <>
        <PageHeader title={placeName(PUBLIC_ADVISORY)} icon={ShieldIcon} />
        <FailureAlert failure={failure} />
        <p>
          <LocalLink to={DESTINATIONS.security.url}>{m.everyAdvisory}</LocalLink>
        </p>
      </>
    );
  }
  const advisory = outcome.data;
  return (
    <>
      {alternates}
      <PageHeader title={<span lang={englishMark()}>{advisory.title}</span>} icon={ShieldIcon} />
      <div className={styles.documents}>
        <p>
          {m.csafDocument({
            csaf: (chunks, key) => (
              <a key={key} href={advisory.csafUrl}>
                {chunks}
              </a>
            ),
            signature: (chunks, key) => (
              <a key={key} href={`${advisory.csafUrl}${CSAF_SIGNATURE_SUFFIX}`}>
                {chunks}
              </a>
            ),
          })}
        </p>
        <Button variant="secondary" className={styles.printButton} onClick={() => window.print()}>
          {m.printOrSave}
        </Button>
      </div>
      <AdvisoryView advisory={advisory} />
      <p className={styles.back}>
        <LocalLink to={DESTINATIONS.security.url}>{m.everyAdvisory}</LocalLink>
      </p>
    </>
  );
}
