import { Simulation, type ProphecyDataV4, type ScenarioInput } from '../../src/index.js';
import { contestedBasins } from './independent-check.js';

/**
 * How 1.3.0 verdicts hold when the same prophecy is recomputed on other branch streams (the
 * world's seed changed, its state not). Of the verdicts conclusive on the main streams, one
 * "stays" when the other streams give the same verdict, "flips" when they give another
 * conclusive one, and "abstains" when they give `inconclusive`. Flips are what a reader must
 * never see; abstentions are the price of deciding on intervals.
 */
export interface VerdictStability {
  /** Conclusive verdicts on contested basins, on the main streams. */
  readonly conclusive: number;
  /** Of those, the ones the other streams judge conclusively too. */
  readonly bothConclusive: number;
  readonly flipped: readonly string[];
  readonly abstained: readonly string[];
}

/** The pre-built scenarios whose prophecies have contested basins within their first 150 ticks (crowded-large aside: too slow for every run). */
export const STABILITY_SCENARIOS = [
  'self-defeating-prophecy',
  'self-fulfilling-prophecy',
  'prophecy-self-fulfilling',
  'fixed-point-unstable',
  'fixed-point-consistent',
  'shock-prone-valley',
  'basin-cascade',
] as const;

/**
 * The prophecy the world would have made at the same tick with other branch streams: the main
 * world is untouched, its `seed` (from which branches derive) is not. With `heldForecast`, the
 * same published forecast, only its verdicts judged on other branches (RestoreOptions.verdictStreams).
 */
function withOtherBranchStreams(sim: Simulation, salt: number, heldForecast: boolean): ProphecyDataV4 | null {
  const snapshot = sim.snapshot();
  const other = heldForecast ? Simulation.restore(snapshot, { verdictStreams: salt }) : Simulation.restore({ ...snapshot, seed: snapshot.seed + salt });
  let data: ProphecyDataV4 | null = null;
  other.step(1, { onEvent: (event) => void (event.type === 'prophecy' && event.data.data.schema === 'prophecy/4' && (data = event.data.data)) });
  return data;
}

/**
 * The first `prophecies` prophecies with a contested basin of each seed's first `ticks` ticks,
 * each judged twice: made again on other branch streams (forecast included), or, with
 * `heldForecast`, the same forecast's verdicts judged again on other branches.
 */
export function verdictStability(
  scenario: (id: string, seed: number) => ScenarioInput,
  ids: readonly string[],
  seeds: readonly number[],
  { ticks = 150, prophecies = 3, salt = 1_000_003, heldForecast = false }: { ticks?: number; prophecies?: number; salt?: number; heldForecast?: boolean } = {},
): VerdictStability {
  let conclusive = 0;
  let bothConclusive = 0;
  const flipped: string[] = [];
  const abstained: string[] = [];
  for (const id of ids) {
    for (const seed of seeds) {
      const sim = Simulation.create(scenario(id, seed), { engineVersion: '1.3.0' });
      let checked = 0;
      while (sim.tick < ticks && !sim.completed && checked < prophecies) {
        const interval = sim.snapshot().rules.prophecyInterval;
        if (interval <= 0 || (sim.tick + 1) % interval !== 0) {
          sim.step(1);
          continue;
        }
        const other = withOtherBranchStreams(sim, salt, heldForecast);
        let data: ProphecyDataV4 | null = null;
        sim.step(1, { onEvent: (event) => void (event.type === 'prophecy' && event.data.data.schema === 'prophecy/4' && (data = event.data.data)) });
        const made = data as ProphecyDataV4 | null;
        if (made === null || other === null) continue;
        const contested = contestedBasins(made);
        if (contested.length > 0) checked++;
        for (const [attractor, basin] of contested) {
          const verdict = basin.attribution.verdict;
          if (verdict === 'inconclusive') continue;
          conclusive++;
          const again = other.basins[attractor]?.attribution.verdict;
          const where = `${id} seed ${seed} tick ${made.tick} "${attractor}": ${verdict} → ${again}`;
          if (again === 'inconclusive') abstained.push(where);
          else {
            bothConclusive++;
            if (again !== verdict) flipped.push(where);
          }
        }
      }
    }
  }
  return { conclusive, bothConclusive, flipped, abstained };
}
