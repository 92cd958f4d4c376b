import { HomeLink } from '../../shared/components/home-link';
import { pageMeta } from '../../shared/page-meta';
import { notFoundText, pageNotFound } from './not-found.messages';

export const meta = () => pageMeta(pageNotFound, notFoundText);

export default function NotFoundPage() {
  return (
    <>
      <h1>{pageNotFound}</h1>
      <p>{notFoundText}</p>
      <HomeLink />
    </>
  );
}
