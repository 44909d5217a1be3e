export * from './work-budget.js';
export * from './playback-ask.js';
export * from './work-errors.js';
export * from './work-request.js';
export * from './scenario-work-check.js';
export * from './document-work-limits.js';
