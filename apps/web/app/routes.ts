import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('features/home/home-page.tsx'),
  route('auth', 'features/auth/auth-page.tsx'),
  route('*', 'features/not-found/not-found-page.tsx'),
] satisfies RouteConfig;
