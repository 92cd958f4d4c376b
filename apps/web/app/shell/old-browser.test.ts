import { describe, expect, it } from 'vitest';
import { internetExplorerVersion, isOutdatedInternetExplorer } from './old-browser';

const AGENTS = {
  ie9: 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)',
  ie10: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  edge12:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/42.0.2311.135 Safari/537.36 Edge/12.10136',
  edge18:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19582',
  chromiumEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  firefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
};

describe('Internet Explorer detection', () => {
  it('reads the version of Internet Explorer and of old Edge', () => {
    expect(internetExplorerVersion(AGENTS.ie9)).toBe(9);
    expect(internetExplorerVersion(AGENTS.ie11)).toBe(11);
    expect(internetExplorerVersion(AGENTS.edge12)).toBe(12);
    expect(internetExplorerVersion(AGENTS.edge18)).toBe(18);
    expect(internetExplorerVersion(AGENTS.chromiumEdge)).toBeUndefined();
  });

  it('flags Internet Explorer below 12 only', () => {
    expect(isOutdatedInternetExplorer(AGENTS.ie9)).toBe(true);
    expect(isOutdatedInternetExplorer(AGENTS.ie10)).toBe(true);
    expect(isOutdatedInternetExplorer(AGENTS.ie11)).toBe(true);
    expect(isOutdatedInternetExplorer(AGENTS.edge12)).toBe(false);
    expect(isOutdatedInternetExplorer(AGENTS.edge18)).toBe(false);
    expect(isOutdatedInternetExplorer(AGENTS.chromiumEdge)).toBe(false);
    expect(isOutdatedInternetExplorer(AGENTS.firefox)).toBe(false);
  });
});
