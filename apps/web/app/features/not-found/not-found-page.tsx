import { Link } from 'react-router';
import { pageMeta } from '../../shared/page-meta';

export const NOT_FOUND_TEXT = 'The page you were looking for cannot be found.';

export const meta = () => pageMeta('Page not found', NOT_FOUND_TEXT);

export default function NotFoundPage() {
  return (
    <>
      <h1>Page not found</h1>
      <p>{NOT_FOUND_TEXT}</p>
      <Link to="/">Go to the home page</Link>
    </>
  );
}
