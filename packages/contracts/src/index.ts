export * from './catalogue';
export * from './catalogue-manifest';
export * from './customer-credentials';
export * from './errors';
export * from './health';
export * from './identity';
export * from './versions';
