import { ExternalLink } from '../../shared/components/external-link';
import { PageHeader } from '../../shared/components/page-header';
import { LocalLink } from '../../shared/i18n/local-link';
import { placeName } from '../../shared/navigation/place-name';
import { pageMeta } from '../../shared/page-meta';
import page from '../../styles/page.module.css';
import * as m from './metallographics.messages';
import type { Series } from './series';

export function seriesMeta(series: Series) {
  const title = placeName(series.destination);
  return pageMeta(title, m.seriesDescription({ series: title, summary: series.summary() }));
}

/** One series: its firmware, simulator and, where it has them, methods manager and product page. */
export function SeriesPage({ series }: { series: Series }) {
  const { links } = series;
  const name = { series: series.shortName };
  return (
    <>
      <PageHeader title={placeName(series.destination)} icon={series.icon}>
        {series.summary()}
      </PageHeader>
      <section className={page.section} aria-labelledby="series-firmware">
        <h2 id="series-firmware">{m.firmware}</h2>
        <p>{m.downloadLatestFirmware(name)}</p>
        <p>
          <LocalLink to={series.firmware.url}>{m.firmwareLink(name)}</LocalLink>
        </p>
      </section>
      <section className={page.section} aria-labelledby="series-tools">
        <h2 id="series-tools">{m.tools}</h2>
        <ul className={page.links}>
          {links.methodsManager && (
            <li>
              <ExternalLink href={links.methodsManager}>{m.methodsManager(name)}</ExternalLink>
            </li>
          )}
          <li>
            <ExternalLink href={links.simulator}>{m.simulator(name)}</ExternalLink>
          </li>
          {links.productPage && (
            <li>
              <ExternalLink href={links.productPage}>{m.productPage(name)}</ExternalLink>
            </li>
          )}
        </ul>
      </section>
    </>
  );
}
