import { message } from '../../shared/i18n/message';

export const pageNotFound = message('Page not found');
export const notFoundText = message('The page you were looking for cannot be found.');
