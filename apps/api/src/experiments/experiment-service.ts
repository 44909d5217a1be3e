import { randomUUID } from 'node:crypto';
import type { AuthContext, Tier } from '../identity/auth-context.js';
import { ApiError, notFound, unauthorized } from '../lib/api-error.js';
import type { Clock } from '../lib/clock.js';
import type { Page } from '../lib/pagination.js';
import type { DomainCatalog } from '../scenarios/domain-catalog.js';
import type { ScenarioCatalog } from '../scenarios/scenario-catalog.js';
import { organizationFor, organizationsToList } from '../simulations/tenancy.js';
import type { WorkBudget, WorkRequest } from '../work-budget/work-budget.js';
import { estimateExperimentResultBytes, experimentSpecBytes } from '../storage-budget/experiment-storage-cost.js';
import { unlimitedStorageBudget, type StorageBudget } from '../storage-budget/storage-budget.js';
import type { ExperimentLimits, ExperimentLimitsTable } from './experiment-limits.js';
import { planExperiment, preflightExperiment, type ExperimentPlan, type ExperimentRequest, type PlanContext } from './experiment-plan.js';
import { resultsAnswer, type ResultsFormat } from './results-answer.js';
import type { ExperimentScheduler } from './experiment-scheduler.js';
import type { ExperimentFeed } from './experiment-feed.js';
import type { ExperimentRecord, ExperimentStore, UnfinishedCount } from './experiment-store.js';
import { releaseWhenFinished } from './release-when-finished.js';
import { experimentView, type ExperimentView } from './experiment-view.js';
import type { LocatedSimulationBase, SimulationBaseSource } from './simulation-base.js';

export interface ExperimentServiceDeps {
  store: ExperimentStore;
  executor: ExperimentScheduler;
  scenarios: ScenarioCatalog;
  domains: DomainCatalog;
  clock: Clock;
  work: WorkBudget;
  /** The organization's stored bytes; default unlimited. */
  storage?: StorageBudget | undefined;
  /** Its status events release an experiment's storage reservation when it finishes; without it, at once. */
  feed?: ExperimentFeed | undefined;
  limits: ExperimentLimitsTable;
  /** Where a simulation base is found and replayed to its tick. */
  simulationBases: SimulationBaseSource;
}

/** Seconds a client is told to wait when its organization's experiment queue is full. */
const QUEUE_FULL_RETRY_SECONDS = 30;

/** 429 for an organization with its tier's number of experiments running and queued (docs/api.md, "Experiments", "Limits"). */
function queueFullError({ queued, running }: UnfinishedCount, tier: Tier, limits: ExperimentLimits): ApiError {
  return new ApiError(
    429,
    'RATE_LIMITED',
    `The organization has ${running} experiment(s) running and ${queued} queued, the most its ${tier} tier allows (${limits.concurrent} running, ${limits.queued} queued); retry when one finishes`,
    { routeClass: 'experiments', limit: limits.concurrent + limits.queued, tier, retryAfter: QUEUE_FULL_RETRY_SECONDS },
    { 'Retry-After': String(QUEUE_FULL_RETRY_SECONDS) },
  );
}

/** 404 when the experiment is missing (`organizationId` undefined), 401 when it is another organization's. */
function assertAccess(auth: AuthContext, id: string, organizationId: string | undefined): asserts organizationId is string {
  if (organizationId === undefined) throw notFound(`Experiment ${id} not found`);
  if (!auth.organizationIds.includes(organizationId)) throw unauthorized('Not authorized to access this experiment');
}

/**
 * The experiment use cases: submit (plan, weigh, store, queue; a simulation base replayed to its
 * tick in between), read, list, cancel, results and
 * exports. Computing is the executor's. Another organization's experiment is answered as another
 * organization's simulation is: 401 (docs/api.md, "Experiments").
 */
export class ExperimentService {
  constructor(private readonly deps: ExperimentServiceDeps) {}

