import { SimApiError } from '@sim/client';

/**
 * What a person reads of a failed request: the status, code and message once (SimApiError's
 * message holds all three), then each problem at its field, so that a refused form says which
 * field to change.
 */
export function errorText(error: unknown): string {
  if (!(error instanceof SimApiError)) return error instanceof Error ? error.message : String(error);
  const issues = (error.details as { issues?: Array<{ path: string; message: string }> } | null)?.issues ?? [];
  return issues.length === 0 ? error.message : `${error.message} (${issues.map((issue) => `${issue.path || 'body'}: ${issue.message}`).join('; ')})`;
}
