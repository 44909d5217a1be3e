import {
  PackedTickDecoder,
  subscribeToEvents,
  unwrap,
  type components,
  type Credentials,
  type SimClient,
  type SimulationEvent,
  type Subscription,
} from '@sim/client';
import { h } from './dom.js';
import { EventLog } from './event-log.js';
import { FrameMeter } from './frame-meter.js';
import type { FrameReport } from './frame-report.js';
import { lossProbabilities } from './loss-probabilities.js';
import { schemaForm, type JsonSchema, type SchemaForm } from './schema-form.js';
import { DomainChart } from './domain-chart.js';
import { SeriesChart } from './series-chart.js';
import { viewAgent, WorldView, type Grid, type ViewAgent, type WorldFrame } from './world-view.js';
import { handler, inBackground } from './in-background.js';
import { errorText } from './error-text.js';

/** Replaying a simulation's history costs the server agents × ticks: beyond this the view starts at the present. */
const HISTORY_REPLAY_BUDGET = 2_000_000;
/** Prophecies whose loss probabilities the page keeps, for the past ticks it is asked to show. */
const MAX_OVERLAYS = 4_096;

export interface PageContext {
  client: SimClient;
  credentials: Credentials;
  /** Statistics the frame-rate benchmark and the browser test read. */
  stats: { ticksReceived: number; world?: WorldView; measureFrames?: (seconds: number) => Promise<FrameReport> };
  open(simulationId: string): void;
}

/**
 * One simulation, live: the world and its stability chart follow the event stream; the log
 * lists what happened (click an entry to see its tick); the controls play, pause, step, change
 * the speed, submit decrees and set the clicked agent's policy; the timeline panel forks at the
 * tick shown and compares two runs side by side.
 */
