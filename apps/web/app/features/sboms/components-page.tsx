import {
  allows,
  COMPONENT_SEARCH_LIMIT,
  newAdvisoryForReleases,
  SECURITY_ACCESS,
  type ComponentMatch,
  type ComponentSearchResult,
  type ReleaseReference,
} from '@portal/contracts';
import { useId } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { DocumentIcon } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/page-header';
import { Button } from '../../shared/components/ui/button';
import { loadStaffData } from '../../shared/identity/staff-data';
import { useMyRoles } from '../../shared/identity/my-roles';
import { StaffDataView, StaffToolPage, staffToolMeta } from '../../shared/identity/staff-tool-page';
import { DESTINATIONS, href } from '../../shared/navigation/navigation';
import table from '../../styles/data-table.module.css';
import type { Route } from './+types/components-page';
import { getComponents } from './api/get-components';
import styles from './components-page.module.css';

export const meta = () =>
  staffToolMeta(
    DESTINATIONS.serviceComponents,
    'Which published releases ship a component, from their software bills of materials. For company employees.',
  );

/** The search is in the URL (`?q=openssl&version=…`): a reload, Back or a shared link repeats it. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const search = { q: params.get('q')?.trim() ?? '', version: params.get('version')?.trim() ?? '' };
  if (search.q === '') return { search, result: null };
  return { search, result: await loadStaffData(request, (signal) => getComponents(search, signal)) };
}
// Staff screens are browser-only pages: their loader runs when the page is opened.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageHeader title={DESTINATIONS.serviceComponents.title} icon={DocumentIcon} />;
}

export default function ComponentsPage({ loaderData }: Route.ComponentProps) {
  const { search, result } = loaderData;
  const busy = useNavigation().state === 'loading';
  return (
    <StaffToolPage destination={DESTINATIONS.serviceComponents} icon={DocumentIcon} result={result ?? undefined}>
      <p className={styles.lead}>
        Every published release whose software bill of materials lists a component: search by the start of its name or
        of its package URL, and narrow by a version or a version range.
      </p>
      <SearchForm search={search} busy={busy} />
      <div aria-live="polite" aria-busy={busy}>
        {busy ? (
          <p>Searching the releases…</p>
        ) : result === null ? null : (
          <StaffDataView result={result}>{(found) => <Results found={found} search={search} />}</StaffDataView>
        )}
      </div>
    </StaffToolPage>
  );
}

function SearchForm({ search, busy }: { search: { q: string; version: string }; busy: boolean }) {
  const id = useId();
  return (
    <Form
      method="get"
      role="search"
      aria-label="Search components"
      className={styles.search}
      key={JSON.stringify(search)}
    >
      <div className={styles.field}>
        <label htmlFor={`${id}-q`} className={styles.label}>
          Component
        </label>
        <input
          id={`${id}-q`}
          name="q"
          required
          maxLength={200}
          className={styles.input}
          defaultValue={search.q}
          placeholder="openssl, or pkg:generic/openssl"
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-version`} className={styles.label}>
          Version
        </label>
        <input
          id={`${id}-version`}
          name="version"
          maxLength={200}
          className={styles.input}
          defaultValue={search.version}
          placeholder="3.0.13, or vers:generic/>=3.0.0|<3.0.14"
          aria-describedby={`${id}-version-hint`}
          autoComplete="off"
          spellCheck={false}
        />
        <p id={`${id}-version-hint`} className={styles.hint}>
          Optional: an exact version, or a VERS range.
        </p>
      </div>
      <Button type="submit" disabled={busy}>
        Search
      </Button>
    </Form>
  );
}

/** Where a release's files are listed for staff. */
function filesPage(reference: ReleaseReference): string {
  switch (reference.kind) {
    case 'cornerstone':
      return href('serviceReleases');
    case 'chromatof':
      return href('serviceChromatofReleases');
    case 'firmware':
      return href(
        reference.instrument === 'PX' ? 'pxFirmware' : reference.instrument === 'MX' ? 'mxFirmware' : 'cxFirmware',
      );
  }
}

function Results({ found, search }: { found: ComponentSearchResult; search: { q: string; version: string } }) {
  const { matches, truncated } = found;
  const me = useMyRoles();
  // Drafting an advisory is the security role's; the advisory screen would refuse anyone else.
  const mayDraftAdvisories = me?.kind === 'ok' && allows(me.data.roles, SECURITY_ACCESS);
  if (matches.length === 0) {
    return (
      <p className={styles.results}>
        No published release lists a component starting with “{search.q}”{search.version ? ` at ${search.version}` : ''}
        .
      </p>
    );
  }
  const releases = new Map<string, ReleaseReference>(
    matches.map((match) => [match.release.key, match.release.reference]),
  );
  return (
    <div className={styles.results}>
      <p>
        {matches.length} {matches.length === 1 ? 'component' : 'components'} in {releases.size}{' '}
        {releases.size === 1 ? 'release' : 'releases'}.
        {truncated && ` Only the first ${COMPONENT_SEARCH_LIMIT} are shown: narrow the search.`}
      </p>
      {mayDraftAdvisories && (
        <p>
          {/* The advisory screen opens a draft with these releases as affected. */}
          <Link to={newAdvisoryForReleases([...releases.values()])}>Draft an advisory for these releases</Link>
        </p>
      )}
      <div className={table.scroller} role="region" aria-label="Components found" tabIndex={0}>
        <table className={table.table}>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Release</th>
              <th scope="col">Component</th>
              <th scope="col">Version</th>
              <th scope="col">Package URL</th>
              <th scope="col">Files</th>
            </tr>
          </thead>
          <tbody>
            {matches.map((match, index) => (
              <MatchRow key={`${match.release.key} ${index}`} match={match} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function MatchRow({ match }: { match: ComponentMatch }) {
  return (
    <tr>
      <td>{match.product}</td>
      <th scope="row">
        {match.release.label}
        {match.release.withdrawn && <span className={styles.withdrawn}> (withdrawn)</span>}
      </th>
      <td>{match.name}</td>
      <td>{match.version ?? '—'}</td>
      <td className={styles.purl}>{match.purl ? <code>{match.purl}</code> : '—'}</td>
      <td>
        <Link to={filesPage(match.release.reference)}>
          Files<span className={styles.visuallyHidden}> of {match.release.label}</span>
        </Link>
      </td>
    </tr>
  );
}
