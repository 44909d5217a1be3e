/**
 * The export condition under which every @sim/* package resolves to its TypeScript sources
 * inside the workspace; without it (any other project) a package resolves to its built dist/
 * (docs/packaging.md, "Sources in the workspace, dist/ outside").
 */
export const SOURCE_CONDITION = '@sim/source';

/**
 * The Vite options of a vitest project: the source condition first, then Vite's own defaults
 * for each side (setting `conditions` replaces them, and Vite does not export them to configs
 * loaded through vitest), so that tests never run a stale or missing build.
 */
export const sourceResolve = {
  resolve: { conditions: [SOURCE_CONDITION, 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, 'module', 'node', 'development|production'] } },
};
