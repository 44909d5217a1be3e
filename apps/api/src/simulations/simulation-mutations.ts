import { type DecreeInput, type EngineInput, type InputProblem, type Policy } from '@sim/engine';
import { type WorkRequest } from '../work-budget/work-budget.js';
import { randomUUID } from 'node:crypto';
import type { AuthContext } from '../identity/auth-context.js';
import { ApiError, conflict, notFound, validationError } from '../lib/api-error.js';
import { SimulationCommits } from './simulation-commits.js';
import { StepBatches, type StepResult } from './step-batches.js';
import type { DecreeView } from './simulation-history-reads.js';

/** Maps the engine's verdict on an input to the interface's errors. */
function inputProblemError(problem: InputProblem): ApiError {
  switch (problem.code) {
    case 'not-found':
      return notFound(problem.message);
    case 'completed':
      return conflict('SIMULATION_NOT_ACTIVE', 'The simulation is not active');
    default:
      return validationError([{ path: problem.path ?? 'payload', message: problem.message }]);
  }
}

/**
 * Changes to a simulation that requests ask for: stepping ticks, setting an agent's policy and
 * submitting decrees, each through the one commit path (SimulationCommits.mutate).
 */
export class SimulationMutations {
  readonly #steps: StepBatches;

  constructor(private readonly commits: SimulationCommits) {
    this.#steps = new StepBatches(commits);
  }

  /** Steps waiting for the same simulation's lock are computed and committed together (StepBatches). */
  async step(request: WorkRequest, id: string, ticks: number): Promise<StepResult> {
    await this.commits.authorize(request.auth, id);
    return this.#steps.step(request, id, ticks);
  }

  async setAgentPolicy(auth: AuthContext, id: string, agentId: string, policy: Policy): Promise<void> {
    await this.commits.authorize(auth, id);
    await this.commits.mutate(id, async (current) => {
      const queued = await this.commits.queueInput(current, { kind: 'policy', agentId, policy, ref: null });
      if (queued.kind === 'refused') throw queued.problem.code === 'not-found' ? notFound(`Agent ${agentId} not found`) : inputProblemError(queued.problem);
      return this.commits.commitInput(current, queued, undefined);
    });
  }

  async submitDecree(auth: AuthContext, id: string, decree: DecreeInput): Promise<DecreeView> {
    await this.commits.authorize(auth, id);
    return this.commits.mutate(id, async (current) => {
      const decreeId = randomUUID();
      const queued = await this.commits.queueInput(current, { kind: 'decree', decree, ref: decreeId });
      if (queued.kind === 'refused') throw inputProblemError(queued.problem);
      const createdAt = this.commits.now();
      const input = queued.pending.at(-1) as Extract<EngineInput, { kind: 'decree' }>;
      await this.commits.commitInput(current, queued, { id: decreeId, type: input.decree.type, payload: input.decree.payload, createdAt });
      return {
        id: decreeId,
        simulationId: id,
        type: input.decree.type,
        payload: input.decree.payload as Record<string, unknown>,
        tick: current.tick + 1,
        createdAt,
      };
    });
  }
}