export async function simulationPage(context: PageContext, simulationId: string): Promise<{ element: HTMLElement; dispose(): void }> {
  const { client } = context;
  const path = { id: simulationId };
  const simulation = await unwrap(client.GET('/v1/simulations/{id}', { params: { path } }));
  const grid = await gridOf(client, simulationId, simulation.scenarioId, simulation.state.tick);

  const canvas = h('canvas', { id: 'world', width: 640, height: 640 });
  const meter = new FrameMeter();
  const world = new WorldView(canvas, meter);
  context.stats.world = world;
  context.stats.measureFrames = (seconds) => meter.measure(seconds);
  world.setGrid(grid);
  const tickLabel = h('span', { id: 'tick' }, String(simulation.state.tick));
  const statusLabel = h('span', { id: 'status', class: `status status-${simulation.state.status}` }, simulation.state.status);
  const viewing = h('div', { id: 'viewing', class: 'banner', hidden: true });
  const message = h('p', { id: 'message', class: 'message', role: 'status' });
  const chartBox = h('div', { id: 'stability-chart' });
  const logList = h('ul', { id: 'event-log', class: 'plain log' });
  const agentBox = h('div', { id: 'agent-panel' }, h('p', { class: 'hint' }, 'Click an agent to see and change its policy.'));
  const compareBox = h('div', { id: 'compare-result' });

  let live: WorldFrame = { state: simulation.state, agents: [] };
  let shownTick: number | undefined; // undefined: following the live stream
  let latestTick = simulation.state.tick;
  let overlay: Record<string, number> = {};
  /** The loss probabilities of the prophecies seen, by seq: a past tick is drawn with the one in force then. */
  const overlays = new Map<number, Record<string, number>>();
  const chart = new SeriesChart(chartBox, ['stability'], 520, 180, meter);
  const domainChart = new DomainChart(520, 180);
  const log = new EventLog(logList, (tick) => inBackground(showTick(tick)));
  const decoder = new PackedTickDecoder();

  const report = (error: unknown) => void (message.textContent = errorText(error));
  const control = async (body: { action: 'play' | 'pause' | 'step'; speed?: number }) => {
    message.textContent = '';
    try {
      await unwrap(client.PUT('/v1/simulations/{id}/time-control', { params: { path }, body }));
    } catch (error) {
      report(error);
    }
  };

  function onEvent(event: SimulationEvent): void {
    if (event.event === 'tick') meter.time('tick', () => onTick(event));
    else meter.time('log', () => log.add(event));
    switch (event.event) {
      case 'prophecy':
        overlay = lossProbabilities(event.data.data);
        remember(event.data.seq, overlay);
        break;
      case 'simulation:status':
        statusLabel.textContent = event.data.status;
        statusLabel.className = `status status-${event.data.status}`;
        world.restartPace();
        break;
      default:
        break;
    }
  }

  function onTick(event: Extract<SimulationEvent, { event: 'tick' }>): void {
    context.stats.ticksReceived++;
    meter.tickReceived(event.data.t);
    chart.push(event.data.t, event.data.b);
    domainChart.push(event.data.t, (event.data.state as { domain?: unknown }).domain);
    // Frames without ids name the last key frame's: every packed tick goes through the decoder, replayed ones too.
    if ('packed' in event.data && event.data.t < latestTick)
      decoder.decode(
        event.data.packed,
        event.data.state.attractors.map((a) => a.id),
      );
    // The replayed history fills the chart and the log; the view moves only forward.
    if (event.data.t < latestTick) return;
    if (event.data.t > latestTick + 1) meter.ticksSkippedByServer += event.data.t - latestTick - 1;
    latestTick = event.data.t;
    live = {
      state: event.data.state,
      agents:
        'packed' in event.data
          ? decoder.decode(
              event.data.packed,
              event.data.state.attractors.map((a) => a.id),
            )
          : [],
      lossProbabilities: overlay,
    };
    tickLabel.textContent = String(event.data.t);
    if (shownTick === undefined) world.show(live);
  }

  function remember(seq: number, probabilities: Record<string, number>): void {
    overlays.set(seq, probabilities);
    // The newest few thousand: a long history with a prophecy every tick would otherwise grow without end.
    if (overlays.size > MAX_OVERLAYS) overlays.delete(overlays.keys().next().value as number);
  }

  /** The loss probabilities of the prophecy in force at a past tick (`state.prophecy`), read when not seen on the stream. */
  async function overlayOf(prophecy: { seq: number; tick: number } | null | undefined): Promise<Record<string, number>> {
    if (prophecy === null || prophecy === undefined) return {};
    const seen = overlays.get(prophecy.seq);
    if (seen !== undefined) return seen;
    // Prophecies are numbered from 1 in order: the seq-th in ascending order is this one.
    const page = await unwrap(client.GET('/v1/simulations/{id}/prophecies', { params: { path, query: { order: 'asc', offset: prophecy.seq - 1, limit: 1 } } }));
    const found = page.data[0];
    if (found === undefined || found.tick !== prophecy.tick) return {};
    const probabilities = lossProbabilities(found.data);
    remember(prophecy.seq, probabilities);
    return probabilities;
  }

  async function showTick(tick: number): Promise<void> {
    try {
      const trace = await unwrap(client.GET('/v1/simulations/{id}/trace', { params: { path, query: { fromTick: tick, toTick: tick } } }));
      const step = 'steps' in trace ? trace.steps[0] : undefined;
      if (step === undefined) return;
      const probabilities = await overlayOf((step.state as { prophecy?: { seq: number; tick: number } | null }).prophecy);
      shownTick = tick;
      message.textContent = '';
      world.showNow({
        state: { ...live.state, ...(step.state as object) } as WorldFrame['state'],
        agents: step.agents.map(viewAgent),
        lossProbabilities: probabilities,
      });
      viewing.replaceChildren(
        `Showing tick ${tick}. `,
        h('button', { type: 'button', class: 'link', id: 'back-to-live', onclick: backToLive }, 'Back to live'),
      );
      viewing.hidden = false;
    } catch (error) {
      report(error);
    }
  }

  function backToLive(): void {
    shownTick = undefined;
    viewing.hidden = true;
    world.showNow(live);
  }

  // First frame: the last computed tick (the stream starts at the present when the history is long).
  if (simulation.state.tick > 0) {
    const trace = await unwrap(
      client.GET('/v1/simulations/{id}/trace', { params: { path, query: { fromTick: simulation.state.tick, toTick: simulation.state.tick } } }),
    );
    const last = 'steps' in trace ? trace.steps[0] : undefined;
    if (last !== undefined) live = { state: simulation.state, agents: last.agents.map(viewAgent) };
  }
  const latest = await unwrap(client.GET('/v1/simulations/{id}/prophecies', { params: { path, query: { order: 'desc', limit: 1 } } }));
  overlay = lossProbabilities(latest.data[0]?.data);
  live = { ...live, lossProbabilities: overlay };
  world.show(live);
  canvas.addEventListener('click', (event) => {
    const agent = world.agentAt(event.clientX, event.clientY);
    world.select(agent?.id);
    if (agent === undefined) {
      agentBox.replaceChildren(h('p', { class: 'hint' }, 'No agent there.'));
      return;
    }
    inBackground(agentPanel(client, simulationId, agent, shownTick ?? latestTick, report).then((panel) => agentBox.replaceChildren(panel)));
  });

  const speed = h('input', { id: 'speed', type: 'range', min: 0.1, max: 10, step: 0.1, value: 1 });
  const speedLabel = h('span', { id: 'speed-label' }, '1×');
  speed.addEventListener('input', () => void (speedLabel.textContent = `${speed.value}×`));
  speed.addEventListener('change', () => {
    if (statusLabel.textContent !== 'playing') return;
    world.restartPace();
    inBackground(control({ action: 'play', speed: Number(speed.value) }));
  });

  // Built before the stream opens: if one of them fails, no subscription is left behind.
  const decreePanel = await decreeForm(client, simulationId, grid, report);
  const timeline = await timelinePanel(context, simulationId, () => shownTick ?? Number(tickLabel.textContent), compareBox, report);
  const element = h(
    'div',
    { id: 'simulation', class: 'layout' },
    h(
      'section',
      { class: 'panel world-panel' },
      h('div', { class: 'row spread' }, h('strong', {}, `${simulation.scenarioId}`), h('span', {}, 'tick ', tickLabel, ' · ', statusLabel)),
      viewing,
      canvas,
      h(
        'div',
        { class: 'row controls' },
        h(
          'button',
          { id: 'play', type: 'button', class: 'primary', onclick: () => inBackground(control({ action: 'play', speed: Number(speed.value) })) },
          'Play',
        ),
        h('button', { id: 'pause', type: 'button', onclick: () => inBackground(control({ action: 'pause' })) }, 'Pause'),
        h('button', { id: 'step', type: 'button', onclick: () => inBackground(control({ action: 'step' })) }, 'Step'),
        h('label', { class: 'inline' }, 'Speed ', speed, ' ', speedLabel),
      ),
      message,
    ),
    h(
      'section',
      { class: 'panel side-panel' },
      h('h3', {}, 'Stability'),
      chartBox,
      domainChart.element,
      h('h3', {}, 'Events'),
      logList,
      h('h3', {}, 'Decree'),
      decreePanel,
      h('h3', {}, 'Agent'),
      agentBox,
      h('h3', {}, 'Timeline'),
      timeline,
      compareBox,
    ),
  );
  /** What the message says about the stream's connection, while it says it (cleared once connected). */
  let connectionNotice = '';
  const replayHistory = simulation.state.tick * Math.max(1, simulation.state.agentCount) <= HISTORY_REPLAY_BUDGET;
  const subscription: Subscription = subscribeToEvents({
    baseUrl: location.origin,
    credentials: context.credentials,
    simulationId,
    ...(replayHistory ? { lastEventId: '0' } : {}),
    // Positions and basins as packed binary columns (about 16 KB a tick for 2 400 agents, not
    // 412 KB of JSON); a viewer that falls behind skips to the newest tick instead of being dropped.
    variant: { encoding: 'packed', lag: 'skip' },
    onEvent,
    onConnection: (state) => {
      // Said while it lasts, so that a view that stopped moving is not taken for a world that did.
      if (state.connected) {
        if (message.textContent === connectionNotice) message.textContent = '';
        connectionNotice = '';
        return;
      }
      const why =
        state.status === 429 ? ' (429: too many open streams or requests)' : state.status === undefined ? '' : ` (${state.status}: the server is unavailable)`;
      const when = state.retryInMs === undefined ? '' : `; trying again in ${Math.ceil(state.retryInMs / 1000)} s`;
      connectionNotice = `The event stream is not connected${why}${when}. The view resumes where it stopped.`;
      message.textContent = connectionNotice;
    },
    onEnd: (end) => {
      if (end.reason === 'refused') message.textContent = `The event stream was refused (${end.status ?? ''} ${end.message ?? ''})`;
    },
  });

  return { element, dispose: () => subscription.close() };
}

