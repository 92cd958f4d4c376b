import { LocalLink } from '../shared/i18n/local-link';
import { makerLogoUrl } from '../shared/maker-logo';
import { makerName } from '../shared/maker-name';
import { href } from '../shared/navigation/navigation';
import styles from './brand-mark.module.css';

/**
 * The brand link to home: the maker's logo (MAKER_LOGO) when one is configured, else a
 * wordmark of the maker's name. Both are always in the page and CSS shows one, keyed on
 * the `data-maker-logo` the server wrote, so the prerendered HTML and the hydrated one
 * never differ. The link's name is always "{maker} Software": a wordmark, the same in every
 * language (`translate="no"`), leading to Home in the page's language. fetchPriority="low": otherwise
 * React writes a preload of the logo into every page's head, an empty one without a logo.
 */
export function BrandMark() {
  return (
    <LocalLink className={styles.brand} to={href('home')} translate="no">
      <img className={styles.logo} src={makerLogoUrl()} alt="" height={32} fetchPriority="low" />
      <svg className={styles.mark} viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect x="1" y="1" width="30" height="30" rx="7" fill="currentColor" opacity="0.16" />
        <path
          d="M6 23h20M7 22c3 0 3.5-2 5-9s2-8 2.5-8 1.5 4 2.5 10 1.5 7 3 7 2-5 3-6.5 2 4.5 3 6.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={styles.text}>
        <span className={styles.makerName}>{makerName()}</span> <span className={styles.software}>Software</span>
      </span>
    </LocalLink>
  );
}
