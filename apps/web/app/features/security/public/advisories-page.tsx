import { ADVISORY_PATHS, ADVISORY_PRODUCT_PARAM, advisoryPagePath, type AdvisoryListItem } from '@portal/contracts';
import { Form, Link, type LinkDescriptor } from 'react-router';
import { ShieldIcon } from '../../../shared/components/icons';
import { PageHeader } from '../../../shared/components/page-header';
import { buttonClass } from '../../../shared/components/ui/button';
import { formatDate } from '../../../shared/format';
import { DESTINATIONS, href } from '../../../shared/navigation/navigation';
import { FailureAlert } from '../../../shared/outcome/failure-alert';
import { outcomeOf, type Outcome } from '../../../shared/outcome/outcome';
import { pageMeta } from '../../../shared/page-meta';
import { getAdvisories } from '../api/get-advisories';
import { SeverityBadge } from '../shared/severity-badge';
import type { Route } from './+types/advisories-page';
import styles from './security-public.module.css';

const DESCRIPTION =
  'Security advisories and not-affected statements for our software and firmware, newest first, each as a signed CSAF 2.0 document.';

export const meta = () => pageMeta(DESTINATIONS.security.title, DESCRIPTION);
export const links = (): LinkDescriptor[] => [
  { rel: 'alternate', type: 'application/atom+xml', href: ADVISORY_PATHS.feed, title: 'Security advisories' },
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
      <PageHeader title={DESTINATIONS.security.title} icon={ShieldIcon}>
        Every vulnerability we know of in our software and firmware, which versions it affects and how to fix it. Each
        advisory is also a signed CSAF 2.0 document, for the tools that read them.
      </PageHeader>
      <p>
        Found a vulnerability? <Link to={DESTINATIONS.securityPolicy.url}>How to report it</Link>. Follow new advisories
        in a feed reader: <a href={ADVISORY_PATHS.feed}>the advisories feed</a>.
      </p>
      {load === undefined ? (
        <p role="status">Loading the advisories…</p>
      ) : (
        <>
          <ProductFilter products={load.products} product={load.product} />
          {load.outcome.kind !== 'ok' ? (
            <FailureAlert failure={load.outcome} />
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
    <Form method="get" className={styles.filter} aria-label="Filter by product">
      <label htmlFor="advisory-product">Product</label>
      <select
        id="advisory-product"
        className={styles.filterSelect}
        name={ADVISORY_PRODUCT_PARAM}
        defaultValue={product ?? ''}
        key={product ?? ''}
      >
        <option value="">Every product</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
      <button type="submit" className={buttonClass('secondary')}>
        Show
      </button>
      {product !== undefined && <Link to={href('security')}>Show every product</Link>}
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
    return <p>{product === undefined ? 'No advisory is published.' : `No advisory names ${product}.`}</p>;
  }
  return (
    <ul className={styles.list} aria-label={product === undefined ? 'Advisories' : `Advisories for ${product}`}>
      {advisories.map((advisory) => (
        <li key={advisory.advisoryId} className={styles.item}>
          <h2 className={styles.itemTitle}>
            <Link to={advisoryPagePath(advisory.advisoryId)}>
              {advisory.advisoryId}: {advisory.title}
            </Link>
          </h2>
          <p className={styles.itemFacts}>
            {advisory.kind === 'vex' ? (
              <span className={styles.kind}>Not affected (VEX)</span>
            ) : (
              <SeverityBadge severity={advisory.severity} baseScore={advisory.baseScore} />
            )}
            <span>{advisory.products.join(', ')}</span>
            {advisory.cves.length > 0 && <span>{advisory.cves.join(', ')}</span>}
            <span>
              Published <time dateTime={advisory.initialReleaseDate}>{formatDate(advisory.initialReleaseDate)}</time>
              {advisory.version !== '1' && (
                <>
                  , revised{' '}
                  <time dateTime={advisory.currentReleaseDate}>{formatDate(advisory.currentReleaseDate)}</time>
                </>
              )}
            </span>
            <a href={advisory.csafUrl}>
              CSAF JSON<span className={styles.visuallyHidden}> of {advisory.advisoryId}</span>
            </a>
          </p>
        </li>
      ))}
    </ul>
  );
}
