import { LocalLink } from '../shared/i18n/local-link';
import { makerName } from '../shared/maker-name';
import { DESTINATIONS } from '../shared/navigation/navigation';
import { placeName } from '../shared/navigation/place-name';
import { LanguageSwitch } from './language-switch';
import { securityAdvisories } from './shell.messages';
import styles from './site-footer.module.css';

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <LanguageSwitch />
      <p>
        © {new Date().getFullYear()} <span translate="no">{makerName()}</span>
      </p>
      <LocalLink to={DESTINATIONS.security.url}>{securityAdvisories}</LocalLink>
      <LocalLink to={DESTINATIONS.privacy.url}>{placeName(DESTINATIONS.privacy)}</LocalLink>
    </footer>
  );
}
