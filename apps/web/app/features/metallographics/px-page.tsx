import { SERIES } from './series';
import { SeriesPage, seriesMeta } from './series-page';

export const meta = () => seriesMeta(SERIES.px);

export default function PxPage() {
  return <SeriesPage series={SERIES.px} />;
}
