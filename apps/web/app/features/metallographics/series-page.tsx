import { Link } from 'react-router';
import { ExternalLink } from '../../shared/components/external-link';
import { PageHeader } from '../../shared/components/page-header';
import { pageMeta } from '../../shared/page-meta';
import page from '../../styles/page.module.css';
import type { Series } from './series';

export function seriesMeta(series: Series) {
  return pageMeta(
    series.destination.title,
    `${series.destination.title}: ${series.summary} Firmware download and update instructions, and the simulator.`,
  );
}

/** One series: its firmware, simulator and, where it has them, methods manager and product page. */
export function SeriesPage({ series }: { series: Series }) {
  const { links } = series;
  return (
    <>
      <PageHeader title={series.destination.title} icon={series.icon}>
        {series.summary}
      </PageHeader>
      <section className={page.section} aria-labelledby="series-firmware">
        <h2 id="series-firmware">Firmware</h2>
        <p>Download the latest firmware for your {series.shortName} and follow the update instructions.</p>
        <p>
          <Link to={series.firmware.url}>{series.shortName} firmware download and update instructions</Link>
        </p>
      </section>
      <section className={page.section} aria-labelledby="series-tools">
        <h2 id="series-tools">Tools</h2>
        <ul className={page.links}>
          {links.methodsManager && (
            <li>
              <ExternalLink href={links.methodsManager}>{series.shortName} methods manager</ExternalLink>
            </li>
          )}
          <li>
            <ExternalLink href={links.simulator}>{series.shortName} simulator</ExternalLink>
          </li>
          {links.productPage && (
            <li>
              <ExternalLink href={links.productPage}>{series.shortName} product page</ExternalLink>
            </li>
          )}
        </ul>
      </section>
    </>
  );
}
