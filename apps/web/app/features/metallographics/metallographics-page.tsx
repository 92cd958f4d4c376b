import { TileList } from '../../shared/components/tile-list';
import { DESTINATIONS } from '../../shared/navigation/navigation';
import { pageMeta } from '../../shared/page-meta';
import page from '../../styles/page.module.css';
import { SERIES } from './series';

export const meta = () =>
  pageMeta(
    DESTINATIONS.metallographics.title,
    'Firmware, update instructions and simulators for the PX, MX and CX metallographic series.',
  );

export default function MetallographicsPage() {
  return (
    <>
      <h1>{DESTINATIONS.metallographics.title}</h1>
      <p className={page.lead}>
        Firmware, update instructions and simulators for our metallographic preparation equipment.
      </p>
      <TileList
        tiles={[SERIES.px, SERIES.mx, SERIES.cx].map((series) => ({
          title: series.destination.title,
          to: series.destination.url,
          text: series.summary,
        }))}
      />
    </>
  );
}
