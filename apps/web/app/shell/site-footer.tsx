import { Link } from 'react-router';
import { makerName } from '../shared/maker-name';
import { DESTINATIONS } from '../shared/navigation/navigation';
import styles from './site-footer.module.css';

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <p>
        © {new Date().getFullYear()} {makerName()}
      </p>
      <Link to={DESTINATIONS.security.url}>Security advisories</Link>
      <Link to={DESTINATIONS.privacy.url}>Privacy</Link>
    </footer>
  );
}
