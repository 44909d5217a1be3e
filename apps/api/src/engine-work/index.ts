export * from './engine-runner.js';
export * from './engine-task.js';
export * from './in-process-runner.js';
export * from './worker-pool-runner.js';
export * from './replay-stretches.js';
