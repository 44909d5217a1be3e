// The import graph's rules, checked by `pnpm lint` (tools/lint/check-layers.ts runs
// dependency-cruiser with this file): arrows point down the layers, no module takes part in a
// circle, and the engine's worker imports only the engine and the pure modules beside it.
//
// The layer order, written once: a folder (or file) may import its own modules and those of
// every layer listed BELOW it, never one listed above. Each entry is a regular expression on
// the path from the repository's root.
const API = '^apps/api/src/';

export const LAYERS = [
  // Entry points: they build the service from its parts and start it.
  { name: 'entry', path: `${API}(main|app|app-deps|config|experiment-worker)\\.ts$|${API}cli/` },
  // HTTP: the routes, then the guards and handlers every route shares (given identity, rate
  // limits and usage), then the node server's own limits.
  { name: 'routes', path: `${API}routes/` },
  { name: 'http', path: `${API}http/` },
  // How the processes of a deployment share work (docs/architecture.md, "Topology"): one
  // process or several over PostgreSQL, built from the storage and the ports below it.
  { name: 'topology', path: `${API}topology/` },
  // Adapters: the stores over SQLite and PostgreSQL implement the ports declared below them.
  { name: 'storage', path: `${API}storage/` },
  // Use cases: experiments run on simulations; live streams what simulations publish.
  { name: 'experiments', path: `${API}experiments/` },
  { name: 'live', path: `${API}live/` },
  { name: 'simulations', path: `${API}simulations/` },
  { name: 'scenarios', path: `${API}scenarios/` },
  // Coordination between processes: its port names who pays for playback and a stream's slot.
  { name: 'coordination', path: `${API}coordination/` },
  // Policies a use case consults: budgets, limits, who the caller is, replayed requests.
  { name: 'storage-budget', path: `${API}storage-budget/` },
  { name: 'work-budget', path: `${API}work-budget/` },
  { name: 'rate-limit', path: `${API}rate-limit/` },
  { name: 'identity', path: `${API}identity/` },
  { name: 'idempotency', path: `${API}idempotency/` },
  // The engine's work: where it runs (a worker thread or this one), then the pure data it takes
  // and gives (checkpoints, compact steps, work cost, metrics of a run).
  { name: 'engine-work', path: `${API}engine-work/` },
  { name: 'engine-data', path: `${API}engine-data/` },
  // Generic utilities: nothing in them knows a simulation, an identity or a route.
  { name: 'lib', path: `${API}lib/` },
  // The packages: the typed client, the domain adapters over the engine, the engine.
  { name: 'client', path: '^packages/client/' },
  { name: 'domain-adapters', path: '^packages/domain-adapters/' },
  { name: 'engine', path: '^packages/engine/' },
];

/** One rule a layer: nothing in it imports a layer listed above it. */
const layerRules = LAYERS.slice(1).map((layer, index) => ({
  name: `layers-point-down:${layer.name}`,
  comment: `${layer.name} imports only the layers below it (.dependency-cruiser.js, LAYERS)`,
  severity: 'error',
  from: { path: layer.path },
  to: {
    path: LAYERS.slice(0, index + 1)
      .map((above) => `(${above.path})`)
      .join('|'),
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A module never imports, directly or not, a module that imports it.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'worker-is-pure',
      comment:
        'engine-work/ (the worker) imports only @sim/engine, the pure domain adapters over it (a worker translates a domain) and the pure modules beside it.',
      severity: 'error',
      from: { path: `${API}engine-work/` },
      to: { path: `${API}|^packages/`, pathNot: `${API}(engine-work|engine-data)/|^packages/(engine|domain-adapters)/` },
    },
    {
      name: 'engine-data-is-pure',
      comment: 'engine-data/ imports only @sim/engine and itself: the worker and the event loop share it.',
      severity: 'error',
      from: { path: `${API}engine-data/` },
      to: { path: `${API}|^packages/`, pathNot: `${API}engine-data/|^packages/engine/` },
    },
    {
      name: 'in-a-layer',
      comment: 'Every module of the API and the packages belongs to a layer: a new folder is placed in LAYERS.',
      severity: 'error',
      from: { path: `${API}|^packages/`, pathNot: LAYERS.map((layer) => `(${layer.path})`).join('|') },
      to: {},
    },
    ...layerRules,
  ],
  options: {
    // Type-only imports are arrows too: a type names the module it comes from.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    // @sim/* packages resolve to their sources in the workspace (tsconfig.base.json, customConditions).
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@sim/source', 'import', 'types', 'node', 'default'],
      extensions: ['.ts', '.js', '.mjs', '.json'],
    },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|test|bench|scripts)/|\\.d\\.ts$' },
  },
};
