export * from './messages';
export * from './fields';
export * from './password-encoding';
export * from './requests';
export * from './responses';
export * from './endpoints';
