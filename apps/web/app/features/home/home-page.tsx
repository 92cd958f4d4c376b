import { siteName } from '../../shared/maker-name';
import { DESTINATIONS, href } from '../../shared/navigation/navigation';
import { ChromatofIcon, CornerstoneIcon, MetallographicsIcon, MobileIcon } from '../../shared/components/icons';
import { TileList } from '../../shared/components/tile-list';
import { pageMeta } from '../../shared/page-meta';
import page from '../../styles/page.module.css';

export const meta = () =>
  pageMeta(undefined, 'Installers, bulletins, validation documents and firmware for your instruments.');

const TILES = [
  {
    title: DESTINATIONS.cornerstone.title,
    to: href('cornerstone'),
    icon: CornerstoneIcon,
    text: 'Instrument software: web and offline installers, Product Information Bulletins and validation documents.',
  },
  {
    title: DESTINATIONS.chromatof.title,
    to: href('chromatof'),
    icon: ChromatofIcon,
    text: 'Mass spectrometry software and its Product Information Bulletins.',
  },
  {
    title: DESTINATIONS.cornerstoneMobile.title,
    to: href('cornerstoneMobile'),
    icon: MobileIcon,
    text: 'Apps for iOS, Android and Microsoft, by subscription per instrument.',
  },
  {
    title: DESTINATIONS.metallographics.title,
    to: href('metallographics'),
    icon: MetallographicsIcon,
    text: 'Firmware and update instructions for the MX, PX and CX series.',
  },
];

export default function HomePage() {
  return (
    <>
      <h1>{siteName()}</h1>
      <p className={page.lead}>Software, installers, bulletins and firmware for your instruments.</p>
      <TileList tiles={TILES} />
    </>
  );
}
