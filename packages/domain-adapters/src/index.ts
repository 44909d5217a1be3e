export { defineAdapter, type DomainAdapter } from './domain-adapter.js';
export { ADAPTERS, getAdapter, listAdapters } from './registry.js';
export { translate, type TranslateResult } from './translate.js';
export { AdapterOutputError } from './adapter-output-error.js';
export { adapterInputJsonSchema, adapterStateJsonSchema, describeAdapter, type AdapterDescription, type JsonSchema } from './describe-adapter.js';
export { DEFAULT_AGENT_BUDGET } from './shared/allocate-agents.js';
export {
  epidemicAdapter,
  EpidemicInputSchema,
  forecastDays,
  initialInfectious,
  peakPrevalence,
  peakBedShare,
  reproductionNumbers,
  type EpidemicInput,
} from './adapters/epidemic.js';
export { supplyChainAdapter, SupplyChainInputSchema, SITE_ROLES, bufferCover, suppliersOf, type SupplyChainInput } from './adapters/supply-chain.js';
export { ecosystemAdapter, EcosystemInputSchema, forageCapacity, type EcosystemInput } from './adapters/ecosystem.js';
export { bankRunAdapter, BankRunInputSchema, BANK_INTERVENTIONS, type BankRunInput } from './adapters/bank-run.js';
