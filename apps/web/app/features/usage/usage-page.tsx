import { DISK_WORDS, USAGE_RANGE_DAYS, type UsageRangeDays, type UsageReport } from '@portal/contracts';
import { ChartIcon } from '../../shared/components/icons';
import { Alert } from '../../shared/components/ui/alert';
import { formatCount, formatFileSize } from '../../shared/format';
import { useId } from 'react';
import { Link } from 'react-router';
import { loadStaffData } from '../../shared/identity/staff-data';
import { StaffDataView, StaffToolPage, staffToolMeta } from '../../shared/identity/staff-tool-page';
import { DESTINATIONS, href } from '../../shared/navigation/navigation';
import page from '../../styles/page.module.css';
import type { Route } from './+types/usage-page';
import { getUsage } from './api/get-usage';
import { UsageChart } from './usage-chart';
import { usageFigures, type Figure } from './usage-figures';
import styles from './usage-page.module.css';

export const meta = () =>
  staffToolMeta(
    DESTINATIONS.serviceUsage,
    'Anonymous page views, downloads, lookups, feed fetches and errors per day.',
  );

function rangeOf(request: Request): UsageRangeDays {
  const days = Number(new URL(request.url).searchParams.get('days'));
  return USAGE_RANGE_DAYS.find((range) => range === days) ?? USAGE_RANGE_DAYS[0];
}

/** Loads only with a sign-in; the range is in the URL (`?days=30`). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const days = rangeOf(request);
  return { days, result: await loadStaffData(request, (signal) => getUsage(days, signal)) };
}

/** Signing in on this screen loads the figures (StaffToolPage); signing out hides them. */
export default function UsagePage({ loaderData }: Route.ComponentProps) {
  return (
    <StaffToolPage destination={DESTINATIONS.serviceUsage} icon={ChartIcon} result={loaderData.result}>
      <p className={page.lead}>
        Counted anonymously: no person, address or ID is recorded. Days are UTC; downloads come from the download
        records, feed fetches from the feeds&apos; daily counts, the rest from the browser&apos;s usage reports.
      </p>
      <nav aria-label="Date range">
        <ul className={styles.ranges}>
          {USAGE_RANGE_DAYS.map((days) => (
            <li key={days}>
              <Link
                to={href('serviceUsage', { days: String(days) })}
                aria-current={days === loaderData.days ? 'page' : undefined}
              >
                Last {days} days
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <StaffDataView result={loaderData.result}>{(report) => <UsageFigures report={report} />}</StaffDataView>
    </StaffToolPage>
  );
}

function UsageFigures({ report }: { report: UsageReport }) {
  return (
    <>
      <DiskSpace disks={report.disks} />
      {usageFigures(report).map((figure) => (
        <FigureSection key={figure.id} figure={figure} />
      ))}
      <section className={page.section} aria-labelledby="top-versions">
        <h2 id="top-versions">Most downloaded versions</h2>
        <NumbersTable
          caption={`The ${report.topVersions.length} most downloaded in the last ${report.days} days`}
          columns={['Product', 'Version', 'Downloads']}
          rows={report.topVersions.map((row) => [row.product, row.version, row.downloads])}
        />
      </section>
      {!report.errors && <p>Errors are not reported: REPORT_ERRORS is off.</p>}
      <DroppedLine dropped={report.telemetryDropped} />
    </>
  );
}

/**
 * The disks the portal writes, with a warning above them when one is low (below a tenth of
 * it or 1 GiB): the operator hears of a full disk before a publisher meets it.
 */
function DiskSpace({ disks }: { disks: UsageReport['disks'] }) {
  const low = disks.filter((disk) => disk.low);
  return (
    <section className={page.section} aria-labelledby="disk-space">
      <h2 id="disk-space">Disk space</h2>
      {low.length > 0 && (
        <Alert tone="warning">
          Low on space:{' '}
          {low.map((disk) => `the ${DISK_WORDS[disk.name]} has ${formatFileSize(disk.freeBytes)} free`).join('; ')}. An
          upload that does not fit there is refused: free space on that disk (docs/operations.md, &ldquo;When things
          fail&rdquo;).
        </Alert>
      )}
      <NumbersTable
        caption="Free space of each disk the portal writes, now"
        columns={['Disk', 'Free', 'Size']}
        rows={disks.map((disk) => [
          // The words are written for the middle of a sentence; a table's row starts one.
          capitalised(DISK_WORDS[disk.name]),
          formatFileSize(disk.freeBytes),
          formatFileSize(disk.sizeBytes),
        ])}
      />
    </section>
  );
}

/** Events the server did not store to keep its disk safe (docs/telemetry.md): a small line, so no one misreads a dip. */
function DroppedLine({ dropped }: { dropped: UsageReport['telemetryDropped'] }) {
  const total = dropped.overBudget + dropped.lowDisk;
  if (total === 0) return <p>No telemetry events were dropped over budget in this range.</p>;
  const parts = [
    dropped.overBudget > 0 ? `${formatCount(dropped.overBudget)} over the daily budgets` : '',
    dropped.lowDisk > 0 ? `${formatCount(dropped.lowDisk)} while the disk was low` : '',
  ].filter(Boolean);
  return (
    <p>
      {formatCount(total)} telemetry {total === 1 ? 'event was' : 'events were'} dropped in this range (
      {parts.join(', ')}); the figures above do not count {total === 1 ? 'it' : 'them'}.
    </p>
  );
}

function FigureSection({ figure }: { figure: Figure }) {
  return (
    <section className={styles.figure} aria-labelledby={figure.id}>
      <h2 id={figure.id}>{figure.title}</h2>
      <UsageChart figure={figure} />
      <NumbersTable caption={`${figure.title}, days with any`} columns={figure.columns} rows={figure.rows} />
    </section>
  );
}

function NumbersTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly (string | number)[][];
}) {
  const captionId = useId();
  if (rows.length === 0) return <p>Nothing recorded in this range.</p>;
  // The caption stands above the scrolling box, not in it: on a phone the table scrolls
  // sideways, and a caption inside would be cut off at the box's edge.
  return (
    <>
      <p id={captionId} className={styles.caption}>
        {caption}
      </p>
      <div className={styles.tableScroll} tabIndex={0} role="region" aria-labelledby={captionId}>
        <table className={styles.table} aria-labelledby={captionId}>
          <thead>
            <tr>
              {columns.map((column, index) => (
                <th
                  key={column}
                  scope="col"
                  className={typeof rows[0]?.[index] === 'number' ? styles.number : undefined}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.join(' ')}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={index} className={typeof cell === 'number' ? styles.number : undefined}>
                      {cell}
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

function capitalised(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}
