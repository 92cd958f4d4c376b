import { HOME_NEWS_PATH, type HomeNews } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** The home page's "What's new" as data (public): read only when Home is reached from another page. */
export function getHomeNews(signal: AbortSignal): Promise<HomeNews> {
  return apiRequest<HomeNews>({ path: HOME_NEWS_PATH, signal });
}
