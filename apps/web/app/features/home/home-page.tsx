import { makerName } from '../../shared/maker-name';
import { DESTINATIONS } from '../../shared/navigation/navigation';
import { TileList } from '../../shared/components/tile-list';
import { pageMeta } from '../../shared/page-meta';
import page from '../../styles/page.module.css';

export const meta = () =>
  pageMeta(undefined, 'Installers, bulletins, validation documents and firmware for your instruments.');

const TILES = [
  {
    title: 'Cornerstone',
    to: DESTINATIONS.cornerstone.url,
    text: 'Instrument software: web and offline installers, Product Information Bulletins and validation documents.',
  },
  {
    title: 'ChromaTOF',
    to: DESTINATIONS.chromatof.url,
    text: 'Mass spectrometry software and its Product Information Bulletins.',
  },
  {
    title: 'Cornerstone Mobile',
    to: DESTINATIONS.cornerstoneMobile.url,
    text: 'Apps for iOS, Android and Microsoft, by subscription per instrument.',
  },
  {
    title: 'Metallographics',
    to: DESTINATIONS.metallographics.url,
    text: 'Firmware and update instructions for the MX, PX and CX series.',
  },
];

export default function HomePage() {
  return (
    <>
      <h1>{makerName()} Software</h1>
      <p className={page.lead}>Software, installers, bulletins and firmware for your instruments.</p>
      <TileList tiles={TILES} />
    </>
  );
}
