import { Link } from 'react-router';
import { makerName } from '../../shared/maker-name';
import { pageMeta } from '../../shared/page-meta';
import styles from './home-page.module.css';

export const meta = () =>
  pageMeta(undefined, 'Installers, bulletins, validation documents and firmware for your instruments.');

const TILES = [
  {
    title: 'Cornerstone',
    to: '/cornerstone',
    text: 'Instrument software: web and offline installers, Product Information Bulletins and validation documents.',
  },
  { title: 'ChromaTOF', to: '/chromatof', text: 'Mass spectrometry software and its Product Information Bulletins.' },
  {
    title: 'Cornerstone Mobile',
    to: '/cornerstone/mobile',
    text: 'Apps for iOS, Android and Microsoft, by subscription per instrument.',
  },
  {
    title: 'Metallographics',
    to: '/metallographics',
    text: 'Firmware and update instructions for the MX, PX and CX series.',
  },
] as const;

export default function HomePage() {
  return (
    <>
      <h1>{makerName()} Software</h1>
      <p className={styles.lead}>Software, installers, bulletins and firmware for your instruments.</p>
      <ul className={styles.tiles}>
        {TILES.map((tile) => (
          <li key={tile.to} className={styles.tile}>
            <h2 className={styles.tileTitle}>
              <Link to={tile.to} className={styles.tileLink}>
                {tile.title}
              </Link>
            </h2>
            <p>{tile.text}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
