import { ExternalLink } from '../../shared/components/external-link';
import { HelpDialog } from '../../shared/components/help-dialog';
import { DESTINATIONS } from '../../shared/navigation/navigation';
import { pageMeta } from '../../shared/page-meta';
import { SITE_LINKS } from '../../shared/site-links';
import page from '../../styles/page.module.css';
import styles from './mobile-page.module.css';

export const meta = () =>
  pageMeta(
    DESTINATIONS.cornerstoneMobile.title,
    'Cornerstone Mobile for iOS, Android and Microsoft: watch and run your instrument from a phone or tablet.',
  );

const STORES = [
  { name: 'App Store', platform: 'iOS', href: SITE_LINKS.appStore },
  { name: 'Google Play', platform: 'Android', href: SITE_LINKS.googlePlay },
  { name: 'Microsoft Store', platform: 'Windows', href: SITE_LINKS.microsoftStore },
];

export default function MobilePage() {
  return (
    <>
      <h1>{DESTINATIONS.cornerstoneMobile.title}</h1>
      <p className={page.lead}>
        Follow your instrument&apos;s status and results from a phone or tablet. Cornerstone Mobile is sold per
        instrument by subscription.
      </p>
      {/* A <dialog> may not sit inside a <p>: the browser would split the prerendered paragraph. */}
      <div className={page.section}>
        <HelpDialog label="More details" title="Cornerstone Mobile subscriptions">
          <p>
            Cornerstone Mobile is sold per instrument, by subscription, in one- or three-year terms. One subscription
            covers every phone and tablet your laboratory uses with that instrument.
          </p>
          <p>To subscribe or renew, contact your sales or service representative.</p>
        </HelpDialog>
      </div>

      <section className={page.section} aria-labelledby="stores">
        <h2 id="stores">Get the app</h2>
        <ul className={styles.stores}>
          {STORES.map((store) => (
            <li key={store.name}>
              <ExternalLink href={store.href} className={styles.store}>
                <span className={styles.platform}>{store.platform}</span>
                <span className={styles.storeName}>{store.name}</span>
              </ExternalLink>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
