/**
 * Addresses outside the portal: the web installer on the content delivery host, the app
 * stores, simulators, the methods manager and the maker's own pages. Each can be set for
 * a build with a VITE_* environment variable (docs/web-app.md lists them); the defaults
 * point at placeholders on example.com, or at store searches, so an unconfigured build
 * never sends a customer to a wrong product.
 */
export interface SeriesLinks {
  simulator: string;
  methodsManager?: string;
  productPage?: string;
}

type Environment = Record<string, string | boolean | undefined>;

export function siteLinks(env: Environment) {
  const configured = (name: string, fallback: string): string => {
    const value = env[name];
    // Only https: these links are followed from pages served over https, often to downloads.
    return typeof value === 'string' && /^https:\/\/\S+$/.test(value.trim()) ? value.trim() : fallback;
  };
  return {
    cornerstoneWebInstaller: configured(
      'VITE_CORNERSTONE_WEB_INSTALLER_URL',
      'https://downloads.example.com/cornerstone/CornerstoneWebInstaller.exe',
    ),
    remoteControlSample: configured(
      'VITE_REMOTE_CONTROL_SAMPLE_URL',
      'https://downloads.example.com/cornerstone/RemoteControlSample.zip',
    ),
    appStore: configured('VITE_MOBILE_APP_STORE_URL', 'https://apps.apple.com/us/search?term=Cornerstone%20Mobile'),
    googlePlay: configured(
      'VITE_MOBILE_GOOGLE_PLAY_URL',
      'https://play.google.com/store/search?q=Cornerstone%20Mobile&c=apps',
    ),
    microsoftStore: configured(
      'VITE_MOBILE_MICROSOFT_STORE_URL',
      'https://apps.microsoft.com/search?query=Cornerstone+Mobile',
    ),
    instrumentService: configured('VITE_INSTRUMENT_SERVICE_URL', 'https://service.example.com/'),
    series: {
      px: {
        simulator: configured('VITE_PX_SIMULATOR_URL', 'https://simulators.example.com/px'),
        methodsManager: configured('VITE_PX_METHODS_MANAGER_URL', 'https://methods.example.com/px'),
        productPage: configured('VITE_PX_PRODUCT_PAGE_URL', 'https://www.example.com/products/metallographics/px'),
      },
      mx: { simulator: configured('VITE_MX_SIMULATOR_URL', 'https://simulators.example.com/mx') },
      cx: { simulator: configured('VITE_CX_SIMULATOR_URL', 'https://simulators.example.com/cx') },
    } satisfies Record<string, SeriesLinks>,
  } as const;
}

export const SITE_LINKS = siteLinks(import.meta.env);
