import { defineProject } from 'vitest/config';
import { portalMessages } from './i18n/vite-plugin.ts';

export default defineProject({
  // The messages modules compiled, in English (PORTAL_LANGUAGE for another), as under `react-router dev`.
  plugins: [portalMessages()],
  test: {
    name: 'web',
    include: ['app/**/*.test.{ts,tsx}', 'i18n/**/*.test.ts'],
    setupFiles: ['../../vitest.setup.ts'],
  },
});