/** The grid's size: from the trace's metadata once a tick exists, else from the pre-built scenario, else from the attractors. */
async function gridOf(client: SimClient, simulationId: string, scenarioId: string, tick: number): Promise<Grid> {
  if (tick > 0) {
    const trace = await unwrap(client.GET('/v1/simulations/{id}/trace', { params: { path: { id: simulationId }, query: { fromTick: 1, toTick: 1 } } }));
    if ('initialState' in trace) return { width: trace.initialState.width, height: trace.initialState.height };
  }
  // Only a pre-built scenario is in the catalogue: an inline or domain one (`inline`, `domain:<id>`) is not.
  if (scenarioId !== 'inline' && !scenarioId.startsWith('domain:')) {
    const scenario = await client.GET('/v1/scenarios/{id}', { params: { path: { id: scenarioId } } });
    const initial = scenario.data?.initialState as { width?: unknown; height?: unknown } | undefined;
    if (typeof initial?.width === 'number' && typeof initial.height === 'number') return { width: initial.width, height: initial.height };
  }
  const state = (await unwrap(client.GET('/v1/simulations/{id}', { params: { path: { id: simulationId } } }))).state;
  const reach = Math.max(32, ...state.attractors.map((a) => Math.max(a.x, a.y) + a.radius * 2));
  return { width: Math.ceil(reach), height: Math.ceil(reach) };
}

