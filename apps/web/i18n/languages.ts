/**
 * The contracts' languages (`@portal/contracts`), for the build's own tools. Vite loads its
 * config and the plugins it imports with Node itself, which cannot load the contracts'
 * package index (TypeScript with extensionless imports); this one module has no imports.
 */
export * from '../../../packages/contracts/src/languages.ts';
