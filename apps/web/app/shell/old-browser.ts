/**
 * The Internet Explorer version a user agent string names, old Edge (EdgeHTML, "Edge/12"
 * to "Edge/18") included so that it counts as 12 and up; undefined for every other
 * browser, Chromium-based Edge ("Edg/") among them.
 */
export function internetExplorerVersion(userAgent: string): number | undefined {
  const msie = /MSIE (\d+)\./.exec(userAgent);
  if (msie) return Number(msie[1]);
  if (/Trident\//.test(userAgent)) {
    const rv = /rv:(\d+)\./.exec(userAgent);
    return rv ? Number(rv[1]) : 11;
  }
  const edge = /Edge\/(\d+)\./.exec(userAgent);
  if (edge) return Number(edge[1]);
  return undefined;
}

/** SPEC §9: the notice is for Internet Explorer below version 12. */
export const OLDEST_SUPPORTED_IE_VERSION = 12;

export function isOutdatedInternetExplorer(userAgent: string): boolean {
  const version = internetExplorerVersion(userAgent);
  return version !== undefined && version < OLDEST_SUPPORTED_IE_VERSION;
}
