export * from './errors';
export * from './health';
export * from './identity';
export * from './sign-in';
export * from './navigation';
