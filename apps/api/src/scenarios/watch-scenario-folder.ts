import type { ScenarioFile } from '@sim/engine';
import { watch, type FSWatcher } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import type { Logger } from '../lib/logger.js';
import { checkScenarioFolder, type CheckedScenarioFile, type ScenarioFileChecks } from './load-scenario-folder.js';
import { describeIssues } from './read-scenario-file.js';
import { createScenarioCatalog, type ScenarioCatalog } from './scenario-catalog.js';

/** Editors write a file in several steps (truncate, write, rename); one rescan follows the last. */
export const SCENARIO_WATCH_DEBOUNCE_MS = 200;

export interface ScenarioFolderWatch {
  /** Always the folder's current catalogue; hand it to the app once. */
  catalog: ScenarioCatalog;
  /** Scenarios served, files refused, and whether the folder is watched: for the start-up line. */
  status(): { served: number; refused: number; watching: boolean };
  /** Rescans the folder now (a change event does this after the debounce). */
  reload(): void;
  /** Stops watching; the catalogue keeps its last content. Idempotent. */
  close(): void;
}

export interface WatchScenarioFolderOptions {
  debounceMs?: number;
  /** false: load once and never watch (the catalogue is then fixed, as before watching existed). */
  watch?: boolean;
}

/**
 * Serves the scenarios of a folder and follows it while the server runs: a file added, changed
 * or removed is in the catalogue (or out of it) about `debounceMs` after the last write, with no
 * restart. Every file is judged by the same rule as at start and as `sim scenarios validate`.
 *
 * A file that was served and becomes invalid keeps its last valid version in the catalogue,
 * and the log says so with every problem: a half-saved edit must not make a scenario vanish
 * under the clients that use it. Removing the file removes the scenario; a restart serves
 * only what is valid on disk. A file that was never valid is not served.
 */
export function watchScenarioFolder(dir: string, logger: Logger, options: WatchScenarioFolderOptions = {}): ScenarioFolderWatch {
  const debounceMs = options.debounceMs ?? SCENARIO_WATCH_DEBOUNCE_MS;
  /** File name → the scenario served for it. */
  let served = new Map<string, ScenarioFile>();
  /** File name → the problems last logged for it, so an unchanged broken file is logged once. */
  let reported = new Map<string, string>();
  let catalog = createScenarioCatalog([]);
  let refused = 0;
  const known: ScenarioFileChecks = new Map();

  const scan = (initial: boolean): void => {
    let checked: CheckedScenarioFile[];
    try {
      checked = checkScenarioFolder(dir, known);
    } catch (error) {
      logger.warn(`scenarios folder not readable: ${dir}${initial ? '' : '; the catalogue is kept as it was'}`, { error: (error as Error).message });
      return;
    }
    const next = new Map<string, ScenarioFile>();
    const nextReported = new Map<string, string>();
    const report = (file: string, message: string): void => {
      nextReported.set(file, message);
      if (reported.get(file) !== message) logger.warn(message);
    };
    for (const { label: file, check } of checked) {
      const before = served.get(file);
      // A failing file's warnings wait for its errors to be fixed: one message a file, so that
      // an unchanged file is not logged again on every pass.
      if (check.scenario !== undefined && check.warnings.length > 0) report(file, `scenario ${file}: ${describeIssues(check.warnings)}`);
      if (check.scenario !== undefined) {
        next.set(file, check.scenario);
        if (!initial && before === undefined) logger.info(`scenario ${file} added: ${check.scenario.id}`);
        else if (!initial && !isDeepStrictEqual(before, check.scenario)) logger.info(`scenario ${file} changed: ${check.scenario.id}`);
        continue;
      }
      const problems = describeIssues(check.errors);
      if (before !== undefined) {
        next.set(file, before);
        report(file, `scenario ${file} is invalid; still serving its last valid version: ${problems}`);
      } else {
        report(file, `scenario ${file} skipped: ${problems}`);
      }
    }
    if (!initial) for (const [file, scenario] of served) if (!next.has(file)) logger.info(`scenario ${file} removed: ${scenario.id}`);
    served = next;
    reported = nextReported;
    refused = checked.length - next.size;
    catalog = createScenarioCatalog([...next.values()]);
  };

  scan(true);

  let watcher: FSWatcher | undefined;
  let timer: NodeJS.Timeout | undefined;
  const close = (): void => {
    clearTimeout(timer);
    watcher?.close();
    watcher = undefined;
  };
  if (options.watch !== false) {
    try {
      watcher = watch(dir, () => {
        clearTimeout(timer);
        timer = setTimeout(() => scan(false), debounceMs);
      });
      watcher.on('error', (error) => {
        logger.warn(`scenarios folder no longer watched: ${dir}`, { error: error.message });
        close();
      });
    } catch (error) {
      logger.warn(`scenarios folder not watched (changes need a restart): ${dir}`, { error: (error as Error).message });
    }
  }

  return {
    catalog: { list: () => catalog.list(), get: (id) => catalog.get(id) },
    status: () => ({ served: served.size, refused, watching: watcher !== undefined }),
    reload: () => scan(false),
    close,
  };
}
