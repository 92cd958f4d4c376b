// In contracts since the home page's "What's new" is written by the server and the browser alike.
export { escapeHtml } from '@portal/contracts';