/** The clicked agent's policy, read from the trace step of the tick shown (the stream carries positions only). */
async function agentPanel(client: SimClient, simulationId: string, agent: ViewAgent, tick: number, report: (error: unknown) => void): Promise<HTMLElement> {
  let policy: { lambda?: number; gamma?: number; belief?: number } = {};
  if (tick > 0) {
    const trace = await unwrap(
      client.GET('/v1/simulations/{id}/trace', { params: { path: { id: simulationId }, query: { fromTick: tick, toTick: tick } } }),
    ).catch((error: unknown) => {
      report(error);
      return undefined;
    });
    policy = (trace !== undefined && 'steps' in trace ? trace.steps[0]?.agents.find((a) => a.id === agent.id)?.policy : undefined) ?? {};
  }
  const fields = schemaForm(
    { type: 'object', properties: { lambda: { type: 'number' }, gamma: { type: 'number' }, belief: { type: 'number' } }, required: [] },
    { lambda: policy.lambda, gamma: policy.gamma, belief: policy.belief },
    'policy',
  );
  const save = async () => {
    try {
      await unwrap(
        client.PUT('/v1/simulations/{id}/agent-policy', { params: { path: { id: simulationId } }, body: { agentId: agent.id, policy: fields.value() } }),
      );
      saved.textContent = 'Saved: applies from the next tick.';
    } catch (error) {
      report(error);
    }
  };
  const saved = h('p', { class: 'hint' });
  return h(
    'div',
    { class: 'agent' },
    h('p', {}, h('strong', { id: 'agent-id' }, agent.id), ` at (${agent.x.toFixed(1)}, ${agent.y.toFixed(1)}), basin ${agent.basin ?? 'none'}`),
    fields.element,
    h('button', { id: 'policy-save', type: 'button', onclick: handler(save) }, 'Set policy'),
    saved,
  );
}

