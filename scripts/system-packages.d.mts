/** Types of system-packages.mjs for the TypeScript tests that ask it where a program is. */
export type SystemPackage =
  'chromium' | 'chromium-headless-shell' | 'fonts-noto-cjk' | 'redis-server' | 'nginx' | 'gnupg' | 'postgresql';
export const BROWSER_PACKAGES: SystemPackage[];
export function missingMessage(names: SystemPackage[]): string;
export function locateProgram(name: SystemPackage, env?: NodeJS.ProcessEnv): string;
export function missingPackages(names: SystemPackage[], env?: NodeJS.ProcessEnv): SystemPackage[];
export function ensureSystemPackages(names: SystemPackage[]): void;
