import { SERIES } from './series';
import { SeriesPage, seriesMeta } from './series-page';

export const meta = () => seriesMeta(SERIES.mx);

export default function MxPage() {
  return <SeriesPage series={SERIES.mx} />;
}
