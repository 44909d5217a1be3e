export { createSimClient, type SimClient, type SimClientOptions } from './create-sim-client.js';
export { credentialHeaders, type Credentials } from './credentials.js';
export type { components, operations, paths } from './generated/openapi.js';
export { decodePackedAgents, PackedTickDecoder, type PackedAgent, type PackedAgents } from './packed-agents.js';
export { readNdjson } from './read-ndjson.js';
export { retryingFetch, type RetryOptions } from './retrying-fetch.js';
export { SimApiError, type ErrorEnvelope } from './sim-api-error.js';
export {
  subscribeToEvents,
  type SimulationEvent,
  type SimulationEventName,
  type SubscribeOptions,
  type Subscription,
  type ConnectionState,
} from './subscribe-to-events.js';
export { traceSteps, type TraceStep } from './trace-steps.js';
export { unwrap } from './unwrap.js';
