import { LocalLink } from '../../shared/i18n/local-link';
import { siteName } from '../../shared/maker-name';
import { DESTINATIONS as D, href, type DestinationName } from '../../shared/navigation/navigation';
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
import { HomeNewsSection, newsOnThisPage } from './home-news';
import * as m from './home.messages';
import { placeName } from '../../shared/navigation/place-name';
import styles from './home-page.module.css';

export const meta = () => pageMeta(undefined, m.description);

/**
 * "What's new" is in the page the server sent (docs/decisions/251): read from there, with no
 * request. Only Home reached from another page asks the server for it; if that fails, the
 * rest of Home still shows.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<{ news: string | null }> {
  const written = newsOnThisPage();
  if (written !== undefined) return { news: written };
  try {
    // Loaded here, not with Home: Home's first load asks the API for nothing (decision 165).
    const [news, { newsMarkup }] = await Promise.all([
      import('./api/get-home-news').then(({ getHomeNews }) => getHomeNews(request.signal)),
      import('./home-news-markup'),
    ]);
    return { news: newsMarkup(news) };
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

/** SPEC's four tiles. Made as the page renders: prerendering writes each language's words in turn. */
const tiles = () => [
  { title: placeName(D.cornerstone), to: href('cornerstone'), icon: CornerstoneIcon, text: m.cornerstoneTile },
  { title: placeName(D.chromatof), to: href('chromatof'), icon: ChromatofIcon, text: m.chromatofTile },
  { title: placeName(D.cornerstoneMobile), to: href('cornerstoneMobile'), icon: MobileIcon, text: m.mobileTile },
  {
    title: placeName(D.metallographics),
    to: href('metallographics'),
    icon: MetallographicsIcon,
    text: m.metallographicsTile,
  },
];

/** "Find your files": the lookups by what a visitor has in hand, each one click away. */
const finders = (): readonly {
  id: string;
  title: string;
  text: string;
  links: readonly { name: string; to: DestinationName }[];
}[] => [
  {
    id: 'find-by-registration-id',
    title: m.aRegistrationId,
    text: m.registrationIdWhere,
    links: [
      { name: m.offlineInstallers, to: 'cornerstoneOffline' },
      { name: m.cornerstonePibs, to: 'cornerstonePibs' },
      { name: m.validationDeclarations, to: 'cornerstoneDsvs' },
    ],
  },
  {
    id: 'find-by-key-id',
    title: m.aKeyId,
    text: m.keyIdWhere,
    links: [
      { name: m.chromatofDownloads, to: 'chromatof' },
      { name: m.chromatofPibs, to: 'chromatofPibs' },
    ],
  },
  {
    id: 'find-by-instrument',
    title: m.anInstrument,
    text: m.instrumentWhere,
    links: [
      { name: m.pxFirmware, to: 'pxFirmware' },
      { name: m.mxFirmware, to: 'mxFirmware' },
      { name: m.cxFirmware, to: 'cxFirmware' },
    ],
  },
];

function HomeView({ news }: { news: string | null }) {
  return (
    <>
      <h1>{siteName()}</h1>
      <p className={page.lead}>{m.lead}</p>
      <TileList tiles={tiles()} />
      <div className={styles.columns}>
        <HomeNewsSection news={news} />
        <section className={styles.panel} aria-labelledby="find-your-files">
          <h2 id="find-your-files">{m.findYourFiles}</h2>
          <p className={styles.hint}>{m.startFromWhatYouHave}</p>
          <ul className={styles.finders}>
            {finders().map((finder) => (
              <li key={finder.id}>
                <h3 id={finder.id}>{finder.title}</h3>
                <p className={styles.hint}>{finder.text}</p>
                <ul className={styles.finderLinks} aria-labelledby={finder.id}>
                  {finder.links.map((link) => (
                    <li key={link.to}>
                      <LocalLink to={href(link.to)}>{link.name}</LocalLink>
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