/** Every decree type of the service's OpenAPI document, each with a form made from its payload schema. */
async function decreeForm(client: SimClient, simulationId: string, grid: Grid, report: (error: unknown) => void): Promise<HTMLElement> {
  const document = (await (await fetch('/v1/openapi.json')).json()) as { components: { schemas: Record<string, JsonSchema> } };
  const variants = (document.components.schemas['DecreeInput']?.oneOf ?? []).flatMap((variant) => {
    const type = variant.properties?.['type']?.enum?.[0];
    const payload = variant.properties?.['payload'];
    return typeof type === 'string' && payload !== undefined ? [{ type, payload, description: variant.description ?? '' }] : [];
  });
  const typeSelect = h('select', { id: 'decree-type' }, ...variants.map((v) => h('option', { value: v.type, title: v.description }, v.type)));
  const fieldsBox = h('div', { id: 'decree-fields' });
  let fields: SchemaForm | undefined;
  const centre = { x: grid.width / 2, y: grid.height / 2 };
  const showType = () => {
    const variant = variants.find((v) => v.type === typeSelect.value);
    if (variant === undefined) return;
    const initial: Record<string, unknown> = 'x' in (variant.payload.properties ?? {}) ? { ...centre } : {};
    if (variant.type === 'shock') Object.assign(initial, { radius: Math.max(2, grid.width / 8), magnitude: 0.5 });
    fields = schemaForm(variant.payload, initial, `decree-${variant.type}`);
    fieldsBox.replaceChildren(h('p', { class: 'hint' }, variant.description), fields.element);
  };
  typeSelect.addEventListener('change', showType);
  showType();
  const submitted = h('p', { class: 'hint', id: 'decree-message' });
  const submit = async () => {
    try {
      const payload = fields?.value() ?? {};
      const decree = await unwrap(
        client.POST('/v1/simulations/{id}/decrees', { params: { path: { id: simulationId } }, body: { type: typeSelect.value, payload } as never }),
      );
      submitted.textContent = `Decree ${decree.id.slice(0, 8)} queued: applied at the next tick.`;
    } catch (error) {
      report(error);
    }
  };
  return h(
    'div',
    { class: 'decree' },
    typeSelect,
    fieldsBox,
    h('button', { id: 'decree-submit', type: 'button', onclick: handler(submit) }, 'Submit decree'),
    submitted,
  );
}

/** Fork at the tick shown; compare with the parent or a fork, side by side. */
async function timelinePanel(
  context: PageContext,
  simulationId: string,
  tickShown: () => number,
  result: HTMLElement,
  report: (error: unknown) => void,
): Promise<HTMLElement> {
  const { client } = context;
  const path = { id: simulationId };
  const lineage = await unwrap(client.GET('/v1/simulations/{id}/lineage', { params: { path } }));
  const relatives = [
    ...lineage.ancestors.map((a) => ({ id: a.id, label: `ancestor (fork at ${a.atTick})` })),
    ...lineage.forks.map((f) => ({ id: f.id, label: `fork at ${f.atTick}` })),
  ];
  const fork = async () => {
    try {
      const created = await unwrap(client.POST('/v1/simulations/{id}/forks', { params: { path }, body: { atTick: tickShown() } }));
      context.open(created.id);
    } catch (error) {
      report(error);
    }
  };
  const otherSelect = h('select', { id: 'compare-select' }, ...relatives.map((r) => h('option', { value: r.id }, `${r.label} · ${r.id.slice(0, 8)}`)));
  const compare = async () => {
    try {
      const comparison = await unwrap(
        client.GET('/v1/simulations/{id}/compare/{otherId}', { params: { path: { id: simulationId, otherId: otherSelect.value } } }),
      );
      result.replaceChildren(comparisonView(comparison));
    } catch (error) {
      report(error);
    }
  };
  return h(
    'div',
    { class: 'timeline' },
    h('button', { id: 'fork-button', type: 'button', onclick: handler(fork) }, 'Fork at the tick shown'),
    relatives.length === 0
      ? h('p', { class: 'hint' }, 'No parent or forks to compare with yet.')
      : h('div', { class: 'row' }, otherSelect, h('button', { id: 'compare-button', type: 'button', onclick: handler(compare) }, 'Compare')),
  );
}

type Comparison = components['schemas']['Comparison'];

function comparisonView(comparison: Comparison): HTMLElement {
  const chartBox = h('div');
  const chart = new SeriesChart(chartBox, ['this run', 'the other'], 420, 160);
  chart.set(comparison.stability.ticks, [comparison.stability.simulation, comparison.stability.other]);
  const tick = (t: number | null) => (t === null ? 'kept' : `lost at ${t}`);
  return h(
    'div',
    { class: 'comparison' },
    h(
      'p',
      { id: 'first-difference' },
      `Ticks ${comparison.range.fromTick}–${comparison.range.toTick}: first difference ${comparison.firstDifferenceTick === null ? 'none' : `at tick ${comparison.firstDifferenceTick}`}`,
    ),
    chartBox,
    h(
      'table',
      {},
      h('tr', {}, h('th', {}, 'basin'), h('th', {}, 'this run'), h('th', {}, 'the other')),
      ...comparison.attractors.map((a) => h('tr', {}, h('td', {}, a.id), h('td', {}, tick(a.lossTick.simulation)), h('td', {}, tick(a.lossTick.other)))),
    ),
  );
}
