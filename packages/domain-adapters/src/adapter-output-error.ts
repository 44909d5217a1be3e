import type { ValidationIssue } from '@sim/engine';

/**
 * Thrown when an adapter turns a valid domain input into a scenario the engine rejects: a bug
 * in the adapter, never the caller's fault (the API answers 500).
 */
export class AdapterOutputError extends Error {
  readonly adapterId: string;
  readonly issues: ValidationIssue[];
  constructor(adapterId: string, issues: ValidationIssue[]) {
    super(`domain adapter "${adapterId}" produced an invalid scenario: ${issues.map((i) => `${i.path || '(scenario)'}: ${i.message}`).join('; ')}`);
    this.name = 'AdapterOutputError';
    this.adapterId = adapterId;
    this.issues = issues;
  }
}
