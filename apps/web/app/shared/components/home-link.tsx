import { goHome } from '../i18n/site.messages';
import { LocalLink } from '../i18n/local-link';
import { href } from '../navigation/navigation';

/** The way out of every page that failed or does not exist. */
export function HomeLink() {
  return <LocalLink to={href('home')}>{goHome}</LocalLink>;
}
