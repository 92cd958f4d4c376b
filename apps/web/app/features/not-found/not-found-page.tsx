import { HomeLink } from '../../shared/components/home-link';
import { pageMeta } from '../../shared/page-meta';

const TITLE = 'Page not found';
export const NOT_FOUND_TEXT = 'The page you were looking for cannot be found.';

export const meta = () => pageMeta(TITLE, NOT_FOUND_TEXT);

export default function NotFoundPage() {
  return (
    <>
      <h1>{TITLE}</h1>
      <p>{NOT_FOUND_TEXT}</p>
      <HomeLink />
    </>
  );
}
