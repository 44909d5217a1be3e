export * from './canonical-json.js';
export * from './idempotency.js';
export * from './idempotency-key.js';
export * from './idempotency-store.js';
export * from './replay-response.js';
export * from './request-fingerprint.js';
export * from './document-idempotency.js';
