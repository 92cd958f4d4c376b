import { Link } from 'react-router';
import { href } from '../navigation/navigation';

/** The way out of every page that failed or does not exist. */
export function HomeLink() {
  return <Link to={href('home')}>Go to the home page</Link>;
}
