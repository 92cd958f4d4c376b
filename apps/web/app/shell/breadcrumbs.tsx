import { Link } from 'react-router';
import { breadcrumbTrail } from '../shared/navigation/navigation';
import styles from './breadcrumbs.module.css';
import { useShellPathname } from './use-shell-pathname';

/** The trail from Home to the current page; not shown on Home itself. */
export function Breadcrumbs() {
  const pathname = useShellPathname();
  const trail = breadcrumbTrail(pathname);
  if (trail.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
      <ol>
        {trail.map((destination, index) =>
          index === trail.length - 1 ? (
            <li key={destination.url} aria-current="page">
              {destination.title}
            </li>
          ) : (
            <li key={destination.url}>
              <Link to={destination.url}>{destination.title}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
