import type { SimulationEvent } from '@sim/client';
import { h } from './dom.js';
import { lossProbabilities } from './loss-probabilities.js';

/** The events a person follows; ticks and heartbeats would drown them. */
const LOGGED = new Set(['warning', 'loss', 'prophecy', 'paradox', 'decree', 'simulation:status', 'error']);
const MAX_ENTRIES = 500;

/**
 * The log of warnings, losses, prophecies, paradoxes, decrees and status changes, newest on
 * top. Clicking an entry calls `onPick` with its tick, so the view can jump there; an entry at
 * tick 0 (before the first tick: no trace step shows it) cannot be picked.
 */
export class EventLog {
  constructor(
    private readonly list: HTMLElement,
    private readonly onPick: (tick: number) => void,
  ) {}

  clear(): void {
    this.list.replaceChildren();
  }

  add(event: SimulationEvent): void {
    if (!LOGGED.has(event.event)) return;
    const data = event.data as Record<string, unknown>;
    const tick = typeof data['tick'] === 'number' ? data['tick'] : undefined;
    const pickable = tick !== undefined && tick > 0;
    const entry = h(
      'li',
      {
        class: `event event-${event.event.replace(':', '-')}${pickable ? ' pickable' : ''}`,
        'data-tick': tick,
        title: pickable ? `show tick ${tick}` : tick === 0 ? 'before the first tick' : undefined,
        onclick: () => pickable && this.onPick(tick),
      },
      h('span', { class: 'event-tick' }, tick === undefined ? '' : `t${tick}`),
      h('span', { class: 'event-name' }, event.event),
      h('span', { class: 'event-text' }, describe(event)),
    );
    this.list.prepend(entry);
    while (this.list.childElementCount > MAX_ENTRIES) this.list.lastElementChild?.remove();
  }
}

function describe(event: SimulationEvent): string {
  const data = event.data as Record<string, unknown>;
  switch (event.event) {
    case 'loss':
      return `basin ${String(data['attractor'] ?? '')} lost (agent ${String(data['agent'])}, magnitude ${Number(data['magnitude']).toFixed(2)})`;
    case 'warning':
      return `stability ${String(data['direction'])} past ${String(data['threshold'])}`;
    case 'paradox':
      return `${String(data['kind'])}: ${String(data['message'] ?? data['attractor'] ?? '')}`;
    case 'decree':
      return data['applied'] === false ? `${String(data['type'])} not applied: ${String(data['reason'] ?? '')}` : `${String(data['type'])} applied`;
    case 'simulation:status':
      return `${String(data['previous'])} → ${String(data['status'])}${data['reason'] === undefined ? '' : ` (${String(data['reason'])})`}`;
    case 'prophecy': {
      const basins = Object.entries(lossProbabilities(data['data'])).sort((a, b) => b[1] - a[1]);
      return basins.length === 0
        ? 'prophecy published'
        : `p(loss) ${basins
            .slice(0, 4)
            .map(([id, p]) => `${id} ${p.toFixed(2)}`)
            .join(', ')}`;
    }
    case 'error':
      return `${String(data['code'])}: ${String(data['message'])}`;
    default:
      return JSON.stringify(data).slice(0, 120);
  }
}
