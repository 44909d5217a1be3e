export {
  Simulation,
  replay,
  replaySteps,
  replayTicks,
  type ReplayTicksOptions,
  type CreateOptions,
  type RestoreOptions,
  type StepObserver,
  type TickRecord,
} from './simulation.js';
export { ScenarioError, SnapshotError, UnknownEngineVersionError, toValidationIssues, type ValidationIssue } from './scenario-error.js';
export { checkScenarioFile, flagDuplicateIds, type ScenarioFileCheck } from './scenario-file-check.js';
export { runnableScenario } from './runnable-scenario.js';
export { LIMITS } from './limits.js';
export {
  BranchWorkspace,
  IN_THREAD_BRANCHES,
  type BranchJob,
  type BranchOutcome,
  type BranchRunner,
  type BranchWorldData,
  type BranchGround,
} from './model/branch-run.js';
export { openStream, resumeStream, type RandomStream, type RandomStreamState } from './rng/random-stream.js';
export type { EngineInput, EngineInputDraft, ReseedInput, ScheduledInput } from './model/engine-input.js';
export type { InputProblem } from './model/apply-input.js';
export { SNAPSHOT_FORMAT, EngineSnapshotSchema, type EngineSnapshot } from './schemas/snapshot.js';
export { compass } from './model/describe-move.js';
export { DEFAULT_ENGINE_VERSION, ENGINE_VERSIONS, isEngineVersion, versionFeatures, type EngineVersion } from './versions/registry.js';
export type { VersionFeatures } from './versions/version-features.js';
export { scenarioVersionIssues } from './versions/scenario-version-issues.js';
export { prophecyBranchTicks, type ProphecyWorkRules } from './versions/prophecy-work.js';
export type { DomainModel, DomainCoupling, SitePressure } from './domain/domain-model.js';
export { DomainBlockSchema, type DomainBlock } from './domain/domain-block.js';
export { DomainStateSchema, domainStateAtStart, domainStateSchemaOf, type DomainState } from './domain/domain-state.js';
export { DOMAIN_MODEL_IDS, domainModel, domainModels } from './domain/registry.js';
export { domainWorkPerTick } from './domain/domain-work.js';
export * from './schemas/policy.js';
export * from './schemas/identifier.js';
export * from './schemas/agent.js';
export * from './schemas/attractor.js';
export * from './schemas/initial-state.js';
export * from './schemas/rules.js';
export * from './schemas/scenario.js';
export * from './schemas/decree.js';
export * from './schemas/outputs.js';
export * from './schemas/prophecy-v3.js';
export * from './schemas/prophecy-v4.js';
