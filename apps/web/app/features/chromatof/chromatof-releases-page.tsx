import type { LatestVersions, LatestVersionsCell } from '@portal/contracts';
import { ChromatofIcon } from '../../shared/components/icons';
import { loadStaffData } from '../../shared/identity/staff-data';
import { StaffDataView, StaffToolPage, staffToolMeta } from '../../shared/identity/staff-tool-page';
import { DESTINATIONS } from '../../shared/navigation/navigation';
import type { Route } from './+types/chromatof-releases-page';
import { getLatestVersions } from './api/get-latest-versions';
import styles from './chromatof-releases-page.module.css';

export const meta = () =>
  staffToolMeta(
    DESTINATIONS.serviceChromatofReleases,
    'The latest released ChromaTOF versions. For company employees and service staff.',
  );

/** Loads only with a bearer (SPEC §4); without one, the sign-in gate shows instead. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadStaffData(request, getLatestVersions);
}
// Staff screens are browser-only pages: their loader runs when the page is opened.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <h1>{DESTINATIONS.serviceChromatofReleases.title}</h1>;
}

export default function ChromatofReleasesPage({ loaderData }: Route.ComponentProps) {
  return (
    <StaffToolPage destination={DESTINATIONS.serviceChromatofReleases} icon={ChromatofIcon} result={loaderData}>
      <StaffDataView result={loaderData}>{(table) => <LatestVersionsTable table={table} />}</StaffDataView>
    </StaffToolPage>
  );
}

function LatestVersionsTable({ table }: { table: LatestVersions }) {
  return (
    // At 360 px the table scrolls sideways within its region, which takes keyboard focus to do so.
    <>
      <p id="latest-versions-title" className={styles.caption}>
        The latest release of each ChromaTOF product
      </p>
      <div className={styles.scroller} role="region" aria-labelledby="latest-versions-title" tabIndex={0}>
        <table className={styles.table} aria-labelledby="latest-versions-title">
          <thead>
            <tr>
              {table.header.map((title) => (
                <th key={title} scope="col">
                  {title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row">
                      <Cell value={cell} />
                    </th>
                  ) : (
                    <td key={index}>
                      <Cell value={cell} />
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** SPEC §2: true shows a check mark, false nothing, anything else as text. */
function Cell({ value }: { value: LatestVersionsCell }) {
  if (value === true) {
    return (
      <span role="img" aria-label="Yes" className={styles.check}>
        ✓
      </span>
    );
  }
  if (value === false || value === null) return null;
  return value;
}
