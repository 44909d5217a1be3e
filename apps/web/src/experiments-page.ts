import { unwrap, type components, type SimClient } from '@sim/client';
import { h } from './dom.js';
import { errorText } from './error-text.js';
import { experimentChart } from './experiment-chart.js';
import { handler, inBackground } from './in-background.js';

type Experiment = components['schemas']['Experiment'];
type Results = components['schemas']['ExperimentResults'];

/** A small sweep to start from: the reflexivity of a prophecy scenario, a few replications. */
const EXAMPLE_BODY = {
  base: { scenarioId: 'self-defeating-prophecy' },
  vary: { 'rules.reflexivity': { from: 0, to: 1, step: 0.5 } },
  replications: 8,
  seed: 7,
  ticks: 150,
  metrics: ['lost:doomed', 'minStability', 'paradoxes'],
};

/** The caller's experiments, newest first, and a form to submit one (its body as JSON, docs/api.md "Experiments"). */
export async function experimentsPage(client: SimClient, onOpen: (id: string) => void): Promise<HTMLElement> {
  const list = await unwrap(client.GET('/v1/experiments', { params: { query: { limit: 50 } } }));
  const body = h('textarea', { id: 'experiment-body', rows: 10, cols: 70, spellcheck: false });
  body.value = JSON.stringify(EXAMPLE_BODY, null, 2);
  const message = h('p', { class: 'message', role: 'status', id: 'experiment-message' });
  const submit = async () => {
    try {
      const created = await unwrap(client.POST('/v1/experiments', { body: JSON.parse(body.value) as never }));
      onOpen(created.id);
    } catch (error) {
      message.textContent = errorText(error);
    }
  };
  return h(
    'section',
    { class: 'panel', id: 'experiments' },
    h('h2', {}, 'New experiment'),
    h('p', { class: 'hint' }, 'A parameter sweep with replications; every field is in the API reference (POST /v1/experiments).'),
    body,
    h('div', { class: 'row' }, h('button', { id: 'experiment-submit', type: 'button', class: 'primary', onclick: handler(submit) }, 'Submit')),
    message,
    h('h2', {}, 'Your experiments'),
    list.data.length === 0
      ? h('p', {}, 'None yet.')
      : h(
          'ul',
          { class: 'plain' },
          ...list.data.map((e) =>
            h(
              'li',
              {},
              h(
                'button',
                { type: 'button', class: 'link', onclick: () => onOpen(e.id) },
                `${e.scenarioId} · ${e.status} · ${e.runs.done}/${e.runs.total} runs`,
              ),
              h('small', {}, ` ${e.createdAt}`),
            ),
          ),
        ),
  );
}

/**
 * One experiment: its progress until it finishes (polled each second), then per metric a chart
 * of the mean and its 95% confidence interval across the combinations, and the statistics.
 */
