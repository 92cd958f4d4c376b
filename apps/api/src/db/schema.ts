// Every table, for drizzle-kit and the typed query builder.
export * from '../plugins/catalogue/catalogue-tables';
export * from '../features/files/download-records';
export * from '../shared/staff-sessions';
export * from '../features/sign-in/sign-in-schema';
export * from '../features/telemetry/telemetry-tables';
