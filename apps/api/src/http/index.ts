export * from './client-error-handler.js';
export * from './connection-cap.js';
export * from './http-limits.js';
export * from './raw-error-response.js';
