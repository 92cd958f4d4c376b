import { message } from '../shared/i18n/message';

/** A link for keyboard users, first on every page, to skip the navigation. */
export const skipToContent = message('Skip to content');
/** The button that opens the site menu on a narrow screen. */
export const menu = message('Menu');
/** Accessible name of the main navigation. */
export const mainNavigation = message('Main');
/** Accessible name of the breadcrumb trail. */
export const breadcrumb = message('Breadcrumb');
/** Accessible name of the list of the languages a page is offered in. */
export const languages = message('Languages');
export const securityAdvisories = message('Security advisories');
