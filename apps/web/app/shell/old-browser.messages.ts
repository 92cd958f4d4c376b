import { message } from '../shared/i18n/message';

export const outOfDate = message('Your browser is out of date');
export const useChromeOrFirefox = message(
  'Internet Explorer cannot show every part of this site. Please use Google Chrome or Mozilla Firefox.',
);
export const moreDetails = message('More details');
export const dismiss = message('Dismiss');
export const whyChromeOrFirefox = message('Why Chrome or Firefox?');
export const noLongerUpdated = message(
  'Internet Explorer is no longer updated by Microsoft and lacks the security and web features this site relies on, so downloads, forms and sign-in may not work in it.',
);
export const freeAndUpToDate = message(
  'Google Chrome and Mozilla Firefox are free, kept up to date, and run on every supported version of Windows.',
);
