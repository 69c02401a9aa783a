export * from './users';
export * from './sessions';
export * from './verification-codes';
export * from './dev-mail';
export * from './uploads';
export * from './settings';
