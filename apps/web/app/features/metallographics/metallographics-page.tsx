import { MetallographicsIcon } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/page-header';
import { TileList } from '../../shared/components/tile-list';
import { DESTINATIONS } from '../../shared/navigation/navigation';
import { placeName } from '../../shared/navigation/place-name';
import { pageMeta } from '../../shared/page-meta';
import * as m from './metallographics.messages';
import { SERIES } from './series';

export const meta = () => pageMeta(placeName(DESTINATIONS.metallographics), m.description);

export default function MetallographicsPage() {
  return (
    <>
      <PageHeader title={placeName(DESTINATIONS.metallographics)} icon={MetallographicsIcon}>
        {m.lead}
      </PageHeader>
      <TileList
        tiles={[SERIES.px, SERIES.mx, SERIES.cx].map((series) => ({
          title: placeName(series.destination),
          to: series.destination.url,
          text: series.summary(),
          icon: series.icon,
        }))}
      />
    </>
  );
}
