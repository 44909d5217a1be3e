#!/usr/bin/env node
// The operator CLI as a workspace binary: `pnpm sim …` at the repo root runs it without
// pnpm's script header, so `--json` output stays clean JSON on stdout.
import { register as registerHooks } from 'node:module';
import { register } from 'tsx/esm/api';

register();
// @sim/* packages resolve to their TypeScript sources (the `@sim/source` export condition),
// however node was started (docs/packaging.md, "Sources in the workspace, dist/ outside").
// Registered after tsx, so it runs first and tsx resolves with the condition.
const addSourceCondition = `export async function resolve(specifier, context, next) {
  const conditions = context.conditions.includes('@sim/source') ? context.conditions : [...context.conditions, '@sim/source'];
  return next(specifier, { ...context, conditions });
}`;
registerHooks(`data:text/javascript,${encodeURIComponent(addSourceCondition)}`);
await import('../src/cli/main.ts');
