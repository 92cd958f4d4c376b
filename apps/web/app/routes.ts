import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('features/home/home-page.tsx'),
  route('auth', 'features/auth/auth-page.tsx'),
  route('cornerstone', 'features/cornerstone/cornerstone-page.tsx'),
  route('cornerstone/mobile', 'features/cornerstone-mobile/mobile-page.tsx'),
  route('chromatof', 'features/chromatof/chromatof-page.tsx'),
  route('metallographics', 'features/metallographics/metallographics-page.tsx'),
  route('metallographics/px', 'features/metallographics/px-page.tsx'),
  route('metallographics/mx', 'features/metallographics/mx-page.tsx'),
  route('metallographics/cx', 'features/metallographics/cx-page.tsx'),
  route('metallographics/px/firmware', 'features/firmware/px-firmware-page.tsx'),
  route('metallographics/mx/firmware', 'features/firmware/mx-firmware-page.tsx'),
  route('metallographics/cx/firmware', 'features/firmware/cx-firmware-page.tsx'),
  route('service', 'features/service/service-page.tsx'),
  route('service/cornerstone/releases', 'features/service/releases-page.tsx'),
  route('service/cornerstone/products-options', 'features/service/products-options-page.tsx'),
  route('service/cornerstone/service-mode', 'features/service/service-mode-page.tsx'),
  route('service/cornerstone/password-reset', 'features/service/password-reset-page.tsx'),
  route('service/chromatof/releases', 'features/service/chromatof-releases-page.tsx'),
  route('privacy', 'features/privacy/privacy-page.tsx'),
  route('*', 'features/not-found/not-found-page.tsx'),
] satisfies RouteConfig;
