import { afterEach, expect, vi } from 'vitest';

// A stray console.error is a bug the test did not look for: it fails the test.
let consoleErrors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  consoleErrors.push(args);
});
afterEach(() => {
  const seen = consoleErrors;
  consoleErrors = [];
  expect(seen, 'console.error was called').toEqual([]);
});
