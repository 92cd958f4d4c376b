import { pathWithoutLanguage } from '@portal/contracts';
import { LocalLink } from '../shared/i18n/local-link';
import { breadcrumbTrail } from '../shared/navigation/navigation';
import styles from './breadcrumbs.module.css';
import { placeName } from '../shared/navigation/place-name';
import { breadcrumb } from './shell.messages';
import { useShellPathname } from './use-shell-pathname';

/** The trail from Home to the current page; not shown on Home itself. */
export function Breadcrumbs() {
  const trail = breadcrumbTrail(pathWithoutLanguage(useShellPathname()));
  if (trail.length === 0) return null;
  return (
    <nav aria-label={breadcrumb} className={styles.breadcrumbs}>
      <ol>
        {trail.map((destination, index) =>
          index === trail.length - 1 ? (
            <li key={destination.url} aria-current="page">
              {placeName(destination)}
            </li>
          ) : (
            <li key={destination.url}>
              <LocalLink to={destination.url}>{placeName(destination)}</LocalLink>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
