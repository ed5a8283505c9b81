export * from './errors';
export * from './envelope';
export * from './files';
export * from './health';
export * from './image-type';
export * from './user-type';
export * from './ws-events';
export * from './auth/index';
