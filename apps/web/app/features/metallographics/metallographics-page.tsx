import { MetallographicsIcon } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/page-header';
import { TileList } from '../../shared/components/tile-list';
import { DESTINATIONS } from '../../shared/navigation/navigation';
import { pageMeta } from '../../shared/page-meta';
import { SERIES } from './series';

export const meta = () =>
  pageMeta(
    DESTINATIONS.metallographics.title,
    'Firmware, update instructions and simulators for the PX, MX and CX metallographic series.',
  );

export default function MetallographicsPage() {
  return (
    <>
      <PageHeader title={DESTINATIONS.metallographics.title} icon={MetallographicsIcon}>
        Firmware, update instructions and simulators for our metallographic preparation equipment.
      </PageHeader>
      <TileList
        tiles={[SERIES.px, SERIES.mx, SERIES.cx].map((series) => ({
          title: series.destination.title,
          to: series.destination.url,
          text: series.summary,
          icon: series.icon,
        }))}
      />
    </>
  );
}
