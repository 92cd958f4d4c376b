/**
 * Old addresses of the portal that still arrive from bookmarks, printed manuals and
 * instrument help screens (SPEC §2, Redirects). The server answers them with a permanent
 * redirect; the web app uses the same table for links followed inside the browser.
 */
export const REDIRECTS: ReadonlyArray<{ readonly from: string; readonly to: string }> = [
  { from: '/cornerstone/service', to: '/service' },
  { from: '/cornerstone/service/releases', to: '/service/cornerstone/releases' },
  { from: '/cornerstone/service/products-options', to: '/service/cornerstone/products-options' },
  { from: '/cornerstone/service/service-mode', to: '/service/cornerstone/service-mode' },
  { from: '/cornerstone/service/password-reset', to: '/service/cornerstone/password-reset' },
  { from: '/mx', to: '/metallographics/mx' },
  { from: '/px', to: '/metallographics/px' },
  { from: '/px/firmware', to: '/metallographics/px/firmware' },
];

/**
 * Where an old address now lives, keeping its query string and fragment; undefined when
 * the address is not an old one. A trailing slash and letter case do not matter.
 */
export function redirectTarget(url: string): string | undefined {
  const match = /^([^?#]*)(.*)$/s.exec(url)!;
  const pathname = (match[1]!.replace(/\/+$/, '') || '/').toLowerCase();
  const redirect = REDIRECTS.find(({ from }) => from === pathname);
  return redirect ? `${redirect.to}${match[2]}` : undefined;
}
