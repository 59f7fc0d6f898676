// Every table of the portal; drizzle-kit reads this file to generate migrations.
export * from './accounts';
export * from './audit';
export * from './beneficiaries';
export * from './care';
export * from './files';
export * from './limits';
export * from './payments';
export * from './salesTotals';
export * from './sessions';
export * from './settings';
