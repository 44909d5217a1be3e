import { Piscina } from 'piscina';

/** piscina's load balancer: given a task and the pool's workers, the worker to run it, or null to keep it queued. */
export type LoadBalancer = NonNullable<NonNullable<ConstructorParameters<typeof Piscina>[0]>['loadBalancer']>;
type BalancedTask = Parameters<LoadBalancer>[0];
type BalancedWorker = Parameters<LoadBalancer>[1][number];

/** What a task tells the balancer, under piscina's queue-options symbol (structured cloning leaves symbol keys behind). */
export interface TaskAffinity {
  /** The simulation whose world the task advances or queues on. */
  readonly simulationId: string;
}

/** Simulations whose last worker is remembered; beyond it the least recently placed is forgotten. */
const REMEMBERED_SIMULATIONS = 4096;

/** `task` with the affinity the balancer reads; `task` itself is left as it was. */
export function withAffinity<T extends object>(task: T, simulationId: string | undefined): T {
  // A task made by Piscina.move() carries its transfer behind symbols that a copy would lose.
  if (simulationId === undefined || Piscina.transferableSymbol in task) return task;
  const affinity: TaskAffinity = { simulationId };
  return { ...task, [Piscina.queueOptionsSymbol]: affinity };
}

function affinityOf(task: BalancedTask): string | undefined {
  const options = (task as unknown as Record<symbol, unknown>)[Piscina.queueOptionsSymbol] as Partial<TaskAffinity> | null | undefined;
  return typeof options?.simulationId === 'string' ? options.simulationId : undefined;
}

const isIdle = (worker: BalancedWorker): boolean => worker.currentUsage === 0 && !worker.terminating && !worker.destroyed;

/**
 * Sends the tasks of one simulation to the worker that ran its last one, which keeps its world
 * (docs/operations.md, "Warm worlds"), when that worker is idle. Otherwise a task takes the idle
 * worker that was given a simulation longest ago, so that the workers other simulations are
 * warm on are the last taken; it never waits for a busy worker while another is idle (a step
 * restored on another thread costs a restore; one waiting behind another simulation's long
 * advance could cost seconds). One task per worker at a time, as piscina's own balancer does
 * with its default of one concurrent task per worker (the pool's `concurrentTasksPerWorker` is
 * not read: raising it would need this to count usage as that balancer does).
 *
 * @example
 * new Piscina({ filename, loadBalancer: stickyBalancer() }).run(withAffinity(task, simulationId));
 */
export function stickyBalancer(remembered: number = REMEMBERED_SIMULATIONS): LoadBalancer {
  /** Each simulation's last worker, least recently placed first. */
  const lastWorker = new Map<string, number>();
  /** When each worker was last given a simulation's task, by a count of placements. */
  const lastPlaced = new Map<number, number>();
  let placements = 0;
  return (task, workers) => {
    const simulationId = affinityOf(task);
    const preferred = simulationId === undefined ? undefined : lastWorker.get(simulationId);
    let chosen: BalancedWorker | null = null;
    for (const worker of workers) {
      if (!isIdle(worker)) continue;
      if (worker.id === preferred) {
        chosen = worker;
        break;
      }
      if (chosen === null || (lastPlaced.get(worker.id) ?? -1) < (lastPlaced.get(chosen.id) ?? -1)) chosen = worker;
    }
    if (chosen !== null && simulationId !== undefined) {
      lastWorker.delete(simulationId);
      lastWorker.set(simulationId, chosen.id);
      if (lastWorker.size > remembered) lastWorker.delete(lastWorker.keys().next().value as string);
      lastPlaced.set(chosen.id, placements++);
      // A worker ended (a task aborted, a crash) is replaced under another id: forget the ended.
      if (lastPlaced.size > 2 * workers.length) {
        const live = new Set(workers.map((worker) => worker.id));
        for (const id of lastPlaced.keys()) if (!live.has(id)) lastPlaced.delete(id);
      }
    }
    return chosen;
  };
}
