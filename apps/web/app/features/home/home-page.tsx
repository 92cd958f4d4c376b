import { homeNewsHtml } from '@portal/contracts';
import { Link } from 'react-router';
import { siteName } from '../../shared/maker-name';
import { DESTINATIONS, href, type DestinationName } from '../../shared/navigation/navigation';
import {
  ChromatofIcon,
  CornerstoneIcon,
  MetallographicsIcon,
  MobileIcon,
} from '../../shared/components/icons/tile-icons';
import { TileList } from '../../shared/components/tile-list';
import { pageMeta } from '../../shared/page-meta';
import page from '../../styles/page.module.css';
import type { Route } from './+types/home-page';
import { getHomeNews } from './api/get-home-news';
import { HomeNewsSection, newsOnThisPage } from './home-news';
import styles from './home-page.module.css';

export const meta = () =>
  pageMeta(undefined, 'Installers, bulletins, validation documents and firmware for your instruments.');

/**
 * "What's new" is in the page the server sent (docs/decisions/251): read from there, with no
 * request. Only Home reached from another page asks the server for it; if that fails, the
 * rest of Home still shows.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<{ news: string | null }> {
  const written = newsOnThisPage();
  if (written !== undefined) return { news: written };
  try {
    return { news: homeNewsHtml(await getHomeNews(request.signal)) };
  } catch (error) {
    if (request.signal.aborted) throw error;
    return { news: null };
  }
}
// Run at hydration, where it reads the page: the prerendered page is the fallback, complete.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <HomeView news={newsOnThisPage() ?? null} />;
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  return <HomeView news={loaderData.news} />;
}

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

/** "Find your files": the lookups by what a visitor has in hand, each one click away. */
const FINDERS: readonly {
  id: string;
  title: string;
  text: string;
  links: readonly { name: string; to: DestinationName }[];
}[] = [
  {
    id: 'find-by-registration-id',
    title: 'A registration ID',
    text: "Cornerstone's: in its About box, or on the Software Registration Certificate as 'Copy Protection Key'.",
    links: [
      { name: 'Cornerstone offline installers', to: 'cornerstoneOffline' },
      { name: 'Cornerstone PIBs', to: 'cornerstonePibs' },
      { name: 'Declarations of Software Validation', to: 'cornerstoneDsvs' },
    ],
  },
  {
    id: 'find-by-key-id',
    title: 'A key ID',
    text: "ChromaTOF's: in its About dialog, or on the Software Registration Certificate as 'Copy Protection Key'.",
    links: [
      { name: 'ChromaTOF downloads', to: 'chromatof' },
      { name: 'ChromaTOF PIBs', to: 'chromatofPibs' },
    ],
  },
  {
    id: 'find-by-instrument',
    title: 'An instrument',
    text: 'A metallographic instrument: its firmware and how to update it need no ID.',
    links: [
      { name: 'PX firmware', to: 'pxFirmware' },
      { name: 'MX firmware', to: 'mxFirmware' },
      { name: 'CX firmware', to: 'cxFirmware' },
    ],
  },
];

function HomeView({ news }: { news: string | null }) {
  return (
    <>
      <h1>{siteName()}</h1>
      <p className={page.lead}>Software, installers, bulletins and firmware for your instruments.</p>
      <TileList tiles={TILES} />
      <div className={styles.columns}>
        <HomeNewsSection news={news} />
        <section className={styles.panel} aria-labelledby="find-your-files">
          <h2 id="find-your-files">Find your files</h2>
          <p className={styles.hint}>Start from what you have.</p>
          <ul className={styles.finders}>
            {FINDERS.map((finder) => (
              <li key={finder.id}>
                <h3 id={finder.id}>{finder.title}</h3>
                <p className={styles.hint}>{finder.text}</p>
                <ul className={styles.finderLinks} aria-labelledby={finder.id}>
                  {finder.links.map((link) => (
                    <li key={link.to}>
                      <Link to={href(link.to)}>{link.name}</Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
