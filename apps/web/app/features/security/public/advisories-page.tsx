import { ADVISORY_PATHS, ADVISORY_PRODUCT_PARAM, advisoryPagePath, type AdvisoryListItem } from '@portal/contracts';
import { Form, type LinkDescriptor } from 'react-router';
import { ShieldIcon } from '../../../shared/components/icons';
import { PageHeader } from '../../../shared/components/page-header';
import { buttonClass } from '../../../shared/components/ui/button';
import { formatDate } from '../../../shared/format';
import { LocalLink } from '../../../shared/i18n/local-link';
import { englishMark } from '../../../shared/i18n/page-language';
import { DESTINATIONS, href } from '../../../shared/navigation/navigation';
import { placeName } from '../../../shared/navigation/place-name';
import { FailureAlert } from '../../../shared/outcome/failure-alert';
import { outcomeOf, type Outcome } from '../../../shared/outcome/outcome';
import { pageMeta } from '../../../shared/page-meta';
import { getAdvisories } from '../api/get-advisories';
import { SeverityBadge } from '../shared/severity-badge';
import { failureInPageLanguage } from '../shared/failure-in-page-language';
import type { Route } from './+types/advisories-page';
import * as m from './advisories.messages';
import styles from './security-public.module.css';

export const meta = () => pageMeta(placeName(DESTINATIONS.security), m.advisoriesDescription);
export const links = (): LinkDescriptor[] => [
  { rel: 'alternate', type: 'application/atom+xml', href: ADVISORY_PATHS.feed, title: m.advisoriesFeedTitle },
];

interface AdvisoriesLoad {
  product: string | undefined;
  outcome: Outcome<readonly AdvisoryListItem[]>;
  /** Every product any advisory names, for the filter: read from the unfiltered list. */
  products: readonly string[];
}

/** The filter lives in the URL (`?product=`): a reload, Back or a shared link show the same list. */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<AdvisoriesLoad> {
  const product = new URL(request.url).searchParams.get(ADVISORY_PRODUCT_PARAM)?.trim() || undefined;
  const { signal } = request;
  const outcome = await outcomeOf(async () => (await getAdvisories({}, signal)).advisories, { signal });
  if (outcome.kind !== 'ok') return { product, outcome, products: [] };
  const products = [...new Set(outcome.data.flatMap((advisory) => advisory.products))].sort();
  if (product === undefined) return { product, outcome, products };
  const filtered = await outcomeOf(async () => (await getAdvisories({ product }, signal)).advisories, { signal });
  return { product, outcome: filtered, products };
}
// The prerendered page is the frame; the list is read when the page is opened.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdvisoriesView />;
}

export default function AdvisoriesPage({ loaderData }: Route.ComponentProps) {
  return <AdvisoriesView load={loaderData} />;
}

function AdvisoriesView({ load }: { load?: AdvisoriesLoad }) {
  return (
    <>
      <PageHeader title={placeName(DESTINATIONS.security)} icon={ShieldIcon}>
        {m.advisoriesLead}
      </PageHeader>
      <p>
        {m.reportAndFollow({
          report: (chunks, key) => (
            <LocalLink key={key} to={DESTINATIONS.securityPolicy.url}>
              {chunks}
            </LocalLink>
          ),
          feed: (chunks, key) => (
            <a key={key} href={ADVISORY_PATHS.feed}>
              {chunks}
            </a>
          ),
        })}
      </p>
      {load === undefined ? (
        <p role="status">{m.loadingAdvisories}</p>
      ) : (
        <>
          <ProductFilter products={load.products} product={load.product} />
          {load.outcome.kind !== 'ok' ? (
            <FailureAlert failure={failureInPageLanguage(load.outcome)} />
          ) : (
            <AdvisoryList advisories={load.outcome.data} product={load.product} />
          )}
        </>
      )}
    </>
  );
}

function ProductFilter({ products, product }: { products: readonly string[]; product: string | undefined }) {
  if (products.length === 0 && product === undefined) return null;
  const choices = product === undefined || products.includes(product) ? products : [...products, product];
  return (
    <Form method="get" className={styles.filter} aria-label={m.filterByProduct}>
      <label htmlFor="advisory-product">{m.product}</label>
      <select
        id="advisory-product"
        className={styles.filterSelect}
        name={ADVISORY_PRODUCT_PARAM}
        defaultValue={product ?? ''}
        key={product ?? ''}
      >
        <option value="">{m.everyProduct}</option>
        {choices.map((choice) => (
          <option key={choice} value={choice} translate="no">
            {choice}
          </option>
        ))}
      </select>
      <button type="submit" className={buttonClass('secondary')}>
        {m.show}
      </button>
      {product !== undefined && <LocalLink to={href('security')}>{m.showEveryProduct}</LocalLink>}
    </Form>
  );
}

function AdvisoryList({
  advisories,
  product,
}: {
  advisories: readonly AdvisoryListItem[];
  product: string | undefined;
}) {
  if (advisories.length === 0) {
    return <p>{product === undefined ? m.noAdvisory : m.noAdvisoryNames({ product })}</p>;
  }
  return (
    <ul className={styles.list} aria-label={product === undefined ? m.advisories : m.advisoriesFor({ product })}>
      {advisories.map((advisory) => (
        <li key={advisory.advisoryId} className={styles.item}>
          <h2 className={styles.itemTitle}>
            <LocalLink to={advisoryPagePath(advisory.advisoryId)}>
              <span translate="no">{advisory.advisoryId}</span>: <span lang={englishMark()}>{advisory.title}</span>
            </LocalLink>
          </h2>
          <p className={styles.itemFacts}>
            {advisory.kind === 'vex' ? (
              <span className={styles.kind}>{m.notAffectedVex}</span>
            ) : (
              <SeverityBadge severity={advisory.severity} baseScore={advisory.baseScore} />
            )}
            <span translate="no">{advisory.products.join(', ')}</span>
            {advisory.cves.length > 0 && <span translate="no">{advisory.cves.join(', ')}</span>}
            <span>
              {m.published({
                firstDate: formatDate(advisory.initialReleaseDate),
                date: (chunks, key) => (
                  <time key={key} dateTime={advisory.initialReleaseDate}>
                    {chunks}
                  </time>
                ),
              })}
              {advisory.version !== '1' &&
                m.revised({
                  lastDate: formatDate(advisory.currentReleaseDate),
                  date: (chunks, key) => (
                    <time key={key} dateTime={advisory.currentReleaseDate}>
                      {chunks}
                    </time>
                  ),
                })}
            </span>
            <a href={advisory.csafUrl}>
              {m.csafJsonOf({
                advisoryId: advisory.advisoryId,
                hidden: (chunks, key) => (
                  <span key={key} className={styles.visuallyHidden}>
                    {chunks}
                  </span>
                ),
              })}
            </a>
          </p>
        </li>
      ))}
    </ul>
  );
}
