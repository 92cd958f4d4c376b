import { ExternalLink } from '../../shared/components/external-link';
import { HelpDialog } from '../../shared/components/help-dialog';
import { DESTINATIONS } from '../../shared/navigation/navigation';
import { placeName } from '../../shared/navigation/place-name';
import { pageMeta } from '../../shared/page-meta';
import { SITE_LINKS } from '../../shared/site-links';
import page from '../../styles/page.module.css';
import styles from './mobile-page.module.css';
import * as m from './mobile.messages';

export const meta = () => pageMeta(placeName(DESTINATIONS.cornerstoneMobile), m.description);

const STORES = [
  { name: 'App Store', platform: 'iOS', href: SITE_LINKS.appStore },
  { name: 'Google Play', platform: 'Android', href: SITE_LINKS.googlePlay },
  { name: 'Microsoft Store', platform: 'Windows', href: SITE_LINKS.microsoftStore },
];

export default function MobilePage() {
  return (
    <>
      <h1>{placeName(DESTINATIONS.cornerstoneMobile)}</h1>
      <p className={page.lead}>{m.lead}</p>
      {/* A <dialog> may not sit inside a <p>: the browser would split the prerendered paragraph. */}
      <div className={page.section}>
        <HelpDialog label={m.moreDetails} title={m.subscriptions}>
          <p>{m.subscriptionTerms}</p>
          <p>{m.toSubscribe}</p>
        </HelpDialog>
      </div>

      <section className={page.section} aria-labelledby="stores">
        <h2 id="stores">{m.getTheApp}</h2>
        <ul className={styles.stores}>
          {STORES.map((store) => (
            <li key={store.name}>
              <ExternalLink href={store.href} className={styles.store}>
                <span className={styles.platform} translate="no">
                  {store.platform}
                </span>
                <span className={styles.storeName} translate="no">
                  {store.name}
                </span>
              </ExternalLink>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