  async submit(request: WorkRequest, body: ExperimentRequest & { organizationId?: string | undefined }): Promise<ExperimentView> {
    const asked = organizationFor(request.auth, body.organizationId);
    const tier = request.auth.tier ?? 'free';
    const limits = this.deps.limits[tier];
    const context: PlanContext = { scenarios: this.deps.scenarios, domains: this.deps.domains, limits, signal: request.signal };
    const located = 'simulation' in body.base ? await this.deps.simulationBases.locate(request.auth, body.base, body) : undefined;
    const organizationId = located?.organizationId ?? asked;
    // A simulation base is planned whole only once replayed to atTick; everything else is checked,
    // and the replay and the runs are weighed together, before the replay starts.
    const planned = located === undefined ? await planExperiment(body, context) : undefined;
    const weighed = planned ?? (await preflightExperiment(body, { ...context, simulation: located?.facts }));
    await this.assertQueueRoom(organizationId, tier);
    // Its spec and its runs' results, weighed against the organization's storage quota before
    // any compute is drawn (docs/api.md, "Storage budget"): 422 STORAGE_LIMIT_EXCEEDED, nothing
    // queued. Reserved until the experiment finishes, so concurrent submissions are weighed
    // together. A simulation base's spec holds the state at atTick, known once replayed: it is
    // weighed then, before anything is stored.
    const storage = this.deps.storage ?? unlimitedStorageBudget;
    const results = estimateExperimentResultBytes(body.metrics, weighed.runs);
    const reservations = [await storage.admit(request.auth, organizationId, results + (planned === undefined ? 0 : experimentSpecBytes(planned.spec)))];
    const reservation = { release: () => reservations.forEach((held) => held.release()) };
    let record: ExperimentRecord | undefined;
    try {
      const replayCost = located?.replayCost.cost ?? 0;
      await this.deps.work.admit(request, { ...weighed.totalCost, cost: weighed.totalCost.cost + replayCost }, { experimentRun: weighed.runCost });
      const plan = planned ?? (await this.planOnState(body, context, located, request.signal));
      if (planned === undefined) reservations.push(await storage.admit(request.auth, organizationId, experimentSpecBytes(plan.spec)));
      const id = randomUUID();
      const createdAt = this.deps.clock.now().toISOString();
      const { base } = plan.spec;
      const scenarioId = base.kind === 'domain' ? `domain:${base.domain}` : base.scenarioId;
      const experiment = { id, organizationId, tier, scenarioId, spec: plan.spec, combinations: plan.combinations, runsTotal: plan.runs, createdAt };
      // Counted again as it is stored: submissions sent together each passed the count above.
      const full = await this.deps.store.create(
        experiment,
        { type: 'experiment:status', data: { status: 'queued', done: 0 } },
        { unfinished: limits.concurrent + limits.queued },
      );
      if (full !== undefined) throw queueFullError(full, tier, limits);
      record = await this.deps.store.get(id);
      if (record === undefined) throw new Error(`experiment ${id} vanished after it was stored`);
    } catch (error) {
      reservation.release();
      throw error;
    }
    if (this.deps.feed === undefined) reservation.release();
    else releaseWhenFinished(this.deps.feed, record.id, reservation);
    this.deps.executor.enqueue(record);
    return experimentView(record, null);
  }

  /** The plan of a simulation base, checked against its state at atTick (replayed now). */
  private async planOnState(
    body: ExperimentRequest,
    context: PlanContext,
    located: LocatedSimulationBase | undefined,
    signal?: AbortSignal,
  ): Promise<ExperimentPlan> {
    if (located === undefined) throw new Error('only a simulation base is planned on its state');
    const state = await this.deps.simulationBases.stateAt(located, signal);
    return planExperiment(body, { ...context, simulation: { ...located.facts, state } });
  }

  /** 429 when the organization has its tier's number of experiments running and queued. */
  private async assertQueueRoom(organizationId: string, tier: Tier): Promise<void> {
    const limits = this.deps.limits[tier];
    const counted = await this.deps.store.countUnfinished(organizationId);
    if (counted.queued + counted.running >= limits.concurrent + limits.queued) throw queueFullError(counted, tier, limits);
  }

  async get(auth: AuthContext, id: string): Promise<ExperimentView> {
    return this.view(await this.accessible(auth, id));
  }

  async list(auth: AuthContext, query: { organizationId?: string | undefined; limit: number; offset: number }): Promise<Page<ExperimentView>> {
    const page = await this.deps.store.list({ organizationIds: organizationsToList(auth, query.organizationId), limit: query.limit, offset: query.offset });
    return { items: page.items.map((record) => this.view(record)), total: page.total };
  }

  /** Stops it (see ExperimentScheduler.cancel); an experiment that already finished is answered as it is. */
  async cancel(auth: AuthContext, id: string): Promise<ExperimentView> {
    await this.assertAccessible(auth, id);
    await this.deps.executor.cancel(id);
    return this.get(auth, id);
  }

  /** The answer of GET …/results, made here (a server without the request thread: routes/request-thread). */
  async results(auth: AuthContext, id: string, format: ResultsFormat): Promise<string | Uint8Array> {
    const record = await this.accessible(auth, id);
    return resultsAnswer(record, await this.deps.store.listRuns(id), format);
  }

  /** 404 when missing, 401 when another organization's: the answers for a simulation. */
  async accessible(auth: AuthContext, id: string): Promise<ExperimentRecord> {
    const record = await this.deps.store.get(id);
    assertAccess(auth, id, record?.organizationId);
    return record as ExperimentRecord;
  }

  /** The same answers as `accessible`, reading only the experiment's organization (not its spec, which can be megabytes). */
  async assertAccessible(auth: AuthContext, id: string): Promise<void> {
    assertAccess(auth, id, await this.deps.store.organizationOf(id));
  }

  private view(record: ExperimentRecord): ExperimentView {
    return experimentView(record, this.deps.executor.estimateSecondsLeft(record));
  }
}
