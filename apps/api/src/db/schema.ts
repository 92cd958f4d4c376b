// Every table, for drizzle-kit and the typed query builder.
export * from '../plugins/catalogue/catalogue-tables';
export * from '../plugins/catalogue/configuration-tables';
export * from '../plugins/catalogue/chromatof-tables';
export * from '../plugins/catalogue/firmware-tables';
export * from '../plugins/catalogue/password-reset-tables';
export * from '../features/files/download-records';
export * from '../shared/staff-sessions';
export * from '../features/sign-in/sign-in-schema';
export * from '../plugins/audit-log-chain';
export * from '../features/telemetry/telemetry-tables';
