import { z } from '@hono/zod-openapi';
import { MAX_REPORTED_ISSUES } from './api-error.js';

export const ValidationIssueSchema = z
  .object({
    path: z.string().describe('Dotted path of the field (`scenario.agents.0.policy.lambda`); `""` for the body as a whole; query and path parameters by name'),
    message: z.string(),
  })
  .openapi('ValidationIssue');

/** The interface's error envelope, used by every error response. */
export const ErrorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z
        .string()
        .describe('VALIDATION_ERROR, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, SIMULATION_NOT_ACTIVE, PAYLOAD_TOO_LARGE, RATE_LIMITED, INTERNAL_ERROR, …'),
      message: z.string(),
      details: z
        .record(z.string(), z.unknown())
        .nullable()
        .describe('For VALIDATION_ERROR: `{ issues: ValidationIssue[] }`; for a missing scope: `{ required }`'),
      requestId: z.string().describe('Equal to the X-Request-Id response header'),
    }),
  })
  .openapi('Error');
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorEnvelopeSchema } },
});

/** Error responses shared by routes, so each route lists only the ones that can happen. */
export const errorResponses = {
  400: errorResponse(
    `VALIDATION_ERROR: the request does not validate; \`details.issues\` lists its problems, the first ${MAX_REPORTED_ISSUES} when there are more`,
  ),
  401: {
    ...errorResponse('UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization'),
    headers: {
      'WWW-Authenticate': {
        schema: { type: 'string' as const },
        description: 'The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token)',
      },
    },
  },
  403: errorResponse('FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for'),
  404: errorResponse('NOT_FOUND'),
  406: errorResponse(
    'NOT_ACCEPTABLE: none of the media types the endpoint answers in is acceptable to `Accept` (a type with `q=0` is never chosen); `details.offered` lists them',
  ),
  409: errorResponse('SIMULATION_NOT_ACTIVE: the simulation has completed or failed'),
  413: errorResponse('PAYLOAD_TOO_LARGE: body over 1 MiB'),
  500: errorResponse('INTERNAL_ERROR'),
  503: errorResponse('The database does not answer'),
} as const;

export function envelope(code: string, message: string, details: Record<string, unknown> | null, requestId: string): ErrorEnvelope {
  return { error: { code, message, details, requestId } };
}
