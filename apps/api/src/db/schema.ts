// Every feature's tables, for drizzle-kit and the typed query builder.
export * from '../features/catalogue/catalogue-schema';
export * from '../shared/staff-sessions';
export * from '../features/sign-in/sign-in-schema';
