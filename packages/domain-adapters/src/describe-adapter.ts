import { domainStateSchemaOf } from '@sim/engine';
import { z } from 'zod';
import type { DomainAdapter } from './domain-adapter.js';

/** A JSON Schema document, as zod emits it. */
export type JsonSchema = z.core.JSONSchema.BaseSchema;

/** One entry of GET /v1/domains: the adapter without its translation function. */
export interface AdapterDescription {
  id: string;
  label: string;
  description: string;
  /** JSON Schema of the input as a caller writes it (fields with defaults are optional). */
  inputSchema: JsonSchema;
  /**
   * JSON Schema of `state.domain` in the states, trace steps and tick events of a simulation
   * made from this domain; null for an adapter without a domain model.
   */
  stateSchema: JsonSchema | null;
  example: unknown;
}

/**
 * The JSON Schema of `state.domain` for simulations made by the adapter; null without a model.
 *
 * @example
 * adapterStateJsonSchema(getAdapter('epidemic')!)?.properties?.regions;
 */
export function adapterStateJsonSchema(adapter: DomainAdapter): JsonSchema | null {
  const schema = adapter.domainModel === undefined ? undefined : domainStateSchemaOf(adapter.domainModel);
  return schema === undefined ? null : z.toJSONSchema(schema, { io: 'output' });
}

/**
 * The JSON Schema of an adapter's input, as a caller writes it: fields with defaults are not
 * required, so a client can build a form from it.
 *
 * @example
 * adapterInputJsonSchema(getAdapter('epidemic')!).properties?.regions;
 */
export function adapterInputJsonSchema(adapter: DomainAdapter): JsonSchema {
  return z.toJSONSchema(adapter.inputSchema, { io: 'input' });
}

/**
 * The adapter as GET /v1/domains and GET /v1/domains/{id} serve it.
 *
 * @example
 * const body = { data: listAdapters().map(describeAdapter) };
 */
export function describeAdapter(adapter: DomainAdapter): AdapterDescription {
  return {
    id: adapter.id,
    label: adapter.label,
    description: adapter.description,
    inputSchema: adapterInputJsonSchema(adapter),
    stateSchema: adapterStateJsonSchema(adapter),
    example: adapter.example,
  };
}