export async function experimentPage(client: SimClient, id: string): Promise<{ element: HTMLElement; dispose(): void }> {
  const path = { id };
  const progress = h('p', { id: 'experiment-progress' });
  const charts = h('div', { id: 'experiment-charts', class: 'charts' });
  const table = h('div', { id: 'experiment-table' });
  const cancel = h('button', { id: 'experiment-cancel', type: 'button' }, 'Cancel');
  const message = h('p', { class: 'message', role: 'status', id: 'experiment-page-message' });
  cancel.addEventListener(
    'click',
    handler(async () => {
      message.textContent = '';
      try {
        await unwrap(client.POST('/v1/experiments/{id}/cancel', { params: { path } }));
      } catch (error) {
        message.textContent = errorText(error);
      }
    }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  const show = (experiment: Experiment) => {
    const left = experiment.estimatedSecondsLeft === null ? '' : `, about ${Math.ceil(experiment.estimatedSecondsLeft)} s left`;
    progress.textContent = `${experiment.status}: ${experiment.runs.done} of ${experiment.runs.total} runs (${experiment.runs.reused} reused)${left}`;
    progress.className = `status experiment-${experiment.status}`;
    cancel.hidden = experiment.status !== 'queued' && experiment.status !== 'running';
  };
  const poll = async (known?: Experiment) => {
    if (disposed) return;
    let experiment: Experiment;
    try {
      experiment = known ?? (await unwrap(client.GET('/v1/experiments/{id}', { params: { path } })));
    } catch (error) {
      // The service is briefly away or refused: say so, and try again.
      progress.textContent = `${errorText(error)}; retrying`;
      timer = setTimeout(() => inBackground(poll()), 2_000);
      return;
    }
    show(experiment);
    if (experiment.status === 'queued' || experiment.status === 'running') {
      timer = setTimeout(() => inBackground(poll()), 1_000);
      return;
    }
    const results = await unwrap(client.GET('/v1/experiments/{id}/results', { params: { path }, headers: { Accept: 'application/json' } })).catch(
      (error: unknown) => {
        progress.textContent = `The results could not be read: ${errorText(error)}`;
        return undefined;
      },
    );
    // The route answers JSON, CSV or Parquet, so its typed answer is any of them; this one is JSON.
    if (typeof results === 'object' && results !== null && 'combinations' in results) render(experiment, results, charts, table);
  };
  const experiment = await unwrap(client.GET('/v1/experiments/{id}', { params: { path } }));
  inBackground(poll(experiment));
  return {
    element: h(
      'section',
      { class: 'panel', id: 'experiment' },
      h('h2', {}, `Experiment on ${experiment.scenarioId}`),
      h(
        'p',
        { class: 'hint' },
        `${experiment.combinations} combination(s) × ${experiment.replications} replication(s), ${experiment.ticks} ticks, seed ${experiment.seed}; varying ${experiment.parameters.map((p) => p.path).join(', ') || 'nothing'}`,
      ),
      h('div', { class: 'row' }, progress, cancel),
      message,
      charts,
      table,
    ),
    dispose() {
      disposed = true;
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}

function render(experiment: Experiment, results: Results, charts: HTMLElement, table: HTMLElement): void {
  charts.replaceChildren();
  const single = experiment.parameters.length === 1 ? experiment.parameters[0] : undefined;
  const xLabel = single?.path ?? 'combination';
  const xs = results.combinations.map((c) => (single !== undefined && typeof c.values[single.path] === 'number' ? (c.values[single.path] as number) : c.index));
  for (const metric of experiment.metrics) {
    const stats = results.combinations.map((c) => c.statistics.find((s) => s.metric === metric));
    if (stats.every((s) => s?.mean === null || s?.mean === undefined)) continue;
    const box = h('div', { class: 'chart', 'data-metric': metric });
    charts.append(box);
    experimentChart(
      box,
      metric,
      xLabel,
      xs,
      stats.map((s) => s?.mean ?? null),
      stats.map((s) => s?.ci95?.low ?? null),
      stats.map((s) => s?.ci95?.high ?? null),
    );
  }
  const cell = (value: number | null | undefined) => h('td', {}, value === null || value === undefined ? '–' : Number(value.toFixed(4)).toString());
  table.replaceChildren(
    h('p', { class: 'hint' }, `Results hash ${results.hash}`),
    h(
      'table',
      {},
      h('tr', {}, ...['combination', 'metric', 'count', 'mean', '95% CI', 'min', 'median', 'max'].map((t) => h('th', {}, t))),
      ...results.combinations.flatMap((c) =>
        c.statistics.map((s) =>
          h(
            'tr',
            {},
            h(
              'td',
              {},
              Object.entries(c.values)
                .map(([k, v]) => `${k}=${String(v)}`)
                .join(', '),
            ),
            h('td', {}, s.metric),
            h('td', {}, String(s.count)),
            cell(s.mean),
            h('td', {}, s.ci95 === null ? '–' : `${s.ci95.low.toFixed(3)}–${s.ci95.high.toFixed(3)}`),
            cell(s.min),
            cell(s.median),
            cell(s.max),
          ),
        ),
      ),
    ),
  );
}
