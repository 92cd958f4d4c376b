import { SERIES } from './series';
import { SeriesPage, seriesMeta } from './series-page';

export const meta = () => seriesMeta(SERIES.cx);

export default function CxPage() {
  return <SeriesPage series={SERIES.cx} />;
}
