export * from './call.js';
export * from './calls/auth.js';
export * from './calls/users.js';
export * from './messages.js';
export * from './permissions.js';
export * from './resource.js';
export * from './resources/index.js';
export * from './routes.js';
