export * from './stream-url.js';
export * from './playback-settings.js';
export * from './offline-caches.js';
export * from './list-record.js';
export * from './registry.js';
export * from './download.js';
export * from './offline-plays.js';
export * from './sw-messages.js';
