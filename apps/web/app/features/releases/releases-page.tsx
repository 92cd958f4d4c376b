import { useLocation, useNavigate, useNavigation } from 'react-router';
import { ReleasesIcon } from '../../shared/components/icons';
import { getBulletins } from '../../shared/api/get-bulletins';
import { Switch } from '../../shared/components/switch';
import { FileLink } from '../../shared/components/file-link';
import { formatDate } from '../../shared/format';
import { loadStaffData } from '../../shared/identity/staff-data';
import { StaffDataView, StaffToolPage, staffToolMeta } from '../../shared/identity/staff-tool-page';
import { DESTINATIONS, href } from '../../shared/navigation/navigation';
import table from '../../styles/data-table.module.css';
import type { Route } from './+types/releases-page';
import { getReleaseDates } from './api/get-release-dates';
import { getVersions } from './api/get-versions';
import { CheckIcon, FileIcon } from './icons';
import { onlyWithDownloads, releaseMatrix, type ReleaseMatrix } from './release-matrix';
import styles from './releases-page.module.css';

export const meta = () =>
  staffToolMeta(
    DESTINATIONS.serviceReleases,
    'Cornerstone releases by family, with their PIBs. For company employees and service staff.',
  );

const SWITCH_LABEL = 'Only show versions with software downloads';

/** The switch lives in the URL, so toggling is a navigation: it loads the data again, and reload and Back keep it. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const only = onlyWithDownloads(new URL(request.url).search);
  const result = await loadStaffData(request, async (signal) => {
    const [versions, pibs, dates] = await Promise.all([
      getVersions(undefined, signal),
      getBulletins(undefined, signal),
      getReleaseDates(signal),
    ]);
    return releaseMatrix(versions, pibs, dates, { onlyWithDownloads: only });
  });
  return { onlyWithDownloads: only, result };
}
// Staff screens are browser-only pages: their loader runs when the page is opened.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <h1>{DESTINATIONS.serviceReleases.title}</h1>;
}

export default function ReleasesPage({ loaderData }: Route.ComponentProps) {
  const { result } = loaderData;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // While the switch's navigation loads, it already shows where it is going.
  const pending = useNavigation().location;
  const on = pending?.pathname === pathname ? onlyWithDownloads(pending.search) : loaderData.onlyWithDownloads;

  return (
    <StaffToolPage destination={DESTINATIONS.serviceReleases} icon={ReleasesIcon} result={result}>
      <p className={styles.lead}>
        Which Cornerstone versions each product family may install, with their Product Information Bulletins and release
        dates.
      </p>
      <Switch
        label={SWITCH_LABEL}
        checked={on}
        onChange={(checked) =>
          void navigate(href('serviceReleases', checked ? {} : { onlyWithDownloads: 'false' }), {
            preventScrollReset: true,
          })
        }
      />
      <StaffDataView result={result}>{(matrix) => <Matrix matrix={matrix} />}</StaffDataView>
      <Legend />
    </StaffToolPage>
  );
}

function Matrix({ matrix }: { matrix: ReleaseMatrix }) {
  if (matrix.rows.length === 0) return <p className={styles.empty}>No versions to show.</p>;
  return (
    <div className={table.scroller} role="region" aria-labelledby="release-matrix-caption" tabIndex={0}>
      <table className={table.table}>
        <caption id="release-matrix-caption">Cornerstone versions by family</caption>
        <thead>
          <tr>
            <th scope="col">Version</th>
            {matrix.families.map((family) => (
              <th scope="col" key={family} className={styles.family}>
                {family}
              </th>
            ))}
            <th scope="col">PIBs</th>
            <th scope="col">Release date</th>
          </tr>
        </thead>
        <tbody>
          {matrix.rows.map((row) => (
            <tr key={row.version}>
              <th scope="row">{row.version}</th>
              {matrix.families.map((family) => (
                <td key={family} className={styles.available}>
                  {row.availableTo.has(family) ? (
                    <>
                      <CheckIcon className={styles.check} />
                      <span className={styles.visuallyHidden}>available</span>
                    </>
                  ) : null}
                </td>
              ))}
              <td>
                {row.pibs.length > 0 ? (
                  <ul className={styles.pibs}>
                    {row.pibs.map((pib) => (
                      <li key={pib.internalVariant}>
                        <FileLink href={pib.uri} inline={pib.file.inline} className={styles.pib}>
                          <FileIcon />
                          <span className={styles.visuallyHidden}>PIB of Cornerstone {row.version}, </span>
                          {pib.variant}
                        </FileLink>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </td>
              <td className={styles.date}>{formatDate(row.releaseDate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Legend() {
  return (
    <section aria-labelledby="release-legend">
      <h2 id="release-legend">Legend</h2>
      <dl className={styles.legend}>
        <div>
          <dt>
            <CheckIcon className={styles.legendCheck} />
            <span className={styles.visuallyHidden}>Check mark</span>
          </dt>
          <dd>The version is available to the family.</dd>
        </div>
        <div>
          <dt>
            <FileIcon />
            <span className={styles.visuallyHidden}>File icon</span>
          </dt>
          <dd>Downloads the Product Information Bulletin (PIB) of the version, for the variant named beside it.</dd>
        </div>
      </dl>
    </section>
  );
}
