export * from './errors.js';
export * from './messages.js';
export * from './auth.js';
export * from './library.js';
export * from './validation.js';
export * from './listening.js';
export * from './imports.js';
export * from './users.js';
