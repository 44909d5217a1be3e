#!/usr/bin/env node
// The operator CLI as a workspace binary: `pnpm sim …` at the repo root runs it without
// pnpm's script header, so `--json` output stays clean JSON on stdout.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
