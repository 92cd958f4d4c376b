import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('features/home/home-page.tsx'),
  route('cornerstone/offline', 'features/offline-installer/offline-installer-page.tsx'),
  route('cornerstone/pibs', 'features/bulletins/cornerstone-pibs-page.tsx'),
  route('cornerstone/dsvs', 'features/validation-docs/dsv-page.tsx'),
  route('chromatof/pibs', 'features/bulletins/chromatof-pibs-page.tsx'),
  route('*', 'features/not-found/not-found-page.tsx'),
] satisfies RouteConfig;
