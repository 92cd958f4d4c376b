import type { LatestVersions, LatestVersionsCell } from '@portal/contracts';
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { readBearer } from '../../shared/api/api-client';
import { useIdentity } from '../../shared/identity/identity-store';
import {
  StaffScreenError,
  staffScreenFailure,
  type StaffScreenFailure,
} from '../../shared/identity/staff-screen-error';
import { StaffToolPage, staffToolMeta } from '../../shared/identity/staff-tool-page';
import { DESTINATIONS } from '../../shared/navigation/navigation';
import type { Route } from './+types/chromatof-releases-page';
import { getLatestVersions } from './api/get-latest-versions';
import styles from './chromatof-releases-page.module.css';

export const meta = () =>
  staffToolMeta(
    DESTINATIONS.serviceChromatofReleases,
    'The latest released ChromaTOF versions. For company employees and service staff.',
  );

type Loaded =
  { kind: 'signed-out' } | { kind: 'table'; table: LatestVersions } | { kind: 'failed'; failure: StaffScreenFailure };

/** Loads only with a bearer (SPEC §4); without one, the sign-in gate shows instead. */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<Loaded> {
  if (!readBearer()) return { kind: 'signed-out' };
  try {
    return { kind: 'table', table: await getLatestVersions(request.signal) };
  } catch (error) {
    if (request.signal.aborted) throw error;
    return { kind: 'failed', failure: staffScreenFailure(error) };
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <StaffToolPage destination={DESTINATIONS.serviceChromatofReleases}>{null}</StaffToolPage>;
}

export default function ChromatofReleasesPage({ loaderData }: Route.ComponentProps) {
  const identity = useIdentity();
  const { revalidate } = useRevalidator();
  // Signed in after the page loaded (in another tab): load now.
  useEffect(() => {
    if (identity && loaderData.kind === 'signed-out') void revalidate();
  }, [identity, loaderData.kind, revalidate]);

  return (
    <StaffToolPage destination={DESTINATIONS.serviceChromatofReleases}>
      {loaderData.kind === 'table' ? (
        <LatestVersionsTable table={loaderData.table} />
      ) : loaderData.kind === 'failed' ? (
        <StaffScreenError failure={loaderData.failure} />
      ) : null}
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
