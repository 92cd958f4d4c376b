import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'publish-cli', include: ['src/**/*.test.ts'], setupFiles: ['../../vitest.setup.ts'] },
});
