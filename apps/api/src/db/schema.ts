// Every table, for drizzle-kit and the typed query builder. Each section of the catalogue
// owns its tables (plugins/catalogue/sections.ts); this file only collects them.
export * from '../plugins/catalogue/catalogue-tables';
export * from '../plugins/registrations/registrations-tables';
export * from '../features/releases/releases-tables';
export * from '../features/bulletins/bulletins-tables';
export * from '../features/validation-docs/validation-docs-tables';
export * from '../features/configurations/configurations-tables';
export * from '../features/chromatof/chromatof-tables';
export * from '../features/firmware/firmware-tables';
export * from '../features/password-reset/password-reset-tables';
export * from '../features/files/download-records';
export * from '../shared/staff-sessions';
export * from '../features/sign-in/sign-in-schema';
export * from '../plugins/audit-log-chain';
export * from '../features/telemetry/telemetry-tables';
export * from '../features/feeds/feeds-tables';
export * from '../shared/staff-members';
export * from '../features/publishing/publishing-tables';
export * from '../features/sboms/sboms-tables';
export * from '../features/security-advisories/advisories-tables';
export * from '../shared/api-tokens';
