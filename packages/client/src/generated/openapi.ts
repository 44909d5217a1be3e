// Generated from the service's /v1/openapi.json by openapi-typescript. Do not edit:
// regenerate with `npx -y pnpm@10.34.9 client:generate` (packages/client/README.md).
export interface paths {
    "/v1/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Interactive API reference (public)
         * @description An HTML page rendering `/v1/openapi.json`. Its script and styles are served by this service from `/v1/docs/assets/standalone.js`; the page loads nothing from other hosts.
         */
        get: operations["getApiReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The domain adapters (public) */
        get: operations["listDomains"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/domains/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One domain adapter (public) */
        get: operations["getDomain"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/experiments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the experiments the caller may access, newest first */
        get: operations["listExperiments"];
        put?: never;
        /**
         * Submit an experiment: a parameter sweep with replications, computed as a job
         * @description Checked whole and weighed before anything is queued: every bad parameter path, value, range or metric is a 400 at its path. A simulation base is replayed to atTick first (weighed with the runs); another organization’s simulation is 401 as on the simulation routes, a failed one 409. Answers 202 with the queued experiment; follow it at `Location`, its events at `…/events`, its results at `…/results` (docs/api.md, "Experiments").
         */
        post: operations["submitExperiment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/experiments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An experiment: status, runs done and total, times, estimated time left */
        get: operations["getExperiment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/experiments/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an experiment; its finished runs are kept
         * @description When this answers, no further run of the experiment completes. An experiment that already finished is answered as it is.
         */
        post: operations["cancelExperiment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/experiments/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow an experiment (Server-Sent Events): status changes and every finished run, with progress
         * @description Each message has an `id:` (the event’s position in the experiment’s history), an `event:` name (`experiment:status` or `run`) and one `data:` line of JSON. Reconnecting with `Last-Event-ID` (or `?lastEventId=`) replays what came after it, then continues live. The stream ends after the status that finishes the experiment; a request with nothing left to send for a finished experiment is answered 204. Streams count against the organization’s open-stream limit.
         */
        get: operations["subscribeToExperimentEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/experiments/{id}/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Statistics per combination and metric, or every run as CSV or Parquet
         * @description JSON (the default): per combination and metric the count, mean, standard deviation, 95% confidence interval, min, quartiles and max, and a content hash. `Accept: text/csv` or `Accept: application/vnd.apache.parquet`: one row per finished run (combination, each varied path, replication, seed, each metric).
         */
        get: operations["getExperimentResults"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness and versions (public)
         * @description For monitors: limited per client address in a bucket of its own, as large as the enterprise Read limit (default 30 000 per minute), so monitors sharing an address are not refused and do not spend its ordinary bucket. Never cached (`Cache-Control: no-store`).
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI 3.1 document (public) */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/organization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's organization, its license tier and its limits
         * @description Scope `org:read`. JWT callers pick one of their `orgs` with `organizationId` (default the first).
         */
        get: operations["getOrganization"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scenarios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The pre-built scenarios (public) */
        get: operations["listScenarios"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scenarios/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One pre-built scenario (public)
         * @description The scenario file as written, with the defaults of its top-level fields (tags, note, nodeLabels, rules) and of each agent (policy, attractorPreferences). `?resolved=true` fills in what the engine would use too: every rule (its default when the file leaves it out; warningThresholds sorted high to low) and every agent policy parameter (lambda, gamma, belief).
         */
        get: operations["getScenario"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/simulations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the simulations the caller may access, newest first */
        get: operations["listSimulations"];
        put?: never;
        /** Create a simulation from a pre-built or an inline scenario */
        post: operations["createSimulation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/simulations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a simulation
         * @description The answer carries an `ETag` of its bytes. A request whose `If-None-Match` names the current tag is answered `304` with no body: the simulation has not changed since.
         */
        get: operations["getSimulation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/simulations/{id}/agent-policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change an agent’s policy from the next tick on */
        put: operations["setAgentPolicy"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/simulations/{id}/compare/{otherId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Compare two simulations over the ticks both have computed
         * @description Both are replayed over the common range, in step, with memory that stays flat however long the range (the cost of both replays). Both must be readable by the caller.
         */
        get: operations["compareSimulations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/simulations/{id}/decrees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The decrees of a simulation, in submission order */
        get: operations["listDecrees"];
        put?: never;
        /**
         * Submit a decree to an active simulation; it applies at the next tick
         * @description The `decree` event reports it when it applies. A decree naming an agent or attractor that does not exist (counting decrees already queued) is 404.
         */
        post: operations["submitDecree"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/simulations/{id}/decrees/{decreeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One decree of a simulation: what the `Location` of its 201 names
         * @description A decree id of another simulation is 404, as is an unknown one.
         */
        get: operations["getDecree"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/simulations/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Subscribe to the simulation’s events (Server-Sent Events)
         * @description A Server-Sent Events stream of the simulation’s activity. The stream opens with `retry: <ms>`; each message then has an `id:` (except heartbeats, `degraded` and the errors that close a stream), an `event:` name and one `data:` line of JSON.
         *
         *     - `tick`: every computed tick (step requests, playback, time-control step), `{ t, b, lastMove, state, warning, agents }`; `b` is the stability measure.
         *     - `loss`, `warning`, `paradox`: as the engine reports them; `decree`: when a decree is applied (the tick after it was submitted); `prophecy`: when stored.
         *     - `simulation:status`: every status change (idle → playing ⇄ paused → completed | failed); `error`: the simulation failed.
         *     - `heartbeat`: every 30 s, no id, an empty `data:` line.
         *
         *     **Credentials.** At each heartbeat the credential the stream opened with is authenticated again. A key revoked, or a JWT expired, since it opened ends the stream with `event: error` `{"code":"UNAUTHORIZED","message"}` (no id); a reconnect with it is refused as a new request would be.
         *
         *     **Choosing what a stream carries** (docs/api.md, "Events", "Choosing what a stream carries"). `agents=all` (default) | `none` (the aggregates only: stability, centroid and basins are in `state`) | `N` (1…10 000: a deterministic sample, the N agents whose id has the smallest FNV-1a hash, the same every tick). `encoding=json` (default: agent objects) | `packed` (`packed: { format: "q16", count, scale, roster, ids, xy, basin, basinBytes }`: x and y as little-endian uint16 = coordinate × scale in the base64 column `xy`, the basin as an index into `state.attractors` in `basin`, 255 for none; `ids` on key frames only, null when the roster is unchanged since the last frame). Decoding, in JavaScript: `const v = new DataView(Uint8Array.from(atob(p.xy), (c) => c.charCodeAt(0)).buffer); x_i = v.getUint16(4 * i, true) / p.scale; y_i = v.getUint16(4 * i + 2, true) / p.scale`. Without parameters the tick event is exactly `{ t, b, lastMove, state, warning, agents }`. Each variant is encoded once per tick and shared by its subscribers.
         *
         *     **Ids and resuming.** The id of a message is its position in the simulation’s history, counting every tick and every stored record; ids only increase. Reconnecting with `Last-Event-ID` (or `?lastEventId=`) replays everything after that id (stored events from storage, ticks recomputed deterministically), then continues live; this works for the whole life of the simulation. Without it the stream starts at the present. `lastEventId=0` replays from the first tick. The replay waits in the engine’s queue until it has caught up: when the queue is full the stream is refused at once (429 with `details.routeClass: "engine"` and `Retry-After: 1`, or 503 `ENGINE_BUSY` with `details.retryAfter: 1`).
         *
         *     **End.** After the final `simulation:status` (completed or failed) the server closes the stream; a request with nothing left to send answers 204, which tells an EventSource to stop reconnecting.
         *
         *     **Slow clients** (docs/api.md, "Events", "Several subscribers, slow subscribers"). Two hard bounds on the bytes the server holds for clients, whatever the encoding and `lag`: **per stream** 4 MiB and 4096 messages (queued, or handed to the socket and not yet taken), plus the one tick a degraded stream is sending; **per server process** 128 MiB for all its streams together (`SIM_SSE_PROCESS_QUEUE_BYTES`), a tick shared by several streams counted once; ticks may fill 7/8 of it, the rest is kept for other events. Producing a tick never waits for a client. `lag=skip` (default): past a bound the stream stays open and live; the ticks still queued are dropped, one `event: degraded` (no id, `{"code":"SLOW_CONSUMER","bound":"stream"|"process"}`) says so, and from then on only the newest unsent tick waits (a packed tick after a gap is a key frame); other events are never dropped (if they alone pass a bound, the stream is closed as with drop). `lag=drop`: past a bound the stream receives `retry: <ms>` and `event: error` `{"code":"SLOW_CONSUMER","bound","retryAfter"}` (no id) and closes; `retryAfter` (seconds) is the stream's own retry for `stream`, at least 10 s for `process`; reconnecting with Last-Event-ID then resumes without loss. Writes to all streams are spread over turns of the event loop (at most 256 KiB per turn), so requests are not held up behind a fan-out.
         *
         *     **Limits.** Open streams per organization: free 2, pro 20, enterprise 200; over the limit 429 RATE_LIMITED with `Retry-After: 5`. Each stream is sent at most free 1 MiB/s, pro 4 MiB/s, enterprise 16 MiB/s (per organization: 2, 80 and 3 200 MiB/s); a stream that produces more falls behind as above. Closing a stream frees its slot at once. Streams do not count against the per-minute read limit.
         */
        get: operations["subscribeToSimulationEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/simulations/{id}/forks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Branch a simulation at a past tick, optionally with decrees and policy changes
         * @description A new simulation of the same organization whose history up to `atTick` is its parent’s, byte for byte, and whose future is its own. It costs the replay of the parent up to `atTick`, and waits in the engine’s queue like an engine read. 409 for a failed parent, and for inputs on a fork at the tick its parent completed.
         */
        post: operations["forkSimulation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/simulations/{id}/lineage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The ancestors and direct forks of a simulation */
        get: operations["getLineage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/simulations/{id}/prophecies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The prophecies the engine made for a simulation (read-only) */
        get: operations["listProphecies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/simulations/{id}/states/{tick}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The state at any tick from 0 to the current one
         * @description The engine state at `tick`, equal to the `state` of trace step `tick` (tick 0: the state before the first tick). Replayed from the nearest checkpoint and weighed by the work budget like a trace read. A tick beyond the current one is 400 `VALIDATION_ERROR` at `tick`.
         */
        get: operations["getStateAtTick"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/simulations/{id}/step": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Advance a simulation
         * @description Concurrent steps of one simulation are serialized. `ticks` in the response is the number actually advanced.
         */
        post: operations["stepSimulation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/simulations/{id}/time-control": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Play, pause or step the simulation
         * @description play: status playing, server-side clock at rules.ticksPerSecond × speed. pause: status paused (also from idle). step: exactly one tick; playback pauses.
         */
        put: operations["setTimeControl"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/simulations/{id}/trace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The trace up to the current tick, whole or a page at a time
         * @description Recomputed from the nearest checkpoint and the input log, streamed. With `Accept: application/x-ndjson`: one TraceStep per line. Without query parameters: every step from tick 1 to the current tick. With `fromTick`, `toTick` or `limit`: a page of at most `limit` ticks (default 100, at most 1000), its `page` object in the JSON body and the next page’s `fromTick` in the `X-Next-Cursor` header (absent on the last page, the only place NDJSON carries it). Pages concatenated equal the whole trace byte for byte. 400 when fromTick is after toTick or beyond the current tick; 404 before the first tick.
         */
        get: operations["getTrace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/simulations/from-domain": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a simulation through a domain adapter */
        post: operations["createSimulationFromDomain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/simulations/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a simulation, run it and return its trace
         * @description With `Accept: application/x-ndjson` the trace streams as NDJSON while it is computed, in chunks each committed before its steps are sent: one TraceStep per line. A run that stops after its first byte (the engine failed: `INTERNAL_ERROR`; its client left or the server is stopping: `WORK_CANCELLED`; another request advanced, completed or failed the simulation meanwhile: `SIMULATION_CHANGED`, `SIMULATION_NOT_ACTIVE`) ends the body with one line holding the error envelope, `details.tick` the last tick committed; the simulation keeps its ticks up to there. The JSON representation is computed whole before it is answered. The simulation stays `idle` unless it completed (or failed).
         */
        post: operations["runSimulation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An organization's usage per UTC day
         * @description Scope `usage:read`. Simulations created, ticks computed and authenticated requests by route class, per UTC day. Counts are buffered in memory for up to a second before they are stored; a reply includes everything this server has recorded.
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @example {
         *       "agentId": "agent-1",
         *       "policy": {
         *         "lambda": 0.8
         *       }
         *     }
         */
        AgentPolicyUpdate: {
            agentId: string;
            policy: {
                /** @description Engine 1.2.0 on: how much the agent believes prophecies, scaling its reaction (0 ignores them, 1 reacts as reflexivity says, 2 twice as strongly; default 1) */
                belief?: number;
                /** @description Capacity / order: raises damping and how much load the agent carries (0 to 10, default 0.5) */
                gamma?: number;
                /** @description Latency / chaos: raises noise and reaction delay (0 to 10, default 0.5) */
                lambda?: number;
            };
        };
        ComparedRun: {
            /** Format: uuid */
            id: string;
            /** @description How many paradoxes the range holds (more than the list when it reached its limit) */
            paradoxCount: number;
            /** @description The paradoxes of the range, in order: the first 1000 */
            paradoxes: {
                attractor: string;
                kind: string;
                prophecy: components["schemas"]["ProphecyMark"];
                tick: number;
            }[];
            /** @description The prophecies made in the range, in order (ids as GET …/prophecies gives them): the first 1000 */
            prophecies: components["schemas"]["ProphecyMark"][];
            /** @description How many prophecies were made in the range (more than the list when it reached its limit; GET …/prophecies pages through all) */
            prophecyCount: number;
            /** @description Its current tick */
            tick: number;
        };
        /**
         * @example {
         *       "range": {
         *         "fromTick": 1,
         *         "toTick": 10
         *       },
         *       "firstDifferenceTick": 7,
         *       "attractors": [
         *         {
         *           "id": "well-a",
         *           "lossTick": {
         *             "simulation": null,
         *             "other": 7
         *           }
         *         },
         *         {
         *           "id": "well-b",
         *           "lossTick": {
         *             "simulation": null,
         *             "other": null
         *           }
         *         }
         *       ],
         *       "simulation": {
         *         "id": "d47d546e-9f67-4016-891d-dfe36abd2e21",
         *         "tick": 12,
         *         "paradoxes": [],
         *         "paradoxCount": 0,
         *         "prophecyCount": 2,
         *         "prophecies": [
         *           {
         *             "id": "3dcbb33b-5285-5a28-803e-92a006634c33",
         *             "seq": 1,
         *             "tick": 5
         *           },
         *           {
         *             "id": "3c867e62-3ec9-5c87-a519-d0ded2a3af2e",
         *             "seq": 2,
         *             "tick": 10
         *           }
         *         ]
         *       },
         *       "other": {
         *         "id": "e4b22f7b-f00c-4af6-ba27-f7579a92b6b9",
         *         "tick": 10,
         *         "paradoxes": [
         *           {
         *             "tick": 7,
         *             "kind": "unforeseen",
         *             "attractor": "well-a",
         *             "prophecy": {
         *               "id": "f02ef306-5adb-598c-8124-d40b4d8ff71d",
         *               "seq": 1,
         *               "tick": 5
         *             }
         *           }
         *         ],
         *         "paradoxCount": 1,
         *         "prophecyCount": 2,
         *         "prophecies": [
         *           {
         *             "id": "f02ef306-5adb-598c-8124-d40b4d8ff71d",
         *             "seq": 1,
         *             "tick": 5
         *           },
         *           {
         *             "id": "1861da2a-f9b9-5dc5-8ded-7de5bac6ea61",
         *             "seq": 2,
         *             "tick": 10
         *           }
         *         ]
         *       },
         *       "stability": {
         *         "sampled": false,
         *         "ticks": [
         *           1,
         *           2,
         *           3,
         *           4,
         *           5,
         *           6,
         *           7,
         *           8,
         *           9,
         *           10
         *         ],
         *         "simulation": [
         *           0.848,
         *           0.823,
         *           0.798,
         *           0.85,
         *           0.835,
         *           0.862,
         *           0.903,
         *           0.897,
         *           0.906,
         *           0.934
         *         ],
         *         "other": [
         *           0.848,
         *           0.823,
         *           0.798,
         *           0.85,
         *           0.835,
         *           0.862,
         *           0.47,
         *           0.472,
         *           0.476,
         *           0.492
         *         ]
         *       }
         *     }
         */
        Comparison: {
            attractors: {
                id: string;
                lossTick: {
                    other: number | null;
                    simulation: number | null;
                };
            }[];
            /** @description `state.domain` of both at the same ticks, in the domain's units; present when either run has a domain model (engine 1.4.0 on) */
            domain?: {
                /** @description null where a run has no domain model */
                other: ({
                    /** @enum {string} */
                    model: "seir";
                    /** @description The regions, in the order of the domain block */
                    regions: {
                        /** @description Hospital beds; the capacity of the region's hospitals */
                        beds: number;
                        /** @description E: infected, not yet infectious */
                        exposed: number;
                        /** @description H: in hospital; the load of the region's hospitals */
                        hospitalized: number;
                        /** @description I: infectious, in the community */
                        infectious: number;
                        /** @description Name of the region */
                        name: string;
                        /** @description R: recovered, including discharged patients */
                        recovered: number;
                        /** @description S: never infected */
                        susceptible: number;
                    }[];
                } | {
                    /** @enum {string} */
                    model: "stock-flow";
                    sites: {
                        /** @description Units ordered from the site and not yet shipped: end customers’ back orders plus what it owes the sites it supplies */
                        backlog: number;
                        /** @description Units ordered from the site this day */
                        demand: number;
                        /** @description Name of the site */
                        name: string;
                        /** @description Units the site ordered from its supplier (or put into production) this day */
                        ordered: number;
                        /** @description Units the site received this day */
                        received: number;
                        /** @description Units the site shipped this day */
                        shipped: number;
                        /** @description Units on hand at the end of the day */
                        stock: number;
                    }[];
                } | {
                    /** @enum {string} */
                    model: "grazing";
                    pastures: {
                        /** @description V: standing forage, tonnes of dry matter */
                        biomass: number;
                        /** @description Its forage fell below collapseShare · K (for good) */
                        collapsed: boolean;
                        /** @description A drought touched it this week */
                        drought: boolean;
                        /** @description H: animals grazing it */
                        herd: number;
                        name: string;
                    }[];
                    /** @description Weeks simulated */
                    week: number;
                } | {
                    banks: {
                        /** @description Deposits not yet withdrawn this cycle, in units of one deposit */
                        deposits: number;
                        /** @description Failed: period-1 withdrawals asked for more than its liquid assets plus the liquidation value of the rest */
                        failed: boolean;
                        /** @description Illiquid assets now, in units (worth R each at maturity) */
                        illiquid: number;
                        insured: boolean;
                        /** @description What the deposit insurer paid the depositors of this failed bank */
                        insurerPaid: number;
                        /** @description c2 paid per unit of deposit at the last maturity (null before the first) */
                        latePayout: number | null;
                        /** @description Liquid assets now */
                        liquid: number;
                        name: string;
                        /** @description Convertibility suspended for the rest of period 1 */
                        suspended: boolean;
                        /** @description Paid out in period 1 of this cycle */
                        withdrawn: number;
                    }[];
                    /** @description Deposit cycle, from 1 */
                    cycle: number;
                    /** @description Day of the current cycle (0 is period 0; periodDays + 1 is maturity, which reopens the bank at day 0) */
                    day: number;
                    /** @enum {string} */
                    model: "bank-run";
                } | null)[];
                /** @description True when the range has more than 100 ticks and the series are sampled */
                sampled: boolean;
                simulation: ({
                    /** @enum {string} */
                    model: "seir";
                    /** @description The regions, in the order of the domain block */
                    regions: {
                        /** @description Hospital beds; the capacity of the region's hospitals */
                        beds: number;
                        /** @description E: infected, not yet infectious */
                        exposed: number;
                        /** @description H: in hospital; the load of the region's hospitals */
                        hospitalized: number;
                        /** @description I: infectious, in the community */
                        infectious: number;
                        /** @description Name of the region */
                        name: string;
                        /** @description R: recovered, including discharged patients */
                        recovered: number;
                        /** @description S: never infected */
                        susceptible: number;
                    }[];
                } | {
                    /** @enum {string} */
                    model: "stock-flow";
                    sites: {
                        /** @description Units ordered from the site and not yet shipped: end customers’ back orders plus what it owes the sites it supplies */
                        backlog: number;
                        /** @description Units ordered from the site this day */
                        demand: number;
                        /** @description Name of the site */
                        name: string;
                        /** @description Units the site ordered from its supplier (or put into production) this day */
                        ordered: number;
                        /** @description Units the site received this day */
                        received: number;
                        /** @description Units the site shipped this day */
                        shipped: number;
                        /** @description Units on hand at the end of the day */
                        stock: number;
                    }[];
                } | {
                    /** @enum {string} */
                    model: "grazing";
                    pastures: {
                        /** @description V: standing forage, tonnes of dry matter */
                        biomass: number;
                        /** @description Its forage fell below collapseShare · K (for good) */
                        collapsed: boolean;
                        /** @description A drought touched it this week */
                        drought: boolean;
                        /** @description H: animals grazing it */
                        herd: number;
                        name: string;
                    }[];
                    /** @description Weeks simulated */
                    week: number;
                } | {
                    banks: {
                        /** @description Deposits not yet withdrawn this cycle, in units of one deposit */
                        deposits: number;
                        /** @description Failed: period-1 withdrawals asked for more than its liquid assets plus the liquidation value of the rest */
                        failed: boolean;
                        /** @description Illiquid assets now, in units (worth R each at maturity) */
                        illiquid: number;
                        insured: boolean;
                        /** @description What the deposit insurer paid the depositors of this failed bank */
                        insurerPaid: number;
                        /** @description c2 paid per unit of deposit at the last maturity (null before the first) */
                        latePayout: number | null;
                        /** @description Liquid assets now */
                        liquid: number;
                        name: string;
                        /** @description Convertibility suspended for the rest of period 1 */
                        suspended: boolean;
                        /** @description Paid out in period 1 of this cycle */
                        withdrawn: number;
                    }[];
                    /** @description Deposit cycle, from 1 */
                    cycle: number;
                    /** @description Day of the current cycle (0 is period 0; periodDays + 1 is maturity, which reopens the bank at day 0) */
                    day: number;
                    /** @enum {string} */
                    model: "bank-run";
                } | null)[];
                /** @description The ticks of both series: every tick of the range, or 100 evenly spread (first and last included) */
                ticks: number[];
            };
            /** @description The first tick whose trace steps differ, byte for byte; null when none in the range does */
            firstDifferenceTick: number | null;
            other: components["schemas"]["ComparedRun"];
            /** @description The ticks both have computed: 1 to the smaller current tick (0…0 when either has none) */
            range: {
                fromTick: number;
                toTick: number;
            };
            simulation: components["schemas"]["ComparedRun"];
            /** @description Stability b of both at the same ticks */
            stability: {
                other: number[];
                /** @description True when the range has more than 500 ticks and the series are sampled */
                sampled: boolean;
                simulation: number[];
                /** @description The ticks of both series: every tick of the range, or 500 evenly spread (first and last included) */
                ticks: number[];
            };
        };
        /**
         * @example {
         *       "domain": "epidemic",
         *       "input": {
         *         "seed": 7,
         *         "regions": [
         *           {
         *             "name": "Capital",
         *             "population": 2400000,
         *             "contactsPerDay": 14,
         *             "hospitalBeds": 5200,
         *             "initialInfectious": 50
         *           },
         *           {
         *             "name": "North",
         *             "population": 900000,
         *             "contactsPerDay": 10,
         *             "hospitalBeds": 1600
         *           },
         *           {
         *             "name": "Harbour",
         *             "population": 1100000,
         *             "contactsPerDay": 12,
         *             "hospitalBeds": 2000
         *           },
         *           {
         *             "name": "Valley",
         *             "population": 600000,
         *             "contactsPerDay": 8,
         *             "hospitalBeds": 1500
         *           },
         *           {
         *             "name": "Highlands",
         *             "population": 300000,
         *             "contactsPerDay": 7,
         *             "hospitalBeds": 900
         *           },
         *           {
         *             "name": "South coast",
         *             "population": 700000,
         *             "contactsPerDay": 11,
         *             "hospitalBeds": 1100
         *           }
         *         ],
         *         "disease": {
         *           "transmissionProbability": 0.05,
         *           "latentDays": 3,
         *           "infectiousDays": 5,
         *           "hospitalizationRate": 0.015,
         *           "hospitalStayDays": 8
         *         },
         *         "interventions": {
         *           "distancing": 0,
         *           "masks": 0,
         *           "travelRestrictions": 0,
         *           "testingAndTracing": 0
         *         },
         *         "mobility": 0.3,
         *         "reactionStrength": 0.5,
         *         "overloadDays": 1
         *       }
         *     }
         */
        CreateFromDomain: {
            /** @description Domain adapter id (GET /v1/domains) */
            domain: string;
            engineVersion?: components["schemas"]["EngineVersion"];
            /** @description Domain-specific input; its JSON Schema is at GET /v1/domains/{id} */
            input: {
                [key: string]: unknown;
            };
            /**
             * Format: uuid
             * @description Organization to bill against; default the caller’s (first) organization
             */
            organizationId?: string;
        };
        /**
         * @description Exactly one of scenarioId or scenario
         * @example {
         *       "scenarioId": "calm-equilibrium"
         *     }
         */
        CreateSimulation: {
            engineVersion?: components["schemas"]["EngineVersion"];
            /**
             * Format: uuid
             * @description Organization to bill against; default the caller’s (first) organization
             */
            organizationId?: string;
            scenario?: components["schemas"]["InlineScenario"];
            /** @description A pre-built scenario id (GET /v1/scenarios) */
            scenarioId?: string;
        };
        DailyUsage: {
            /** @description UTC day, YYYY-MM-DD */
            date: string;
            requests: components["schemas"]["UsageRequestCounts"];
            /** @description Simulations created (create, from-domain, run) */
            simulationsCreated: number;
            /** @description Ticks computed by run, step and playback */
            ticksComputed: number;
        };
        Decree: {
            /** Format: date-time */
            createdAt: string;
            /** Format: uuid */
            id: string;
            payload: {
                [key: string]: unknown;
            };
            /** Format: uuid */
            simulationId: string;
            /** @description The tick at which the decree applies (the one after the tick current when it was submitted) */
            tick: number;
            /** @enum {string} */
            type: "shock" | "add-attractor" | "move-attractor" | "remove-attractor" | "add-agent" | "move-agent" | "remove-agent" | "set-rule";
        };
        DecreeEvent: {
            /** @description False when the decree no longer fitted the world at its tick (it then changed nothing) */
            applied: boolean;
            /**
             * Format: uuid
             * @description The id POST /decrees returned
             */
            decreeId: string | null;
            payload: {
                [key: string]: unknown;
            };
            /** @description Why it was not applied; null when applied */
            reason: string | null;
            /** @description Tick at which the decree was applied */
            tick: number;
            type: string;
        };
        /** @description A decree, applied at the start of the next tick. One variant per `type`, each with its payload schema. */
        DecreeInput: {
            payload: {
                /** @description Depth removed at the centre, as a fraction of each basin initial depth */
                magnitude: number;
                /** @description Reach of the shock, in cells */
                radius: number;
                x: number;
                y: number;
            };
            /** @enum {string} */
            type: "shock";
        } | {
            payload: {
                /** @description Load the basin carries without eroding */
                capacity: number;
                /** @description Initial depth of the well: how strongly it pulls, and what erosion must remove */
                depth: number;
                /** @description Attractor identifier, unique for the life of the simulation */
                id: string;
                /** @description Width of the well, at least 0.01 (smaller wells would overflow the pull); the basin reaches twice as far */
                radius: number;
                /** @description Centre, x */
                x: number;
                /** @description Centre, y */
                y: number;
            };
            /** @enum {string} */
            type: "add-attractor";
        } | {
            payload: {
                id: string;
                x: number;
                y: number;
            };
            /** @enum {string} */
            type: "move-attractor";
        } | {
            payload: {
                id: string;
            };
            /** @enum {string} */
            type: "remove-attractor";
        } | {
            payload: {
                /**
                 * @description Weight of the pull of each attractor, by attractor id (negative repels); unlisted attractors weigh 1
                 * @default {}
                 */
                attractorPreferences: {
                    [key: string]: number;
                };
                /** @description Agent identifier, unique in the simulation */
                id: string;
                /** @description Initial position on the grid */
                marker: {
                    x: number;
                    y: number;
                };
                /**
                 * @description Policy parameters; missing ones take the defaults
                 * @default {}
                 */
                policy: {
                    /** @description Engine 1.2.0 on: how much the agent believes prophecies, scaling its reaction (0 ignores them, 1 reacts as reflexivity says, 2 twice as strongly; default 1) */
                    belief?: number;
                    /** @description Capacity / order: raises damping and how much load the agent carries (0 to 10, default 0.5) */
                    gamma?: number;
                    /** @description Latency / chaos: raises noise and reaction delay (0 to 10, default 0.5) */
                    lambda?: number;
                };
            };
            /** @enum {string} */
            type: "add-agent";
        } | {
            payload: {
                id: string;
                x: number;
                y: number;
            };
            /** @enum {string} */
            type: "move-agent";
        } | {
            payload: {
                id: string;
            };
            /** @enum {string} */
            type: "remove-agent";
        } | {
            payload: {
                /**
                 * @description Name of a numeric rule
                 * @enum {string}
                 */
                rule: "maxTicks" | "ticksPerSecond" | "pull" | "friction" | "noise" | "maxSpeed" | "crowding" | "terrainWeight" | "erosionRate" | "recoveryRate" | "shockRate" | "shockMagnitude" | "warningHysteresis" | "prophecyInterval" | "prophecyHorizon" | "prophecyBranches" | "reflexivity" | "paradoxConfidence" | "fixedPointIterations" | "fixedPointTolerance";
                value: number;
            };
            /** @enum {string} */
            type: "set-rule";
        };
        DecreePage: {
            data: components["schemas"]["Decree"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description `lag=skip` (the default): this stream fell behind a bound; ticks still queued were dropped and from now on only the newest unsent tick waits (no id; other events are never dropped) */
        DegradedEvent: {
            /**
             * @description The bound the stream met: its own queue, or the bytes the server holds for all its streams together
             * @enum {string}
             */
            bound: "stream" | "process";
            /** @enum {string} */
            code: "SLOW_CONSUMER";
            message: string;
        };
        Domain: {
            description: string;
            /** @description A valid `input` */
            example?: unknown;
            id: string;
            /** @description JSON Schema of `input` for POST /v1/simulations/from-domain */
            inputSchema: {
                [key: string]: unknown;
            };
            label: string;
            /** @description JSON Schema of `state.domain`, the domain model's state in the domain's own units, in every state, trace step and tick event of a simulation made from this domain (engine 1.4.0 on); null for a domain without a model */
            stateSchema: {
                [key: string]: unknown;
            } | null;
        };
        DomainList: {
            data: components["schemas"]["Domain"][];
        };
        /**
         * @description No fields: send no body, or `{}`
         * @example {}
         */
        EmptyBody: Record<string, never>;
        /**
         * @description Engine versions served; the default is the newest (1.4.0). A simulation keeps its version for life.
         * @enum {string}
         */
        EngineVersion: "1.0.0" | "1.1.0" | "1.2.0" | "1.3.0" | "1.4.0";
        Error: {
            error: {
                /** @description VALIDATION_ERROR, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, SIMULATION_NOT_ACTIVE, PAYLOAD_TOO_LARGE, RATE_LIMITED, INTERNAL_ERROR, … */
                code: string;
                /** @description For VALIDATION_ERROR: `{ issues: ValidationIssue[] }`; for a missing scope: `{ required }` */
                details: {
                    [key: string]: unknown;
                } | null;
                message: string;
                /** @description Equal to the X-Request-Id response header */
                requestId: string;
            };
        };
        ErrorEvent: {
            /**
             * @description SLOW_CONSUMER: the bound the stream passed, its own (4 MiB, 4096 messages) or the bytes the server holds for all its streams together
             * @enum {string}
             */
            bound?: "stream" | "process";
            /**
             * @description SIMULATION_FAILED: the engine failed, the simulation is failed (has an id, replayed). SLOW_CONSUMER: this stream fell too far behind and is closed (no id; reconnect with Last-Event-ID to catch up). UNAUTHORIZED, FORBIDDEN: the credential the stream opened with no longer holds (a revoked key, an expired JWT; checked at each heartbeat) and the stream is closed (no id; a reconnect with the same credential is refused)
             * @enum {string}
             */
            code: "SIMULATION_FAILED" | "SLOW_CONSUMER" | "UNAUTHORIZED" | "FORBIDDEN";
            message: string;
            /** @description SLOW_CONSUMER: seconds to wait before reconnecting, also sent as the stream’s `retry:` (the stream’s own delay for `stream`, at least 10 s for `process`) */
            retryAfter?: number;
            /** @description The last good tick (SIMULATION_FAILED) */
            tick?: number;
        };
        /**
         * @example {
         *       "id": "6f78d06b-4136-4072-9e8b-84665b5894b4",
         *       "organizationId": "0b7e1f2a-5c3d-4e6f-8a9b-1c2d3e4f5a6b",
         *       "status": "running",
         *       "scenarioId": "self-defeating-prophecy",
         *       "baseSimulation": null,
         *       "engineVersion": "1.4.0",
         *       "parameters": [
         *         {
         *           "path": "rules.reflexivity",
         *           "values": [
         *             -1,
         *             -0.5,
         *             0,
         *             0.5,
         *             1
         *           ]
         *         }
         *       ],
         *       "combinations": 5,
         *       "replications": 40,
         *       "seed": 7,
         *       "ticks": 200,
         *       "metrics": [
         *         "lost:doomed",
         *         "lossTick:doomed",
         *         "minStability",
         *         "paradoxes"
         *       ],
         *       "runs": {
         *         "total": 200,
         *         "done": 18,
         *         "computed": 18,
         *         "reused": 0
         *       },
         *       "createdAt": "2026-11-24T13:26:01.000Z",
         *       "startedAt": "2026-11-24T13:26:01.020Z",
         *       "finishedAt": null,
         *       "estimatedSecondsLeft": 21.5,
         *       "error": null
         *     }
         */
        Experiment: {
            /** @description The simulation whose history every run forks at atTick; null for a scenario or domain base */
            baseSimulation: {
                atTick: number;
                /** Format: uuid */
                id: string;
            } | null;
            combinations: number;
            /** Format: date-time */
            createdAt: string;
            engineVersion: components["schemas"]["EngineVersion"];
            /** @description Why the experiment failed; null otherwise */
            error: string | null;
            /** @description While running, from the pace so far; null before the first run finishes and once finished */
            estimatedSecondsLeft: number | null;
            /** Format: date-time */
            finishedAt: string | null;
            /** Format: uuid */
            id: string;
            metrics: string[];
            /** Format: uuid */
            organizationId: string;
            /** @description The varied paths, sorted by path, with their values in run order */
            parameters: {
                path: string;
                values: (number | string | boolean)[];
            }[];
            replications: number;
            /** @description done = computed + reused */
            runs: {
                /** @description Runs of this experiment computed by the engine */
                computed: number;
                done: number;
                /** @description Runs whose identical inputs had already been computed: their stored metrics were reused */
                reused: number;
                total: number;
            };
            /** @description The base: a scenario id, `inline`, or `domain:<adapter id>`; for a simulation base, the simulation’s */
            scenarioId: string;
            seed: number;
            /** Format: date-time */
            startedAt: string | null;
            status: components["schemas"]["ExperimentStatus"];
            ticks: number;
        };
        /**
         * @description What every run starts from: exactly one of scenarioId, scenario, domain (with input) or simulation (with atTick)
         * @example {
         *       "scenarioId": "self-defeating-prophecy"
         *     }
         */
        ExperimentBase: {
            /** @description With simulation: the tick the runs fork at, 0 to its current tick; the runs compute the ticks after it */
            atTick?: number;
            /** @description Domain adapter id (GET /v1/domains) */
            domain?: string;
            /** @description Domain input, required together with domain */
            input?: {
                [key: string]: unknown;
            };
            scenario?: components["schemas"]["InlineScenario"];
            /** @description A pre-built scenario id (GET /v1/scenarios) */
            scenarioId?: string;
            /**
             * Format: uuid
             * @description A simulation of the caller’s organization: every run is a fork of its history at atTick, reseeded with the run’s seed
             */
            simulation?: string;
        };
        ExperimentEventMessage: {
            data: components["schemas"]["ExperimentStatusEvent"];
            /** @enum {string} */
            event: "experiment:status";
            id: string;
        } | {
            data: components["schemas"]["RunEvent"];
            /** @enum {string} */
            event: "run";
            id: string;
        } | {
            /** @enum {string} */
            data: "";
            /** @enum {string} */
            event: "heartbeat";
        } | {
            data: {
                /** @enum {string} */
                code: "SLOW_CONSUMER" | "UNAUTHORIZED" | "FORBIDDEN";
                message: string;
            };
            /** @enum {string} */
            event: "error";
        };
        ExperimentList: {
            data: components["schemas"]["Experiment"][];
            pagination: components["schemas"]["Pagination"];
        };
        /**
         * @example {
         *       "base": {
         *         "scenarioId": "self-defeating-prophecy"
         *       },
         *       "vary": {
         *         "rules.reflexivity": {
         *           "from": -1,
         *           "to": 1,
         *           "step": 0.5
         *         }
         *       },
         *       "replications": 40,
         *       "seed": 7,
         *       "ticks": 200,
         *       "metrics": [
         *         "lost:doomed",
         *         "lossTick:doomed",
         *         "minStability",
         *         "paradoxes"
         *       ]
         *     }
         */
        ExperimentRequest: {
            base: components["schemas"]["ExperimentBase"];
            engineVersion?: components["schemas"]["EngineVersion"];
            /** @description Metric names from the catalogue (lossTick, lost, losses, finalStability, minStability, paradoxes, prophecies, completionTick, completionReason, domainPeak, domainPeakTick, domainMin, domainMinTick, domainFinal); lossTick:<attractor>, lost:<attractor>, paradoxes:<kind> */
            metrics: string[];
            /**
             * Format: uuid
             * @description Organization to bill against; default the caller’s (first) organization
             */
            organizationId?: string;
            /** @description Runs per combination, each with its own seed */
            replications: number;
            /** @description The experiment’s seed; run (c, r) runs with a seed derived from (seed, c, r) */
            seed: number;
            /** @description Ticks of each run (fewer when the simulation completes first) */
            ticks: number;
            /**
             * @description Parameter path → a list of values or a { from, to, step } range; the runs cover the full cross product (docs/api.md, "Experiments", "Parameter paths")
             * @default {}
             */
            vary: {
                [key: string]: (number | string | boolean)[] | components["schemas"]["ValueRange"];
            };
        };
        /**
         * @example {
         *       "experimentId": "6f78d06b-4136-4072-9e8b-84665b5894b4",
         *       "status": "completed",
         *       "runs": {
         *         "total": 200,
         *         "done": 200
         *       },
         *       "combinations": [
         *         {
         *           "index": 3,
         *           "values": {
         *             "rules.reflexivity": 0.5
         *           },
         *           "statistics": [
         *             {
         *               "metric": "lost:doomed",
         *               "count": 40,
         *               "mean": 0.175,
         *               "stdDev": 0.3847,
         *               "ci95": {
         *                 "low": 0.0519,
         *                 "high": 0.2981
         *               },
         *               "min": 0,
         *               "q1": 0,
         *               "median": 0,
         *               "q3": 0,
         *               "max": 1
         *             }
         *           ]
         *         }
         *       ],
         *       "hash": "0515f03a57c55a97eed5ccdb963e00940717fdf9d418f7c6d26b16327ac030da"
         *     }
         */
        ExperimentResults: {
            combinations: {
                index: number;
                statistics: components["schemas"]["MetricStatistics"][];
                values: {
                    [key: string]: number | string | boolean;
                };
            }[];
            /** Format: uuid */
            experimentId: string;
            /** @description SHA-256 (hex) of the canonical JSON of `combinations` and `runs`: the same body submitted twice gives the same hash */
            hash: string;
            runs: {
                done: number;
                total: number;
            };
            status: components["schemas"]["ExperimentStatus"];
        };
        /** @enum {string} */
        ExperimentStatus: "queued" | "running" | "completed" | "failed" | "cancelled";
        ExperimentStatusEvent: {
            /** @description Runs finished so far */
            done: number;
            /** @description failed only: why */
            error?: string;
            status: components["schemas"]["ExperimentStatus"];
        };
        /** @description For a fork: the simulation it branched off and the tick it branched at; null otherwise */
        ForkOrigin: {
            /** @description The last tick of history the fork shares with its parent; its own inputs apply from atTick + 1 */
            atTick: number;
            /**
             * Format: uuid
             * @description The parent simulation
             */
            id: string;
        } | null;
        /**
         * @example {
         *       "atTick": 40,
         *       "seed": 7,
         *       "decrees": [
         *         {
         *           "type": "shock",
         *           "payload": {
         *             "x": 12,
         *             "y": 12,
         *             "radius": 4,
         *             "magnitude": 0.5
         *           }
         *         }
         *       ],
         *       "policies": [
         *         {
         *           "agentId": "agent-1",
         *           "policy": {
         *             "lambda": 0.8
         *           }
         *         }
         *       ]
         *     }
         */
        ForkRequest: {
            /** @description The last tick the fork shares with its parent, 0 to the parent’s current tick; default the current tick */
            atTick?: number;
            /** @description Decrees applied at atTick + 1, in this order (each as the body of POST …/decrees) */
            decrees?: components["schemas"]["DecreeInput"][];
            /** @description Agent-policy changes applied at atTick + 1, after the decrees, in this order (each as the body of PUT …/agent-policy) */
            policies?: components["schemas"]["AgentPolicyUpdate"][];
            /** @description Reseeds the fork at atTick + 1, before its decrees: its random streams restart from this seed, so its future is another draw of its parent’s (docs/api.md, "Forks"). Without it the fork draws what its parent draws. */
            seed?: number;
        };
        Health: {
            /** @enum {string} */
            database: "ok" | "unavailable";
            /** @enum {string} */
            defaultEngineVersion: "1.0.0" | "1.1.0" | "1.2.0" | "1.3.0" | "1.4.0";
            engineVersions: ("1.0.0" | "1.1.0" | "1.2.0" | "1.3.0" | "1.4.0")[];
            /**
             * @description `unavailable` (with 503) when the database does not answer
             * @enum {string}
             */
            status: "ok" | "unavailable";
            uptimeSeconds: number;
            /** @description Version of the service */
            version: string;
        };
        /** @description A runnable scenario: seed, agents and initialState (rules and nodeLabels optional) */
        InlineScenario: {
            /** @description Agent configurations */
            agents: {
                /**
                 * @description Weight of the pull of each attractor, by attractor id (negative repels); unlisted attractors weigh 1
                 * @default {}
                 */
                attractorPreferences: {
                    [key: string]: number;
                };
                /** @description Agent identifier, unique in the simulation */
                id: string;
                /** @description Initial position on the grid */
                marker: {
                    x: number;
                    y: number;
                };
                /**
                 * @description Policy parameters; missing ones take the defaults
                 * @default {}
                 */
                policy: {
                    /** @description Engine 1.2.0 on: how much the agent believes prophecies, scaling its reaction (0 ignores them, 1 reacts as reflexivity says, 2 twice as strongly; default 1) */
                    belief?: number;
                    /** @description Capacity / order: raises damping and how much load the agent carries (0 to 10, default 0.5) */
                    gamma?: number;
                    /** @description Latency / chaos: raises noise and reaction delay (0 to 10, default 0.5) */
                    lambda?: number;
                };
            }[];
            /** @description A domain model advanced every tick beside the agents (engine 1.4.0 on) */
            domain?: {
                /** @description The domain model that runs beside the agents every tick (engine 1.4.0 on): seir, stock-flow, grazing, bank-run */
                model: string;
                /**
                 * @description The model's parameters, checked against the model's own schema; a domain adapter writes them (docs/engine.md, "Domain models (1.4.0)")
                 * @default {}
                 */
                parameters: {
                    [key: string]: unknown;
                };
            };
            /** @description Starting state of the simulation grid */
            initialState: {
                /**
                 * @description Wells of the field
                 * @default []
                 */
                attractors: {
                    /** @description Load the basin carries without eroding */
                    capacity: number;
                    /** @description Initial depth of the well: how strongly it pulls, and what erosion must remove */
                    depth: number;
                    /** @description Attractor identifier, unique for the life of the simulation */
                    id: string;
                    /** @description Width of the well, at least 0.01 (smaller wells would overflow the pull); the basin reaches twice as far */
                    radius: number;
                    /** @description Centre, x */
                    x: number;
                    /** @description Centre, y */
                    y: number;
                }[];
                /** @description Cells along y */
                height: number;
                /** @description Optional height map, `height` rows of `width` numbers; agents drift downhill. Flat when left out */
                terrain?: number[][];
                /** @description Cells along x */
                width: number;
            };
            /** @description Human-readable labels for the state axes */
            nodeLabels?: {
                x: string;
                y: string;
            };
            /** @description Simulation rule overrides */
            rules?: {
                /** @description Push away from crowded cells */
                crowding?: number;
                /** @description Depth lost per tick per unit of overload, as a fraction of initial depth */
                erosionRate?: number;
                /** @description Engine 1.2.0 on: reaction ensembles a prophecy may run to find a forecast consistent with the reaction to it; 0 switches fixed-point prophecies off */
                fixedPointIterations?: number;
                /** @description Engine 1.2.0 on: largest change of any loss probability at which a forecast counts as consistent with the reaction to it */
                fixedPointTolerance?: number;
                /** @description Base loss of velocity per tick, before gamma */
                friction?: number;
                /** @description Largest distance an agent covers in a tick, in cells */
                maxSpeed?: number;
                /** @description The simulation completes at this tick */
                maxTicks?: number;
                /** @description Noise amplitude per unit of lambda */
                noise?: number;
                /** @description Probability at which a prophecy counts as confident */
                paradoxConfidence?: number;
                /** @description Branches in each prophecy ensemble */
                prophecyBranches?: number;
                /** @description Ticks each prophecy branch looks ahead */
                prophecyHorizon?: number;
                /** @description Ticks between prophecies; 0 switches them off */
                prophecyInterval?: number;
                /** @description Strength of attractor pull */
                pull?: number;
                /** @description Fraction of missing depth regained per tick while not overloaded */
                recoveryRate?: number;
                /** @description How agents react to prophecies: > 0 flee predicted losses, < 0 crowd into them */
                reflexivity?: number;
                /** @description Size of random shocks, as a fraction of a basin depth */
                shockMagnitude?: number;
                /** @description Chance per tick of a random environmental shock */
                shockRate?: number;
                /** @description How strongly agents drift downhill on the terrain */
                terrainWeight?: number;
                /** @description Playback rate at speed 1 */
                ticksPerSecond?: number;
                /** @description How far stability must climb back above a threshold before it can warn again */
                warningHysteresis?: number;
                /** @description Stability levels whose crossing yields a warning */
                warningThresholds?: number[];
            };
            /** @description Random seed; equal seeds give equal simulations */
            seed: number;
        };
        /**
         * @example {
         *       "id": "e4b22f7b-f00c-4af6-ba27-f7579a92b6b9",
         *       "parent": {
         *         "id": "d47d546e-9f67-4016-891d-dfe36abd2e21",
         *         "atTick": 6
         *       },
         *       "ancestors": [
         *         {
         *           "id": "d47d546e-9f67-4016-891d-dfe36abd2e21",
         *           "atTick": 6,
         *           "createdAt": "2026-11-24T12:47:29.006Z"
         *         }
         *       ],
         *       "forks": [
         *         {
         *           "id": "5fe463ab-03e5-4502-bdbf-c325bfdcbe48",
         *           "atTick": 8,
         *           "createdAt": "2026-11-24T12:47:29.152Z"
         *         }
         *       ]
         *     }
         */
        Lineage: {
            /** @description Root first, the parent last; empty for a simulation that is no fork */
            ancestors: components["schemas"]["LineageEntry"][];
            /** @description Direct forks, oldest first */
            forks: components["schemas"]["LineageEntry"][];
            /** Format: uuid */
            id: string;
            parent: components["schemas"]["ForkOrigin"];
        };
        LineageEntry: {
            /** @description For an ancestor: the tick the next simulation down the line branched off it. For a fork: the tick it branched at. */
            atTick: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: uuid */
            id: string;
        };
        /** @description A basin loss: tick, magnitude (the basin’s initial depth), agent (the agent that tipped it, "none" if empty), attractor, load, capacity */
        LossEvent: {
            /** @description Agent that tipped the basin over: the heaviest, fastest mover in it; "none" if the basin was empty */
            agent: string;
            attractor: string;
            capacity: number;
            load: number;
            /** @description Initial depth of the basin that was lost */
            magnitude: number;
            tick: number;
        };
        MetricStatistics: {
            /** @description 95% confidence interval of the mean, Student’s t with n − 1 degrees of freedom; null below 2 values */
            ci95: {
                high: number;
                low: number;
            } | null;
            /** @description Runs with a value (a null, such as lossTick of a basin never lost, is not counted); for completionReason every run, a null counted as `none` */
            count: number;
            /** @description completionReason only: runs per reason (`none` when it did not complete) */
            counts?: {
                [key: string]: number;
            };
            max: number | null;
            mean: number | null;
            median: number | null;
            metric: string;
            min: number | null;
            q1: number | null;
            q3: number | null;
            /** @description Sample standard deviation (n − 1); null below 2 values */
            stdDev: number | null;
        };
        Ok: {
            /** @enum {boolean} */
            ok: true;
        };
        /**
         * @example {
         *       "id": "3f0c6c3e-8d1a-4f5e-9a1b-2c3d4e5f6a7b",
         *       "name": "default",
         *       "tier": "pro",
         *       "createdAt": "2025-01-01T00:00:00.000Z",
         *       "limits": {
         *         "rateLimits": {
         *           "windowSeconds": 60,
         *           "create": 300,
         *           "step": 600,
         *           "read": 3000
         *         },
         *         "work": {
         *           "ceiling": 25000000,
         *           "perWindow": 200000000
         *         },
         *         "concurrentStreams": 20
         *       }
         *     }
         */
        Organization: {
            /** @description ISO 8601 */
            createdAt: string;
            /** Format: uuid */
            id: string;
            limits: components["schemas"]["OrganizationLimits"];
            name: string;
            /**
             * @description License tier; the limits below follow from it
             * @enum {string}
             */
            tier: "free" | "pro" | "enterprise";
        };
        OrganizationLimits: {
            /** @description SSE streams open at once across the organization */
            concurrentStreams: number;
            rateLimits: components["schemas"]["RateLimits"];
            work: components["schemas"]["WorkLimits"];
        };
        PackedAgents: {
            /** @description Base64 of count little-endian unsigned integers of basinBytes bytes: the index of the agent’s basin in state.attractors; all ones (255 or 65535) for none */
            basin: string;
            basinBytes: 1 | 2;
            /** @description Agents in this tick */
            count: number;
            /**
             * @description Coordinates quantized to unsigned 16-bit integers
             * @enum {string}
             */
            format: "q16";
            /** @description The ids on a key frame (the stream’s first tick, a changed roster, after skipped ticks); null: those of the last key frame */
            ids: string[] | null;
            /** @description FNV-1a (32 bits, 8 hex digits) of the ids joined by "\n" */
            roster: string;
            /** @description Units per cell: x = X / scale (256) */
            scale: number;
            /** @description Base64 of count × 2 little-endian uint16: x0, y0, x1, y1, … */
            xy: string;
        };
        /** @description `encoding=packed`: positions and basins of every agent (or of the sample) as base64 columns */
        PackedTickEvent: {
            /** @description Stability b in 0…1 after this tick (= state.stability): depth share of the basins, reduced by up to a half by agitation */
            b: number;
            /** @description What happened at this tick (the trace step’s move) */
            lastMove: string;
            packed: components["schemas"]["PackedAgents"];
            /** @description The state after this tick; status is the lifecycle status the tick was computed in (completed on the last tick) */
            state: {
                agentCount: number;
                attractors: {
                    capacity: number;
                    /** @description Current depth; 0 once lost */
                    depth: number;
                    id: string;
                    initialDepth: number;
                    /** @description Load the basin carried in the last tick */
                    load: number;
                    /** @description True once the basin has collapsed; it never comes back */
                    lost: boolean;
                    radius: number;
                    x: number;
                    y: number;
                }[];
                /** @description Mean position of the agents */
                centroid: {
                    x: number;
                    y: number;
                } | null;
                /**
                 * @description Why the simulation completed, if it did
                 * @enum {string|null}
                 */
                completion: "max-ticks" | "collapse" | null;
                /** @description The domain model's state in the domain's own units, tagged with the model's id (engine 1.4.0 on) */
                domain?: {
                    /** @enum {string} */
                    model: "seir";
                    /** @description The regions, in the order of the domain block */
                    regions: {
                        /** @description Hospital beds; the capacity of the region's hospitals */
                        beds: number;
                        /** @description E: infected, not yet infectious */
                        exposed: number;
                        /** @description H: in hospital; the load of the region's hospitals */
                        hospitalized: number;
                        /** @description I: infectious, in the community */
                        infectious: number;
                        /** @description Name of the region */
                        name: string;
                        /** @description R: recovered, including discharged patients */
                        recovered: number;
                        /** @description S: never infected */
                        susceptible: number;
                    }[];
                } | {
                    /** @enum {string} */
                    model: "stock-flow";
                    sites: {
                        /** @description Units ordered from the site and not yet shipped: end customers’ back orders plus what it owes the sites it supplies */
                        backlog: number;
                        /** @description Units ordered from the site this day */
                        demand: number;
                        /** @description Name of the site */
                        name: string;
                        /** @description Units the site ordered from its supplier (or put into production) this day */
                        ordered: number;
                        /** @description Units the site received this day */
                        received: number;
                        /** @description Units the site shipped this day */
                        shipped: number;
                        /** @description Units on hand at the end of the day */
                        stock: number;
                    }[];
                } | {
                    /** @enum {string} */
                    model: "grazing";
                    pastures: {
                        /** @description V: standing forage, tonnes of dry matter */
                        biomass: number;
                        /** @description Its forage fell below collapseShare · K (for good) */
                        collapsed: boolean;
                        /** @description A drought touched it this week */
                        drought: boolean;
                        /** @description H: animals grazing it */
                        herd: number;
                        name: string;
                    }[];
                    /** @description Weeks simulated */
                    week: number;
                } | {
                    banks: {
                        /** @description Deposits not yet withdrawn this cycle, in units of one deposit */
                        deposits: number;
                        /** @description Failed: period-1 withdrawals asked for more than its liquid assets plus the liquidation value of the rest */
                        failed: boolean;
                        /** @description Illiquid assets now, in units (worth R each at maturity) */
                        illiquid: number;
                        insured: boolean;
                        /** @description What the deposit insurer paid the depositors of this failed bank */
                        insurerPaid: number;
                        /** @description c2 paid per unit of deposit at the last maturity (null before the first) */
                        latePayout: number | null;
                        /** @description Liquid assets now */
                        liquid: number;
                        name: string;
                        /** @description Convertibility suspended for the rest of period 1 */
                        suspended: boolean;
                        /** @description Paid out in period 1 of this cycle */
                        withdrawn: number;
                    }[];
                    /** @description Deposit cycle, from 1 */
                    cycle: number;
                    /** @description Day of the current cycle (0 is period 0; periodDays + 1 is maturity, which reopens the bank at day 0) */
                    day: number;
                    /** @enum {string} */
                    model: "bank-run";
                };
                /** @description Ids of the basins lost so far, in order of loss */
                lostBasins: string[];
                /** @description The standing prophecy that agents react to */
                prophecy: {
                    seq: number;
                    tick: number;
                } | null;
                /** @description The stability measure b, 0 to 1 */
                stability: number;
                status: components["schemas"]["SimulationStatus"];
                tick: number;
            };
            /** @description Tick number */
            t: number;
            /** @description The last stability warning of this tick, or null */
            warning: {
                /** @enum {string} */
                direction: "falling" | "rising";
                /** @enum {string} */
                measure: "stability";
                /** @description Stability before the crossing */
                previous: number;
                threshold: number;
                tick: number;
                /** @description Stability after the crossing */
                value: number;
            } | null;
        };
        Pagination: {
            limit: number;
            offset: number;
            total: number;
        };
        /** @description A prophecy was contradicted: kind averted, unforeseen or decree; from engine 1.2.0 also postponed and unstable-prophecy; from 1.3.0 also unfulfilled and lost-after-averted */
        ParadoxEvent: {
            attractor: string;
            /** @description unstable-prophecy only: the loss probability of each forecast tried, the unreacted one first */
            iterations?: number[];
            /**
             * @description averted: a confident loss did not happen (1.3.0: the basin survived the whole window and the verdict is self-defeating); unforeseen: a loss happened against a confident prophecy (1.3.0: against the published forecast and the reaction to it); decree: a decree made a prophesied loss impossible; postponed (1.2.0): a confident loss came after the horizon, within a horizon after the forecast loss tick (1.3.0: within the window); unstable-prophecy (1.2.0): no forecast is consistent with the reaction to it; unfulfilled (1.3.0): a confident loss did not happen within the window, and the reaction is not what prevented it; lost-after-averted (1.3.0): a basin once judged averted was lost later
             * @enum {string}
             */
            kind: "averted" | "unforeseen" | "decree" | "postponed" | "unstable-prophecy" | "unfulfilled" | "lost-after-averted";
            message: string;
            predictedLossProbability: number;
            prophecy: {
                seq: number;
                tick: number;
            };
            tick: number;
        };
        /**
         * @example {
         *       "simulationId": "6f1c2a9e-3b7d-4c1e-9a2f-5d8e7b6a4c3d",
         *       "tick": 120,
         *       "state": {
         *         "tick": 120,
         *         "status": "running",
         *         "completion": null,
         *         "stability": 0.81,
         *         "agentCount": 6,
         *         "centroid": {
         *           "x": 7.5,
         *           "y": 8.1
         *         },
         *         "attractors": [],
         *         "lostBasins": [],
         *         "prophecy": null
         *       }
         *     }
         */
        PastState: {
            /** Format: uuid */
            simulationId: string;
            /** @description The engine state at that tick: the `state` of trace step `tick` (tick 0: the state before the first tick) */
            state: {
                agentCount: number;
                attractors: {
                    capacity: number;
                    /** @description Current depth; 0 once lost */
                    depth: number;
                    id: string;
                    initialDepth: number;
                    /** @description Load the basin carried in the last tick */
                    load: number;
                    /** @description True once the basin has collapsed; it never comes back */
                    lost: boolean;
                    radius: number;
                    x: number;
                    y: number;
                }[];
                /** @description Mean position of the agents */
                centroid: {
                    x: number;
                    y: number;
                } | null;
                /**
                 * @description Why the simulation completed, if it did
                 * @enum {string|null}
                 */
                completion: "max-ticks" | "collapse" | null;
                /** @description The domain model's state in the domain's own units, tagged with the model's id (engine 1.4.0 on) */
                domain?: {
                    /** @enum {string} */
                    model: "seir";
                    /** @description The regions, in the order of the domain block */
                    regions: {
                        /** @description Hospital beds; the capacity of the region's hospitals */
                        beds: number;
                        /** @description E: infected, not yet infectious */
                        exposed: number;
                        /** @description H: in hospital; the load of the region's hospitals */
                        hospitalized: number;
                        /** @description I: infectious, in the community */
                        infectious: number;
                        /** @description Name of the region */
                        name: string;
                        /** @description R: recovered, including discharged patients */
                        recovered: number;
                        /** @description S: never infected */
                        susceptible: number;
                    }[];
                } | {
                    /** @enum {string} */
                    model: "stock-flow";
                    sites: {
                        /** @description Units ordered from the site and not yet shipped: end customers’ back orders plus what it owes the sites it supplies */
                        backlog: number;
                        /** @description Units ordered from the site this day */
                        demand: number;
                        /** @description Name of the site */
                        name: string;
                        /** @description Units the site ordered from its supplier (or put into production) this day */
                        ordered: number;
                        /** @description Units the site received this day */
                        received: number;
                        /** @description Units the site shipped this day */
                        shipped: number;
                        /** @description Units on hand at the end of the day */
                        stock: number;
                    }[];
                } | {
                    /** @enum {string} */
                    model: "grazing";
                    pastures: {
                        /** @description V: standing forage, tonnes of dry matter */
                        biomass: number;
                        /** @description Its forage fell below collapseShare · K (for good) */
                        collapsed: boolean;
                        /** @description A drought touched it this week */
                        drought: boolean;
                        /** @description H: animals grazing it */
                        herd: number;
                        name: string;
                    }[];
                    /** @description Weeks simulated */
                    week: number;
                } | {
                    banks: {
                        /** @description Deposits not yet withdrawn this cycle, in units of one deposit */
                        deposits: number;
                        /** @description Failed: period-1 withdrawals asked for more than its liquid assets plus the liquidation value of the rest */
                        failed: boolean;
                        /** @description Illiquid assets now, in units (worth R each at maturity) */
                        illiquid: number;
                        insured: boolean;
                        /** @description What the deposit insurer paid the depositors of this failed bank */
                        insurerPaid: number;
                        /** @description c2 paid per unit of deposit at the last maturity (null before the first) */
                        latePayout: number | null;
                        /** @description Liquid assets now */
                        liquid: number;
                        name: string;
                        /** @description Convertibility suspended for the rest of period 1 */
                        suspended: boolean;
                        /** @description Paid out in period 1 of this cycle */
                        withdrawn: number;
                    }[];
                    /** @description Deposit cycle, from 1 */
                    cycle: number;
                    /** @description Day of the current cycle (0 is period 0; periodDays + 1 is maturity, which reopens the bank at day 0) */
                    day: number;
                    /** @enum {string} */
                    model: "bank-run";
                };
                /** @description Ids of the basins lost so far, in order of loss */
                lostBasins: string[];
                /** @description The standing prophecy that agents react to */
                prophecy: {
                    seq: number;
                    tick: number;
                } | null;
                /** @description The stability measure b, 0 to 1 */
                stability: number;
                /**
                 * @description The engine phase; the API reports its own lifecycle status instead
                 * @enum {string}
                 */
                status: "running" | "completed";
                tick: number;
            };
            tick: number;
        };
        Prophecy: {
            /** Format: date-time */
            createdAt: string;
            data: components["schemas"]["ProphecyData"];
            /**
             * Format: uuid
             * @description Derived from the simulation id and the prophecy sequence number
             */
            id: string;
            /** Format: uuid */
            simulationId: string;
            /** @description The tick the prophecy was made at */
            tick: number;
        };
        /** @description `schema` names the shape: prophecy/1 (engine 1.0.0), prophecy/2 (engine 1.1.0) or prophecy/3 (engine 1.2.0: attribution, intervals, fixed point) or prophecy/4 (engine 1.3.0: paired intervals, inconclusive verdicts, reign, fixed-point roots) */
        ProphecyData: {
            basins: {
                attractor: string;
                /** @description Mean tick of loss over the branches that lost it */
                expectedLossTick: number | null;
                lossProbability: number;
            }[];
            branches: number;
            expectedCentroid: {
                x: number;
                y: number;
            } | null;
            expectedStability: number;
            horizon: number;
            /** @enum {string} */
            schema: "prophecy/1";
            tick: number;
        } | {
            basins: {
                [key: string]: {
                    /** @description Standard deviation of the depth at the horizon */
                    depthSpread: number;
                    /** @description Mean depth at the horizon */
                    expectedDepth: number;
                    expectedLossTick: number | null;
                    lossProbability: number;
                };
            };
            branches: number;
            /** @description Agreement of the branches: 1 when every basin forecast is 0 or 1 */
            confidence: number;
            expectedCentroid: {
                x: number;
                y: number;
            } | null;
            horizon: number;
            /** @enum {string} */
            schema: "prophecy/2";
            stability: {
                max: number;
                mean: number;
                min: number;
            };
            tick: number;
        } | {
            basins: {
                [key: string]: {
                    attribution: {
                        effect: {
                            /** @description 0 when neither ensemble lost the basin within the horizon; null when only one did */
                            expectedLossTick: number | null;
                            lossProbability: number;
                            windowLossProbability: number;
                        };
                        /**
                         * @description self-fulfilling: the reaction made the loss likelier within the horizon; self-defeating: less likely, also over the window; postponing: later (within the horizon less likely, or the same but later on average) yet still within the window; hastening: as likely but sooner; neutral: no effect beyond the thresholds
                         * @enum {string}
                         */
                        verdict: "self-fulfilling" | "self-defeating" | "postponing" | "hastening" | "neutral";
                        /** @description The same ensemble with the agents not reacting to this prophecy */
                        withoutReaction: {
                            /** @description Mean tick of loss over the branches that lost it within the horizon */
                            expectedLossTick: number | null;
                            /** @description Share of branches that lost the basin within the horizon */
                            lossProbability: number;
                            lossProbabilityInterval: {
                                high: number;
                                low: number;
                            };
                            /** @description Share of branches that lost it within the window (twice the horizon) */
                            windowLossProbability: number;
                        };
                        /** @description The ensemble with the agents reacting to this prophecy as published */
                        withReaction: {
                            /** @description Mean tick of loss over the branches that lost it within the horizon */
                            expectedLossTick: number | null;
                            /** @description Share of branches that lost the basin within the horizon */
                            lossProbability: number;
                            lossProbabilityInterval: {
                                high: number;
                                low: number;
                            };
                            /** @description Share of branches that lost it within the window (twice the horizon) */
                            windowLossProbability: number;
                        };
                    };
                    /** @description Standard deviation of the depth at the horizon */
                    depthSpread: number;
                    /** @description Mean depth at the horizon */
                    expectedDepth: number;
                    expectedLossTick: number | null;
                    /** @description The published forecast, which agents react to */
                    lossProbability: number;
                    lossProbabilityInterval: {
                        high: number;
                        low: number;
                    };
                };
            };
            branches: number;
            /** @description Agreement of the branches: 1 when every basin forecast is 0 or 1 */
            confidence: number;
            /** @description Ensembles run for this prophecy: its cost is ensembles × branches × window ticks */
            ensembles: number;
            expectedCentroid: {
                x: number;
                y: number;
            } | null;
            /** @description null unless the rule fixedPointIterations is above 0 */
            fixedPoint: {
                /** @description Per basin, the loss probability of each forecast tried, the unreacted one first */
                history: {
                    [key: string]: number[];
                };
                /** @description Reaction ensembles run */
                iterations: number;
                /** @enum {string} */
                status: "converged" | "unstable";
                tolerance: number;
            } | null;
            horizon: number;
            /** @enum {string} */
            schema: "prophecy/3";
            stability: {
                max: number;
                mean: number;
                min: number;
            };
            tick: number;
            /** @description Ticks the attribution ensembles look ahead: twice the horizon */
            window: number;
        } | {
            basins: {
                [key: string]: {
                    attribution: {
                        /** @description Branch pairs compared: prophecyBranches, more when the first ones left the verdict open */
                        branches: number;
                        effect: {
                            /** @description Mean shift of the loss tick over the branches that lost the basin within the horizon in both; 0 when neither ensemble lost it */
                            expectedLossTick: number | null;
                            /** @description Its t interval; null with fewer than two such branches */
                            expectedLossTickInterval: {
                                high: number;
                                low: number;
                            } | null;
                            lossProbability: number;
                            /** @description Newcombe's interval of a paired difference of proportions */
                            lossProbabilityInterval: {
                                high: number;
                                low: number;
                            };
                            windowLossProbability: number | null;
                            windowLossProbabilityInterval: {
                                high: number;
                                low: number;
                            } | null;
                        };
                        /**
                         * @description As in prophecy/3, decided on the 95 % interval of the effect: self-fulfilling (the loss likelier within the horizon), self-defeating (less likely, also over the window), postponing (less likely within the horizon but not over the window, or as likely but later), hastening (as likely but sooner), neutral (no effect beyond the thresholds, or no loss seen at all); inconclusive when the interval straddles a threshold with the most branches allowed
                         * @enum {string}
                         */
                        verdict: "self-fulfilling" | "self-defeating" | "postponing" | "hastening" | "neutral" | "inconclusive";
                        /** @description The branches with the agents reacting to no prophecy */
                        withoutReaction: {
                            /** @description Mean tick of loss over the branches that lost it within the horizon */
                            expectedLossTick: number | null;
                            /** @description Share of branches that lost the basin within the horizon */
                            lossProbability: number;
                            lossProbabilityInterval: {
                                high: number;
                                low: number;
                            };
                            /** @description Share that lost it within the window (twice the horizon); null for a basin not followed past the horizon (only those the counterfactual lost in some branch are) */
                            windowLossProbability: number | null;
                        };
                        /** @description The same branches with the agents reacting to this prophecy while it reigns */
                        withReaction: {
                            /** @description Mean tick of loss over the branches that lost it within the horizon */
                            expectedLossTick: number | null;
                            /** @description Share of branches that lost the basin within the horizon */
                            lossProbability: number;
                            lossProbabilityInterval: {
                                high: number;
                                low: number;
                            };
                            /** @description Share that lost it within the window (twice the horizon); null for a basin not followed past the horizon (only those the counterfactual lost in some branch are) */
                            windowLossProbability: number | null;
                        };
                    };
                    /** @description Standard deviation of the depth at the horizon */
                    depthSpread: number;
                    /** @description Mean depth at the horizon */
                    expectedDepth: number;
                    expectedLossTick: number | null;
                    /** @description The published forecast, which agents react to */
                    lossProbability: number;
                    lossProbabilityInterval: {
                        high: number;
                        low: number;
                    };
                };
            };
            /** @description Branches of the published forecast */
            branches: number;
            /** @description Ticks computed for this prophecy over every branch of every ensemble: its cost */
            branchTicks: number;
            /** @description Agreement of the branches: 1 when every basin forecast is 0 or 1 */
            confidence: number;
            /** @description Ensembles run: the counterfactual, the reaction, and the fixed-point trials */
            ensembles: number;
            expectedCentroid: {
                x: number;
                y: number;
            } | null;
            /** @description null unless the rule fixedPointIterations is above 0 */
            fixedPoint: {
                /** @description The contested basins: those whose counterfactual forecast the reaction moves by more than the tolerance */
                basins: {
                    [key: string]: {
                        published: number;
                        /** @description Why the published forecast was chosen */
                        reason: string;
                        /** @description Forecasts consistent with the reaction to them, within the tolerance; stable when the reaction pulls nearby forecasts towards it */
                        roots: {
                            forecast: number;
                            reaction: number;
                            stable: boolean;
                        }[];
                        /** @description Every forecast tried, in order */
                        trials: {
                            forecast: number;
                            reaction: number;
                        }[];
                    };
                };
                /** @description Reaction ensembles the search ran, each over the horizon */
                evaluations: number;
                /**
                 * @description converged: every contested basin is published at a consistent forecast; unstable: some basin has none within the tolerance
                 * @enum {string}
                 */
                status: "converged" | "unstable";
                tolerance: number;
            } | null;
            horizon: number;
            /** @description Ticks the forecast stands in the branches before the next prophecy replaces it: the prophecy interval, at most the horizon */
            reign: number;
            /** @enum {string} */
            schema: "prophecy/4";
            stability: {
                max: number;
                mean: number;
                min: number;
            };
            tick: number;
            /** @description Ticks the attribution ensembles looked ahead: twice the horizon for the basins the counterfactual lost in some branch, else the horizon */
            window: number;
        };
        ProphecyEvent: {
            /** Format: date-time */
            createdAt: string;
            /** @description Shape named by data.schema; varies by engine version */
            data: {
                basins: {
                    attractor: string;
                    /** @description Mean tick of loss over the branches that lost it */
                    expectedLossTick: number | null;
                    lossProbability: number;
                }[];
                branches: number;
                expectedCentroid: {
                    x: number;
                    y: number;
                } | null;
                expectedStability: number;
                horizon: number;
                /** @enum {string} */
                schema: "prophecy/1";
                tick: number;
            } | {
                basins: {
                    [key: string]: {
                        /** @description Standard deviation of the depth at the horizon */
                        depthSpread: number;
                        /** @description Mean depth at the horizon */
                        expectedDepth: number;
                        expectedLossTick: number | null;
                        lossProbability: number;
                    };
                };
                branches: number;
                /** @description Agreement of the branches: 1 when every basin forecast is 0 or 1 */
                confidence: number;
                expectedCentroid: {
                    x: number;
                    y: number;
                } | null;
                horizon: number;
                /** @enum {string} */
                schema: "prophecy/2";
                stability: {
                    max: number;
                    mean: number;
                    min: number;
                };
                tick: number;
            } | {
                basins: {
                    [key: string]: {
                        attribution: {
                            effect: {
                                /** @description 0 when neither ensemble lost the basin within the horizon; null when only one did */
                                expectedLossTick: number | null;
                                lossProbability: number;
                                windowLossProbability: number;
                            };
                            /**
                             * @description self-fulfilling: the reaction made the loss likelier within the horizon; self-defeating: less likely, also over the window; postponing: later (within the horizon less likely, or the same but later on average) yet still within the window; hastening: as likely but sooner; neutral: no effect beyond the thresholds
                             * @enum {string}
                             */
                            verdict: "self-fulfilling" | "self-defeating" | "postponing" | "hastening" | "neutral";
                            /** @description The same ensemble with the agents not reacting to this prophecy */
                            withoutReaction: {
                                /** @description Mean tick of loss over the branches that lost it within the horizon */
                                expectedLossTick: number | null;
                                /** @description Share of branches that lost the basin within the horizon */
                                lossProbability: number;
                                lossProbabilityInterval: {
                                    high: number;
                                    low: number;
                                };
                                /** @description Share of branches that lost it within the window (twice the horizon) */
                                windowLossProbability: number;
                            };
                            /** @description The ensemble with the agents reacting to this prophecy as published */
                            withReaction: {
                                /** @description Mean tick of loss over the branches that lost it within the horizon */
                                expectedLossTick: number | null;
                                /** @description Share of branches that lost the basin within the horizon */
                                lossProbability: number;
                                lossProbabilityInterval: {
                                    high: number;
                                    low: number;
                                };
                                /** @description Share of branches that lost it within the window (twice the horizon) */
                                windowLossProbability: number;
                            };
                        };
                        /** @description Standard deviation of the depth at the horizon */
                        depthSpread: number;
                        /** @description Mean depth at the horizon */
                        expectedDepth: number;
                        expectedLossTick: number | null;
                        /** @description The published forecast, which agents react to */
                        lossProbability: number;
                        lossProbabilityInterval: {
                            high: number;
                            low: number;
                        };
                    };
                };
                branches: number;
                /** @description Agreement of the branches: 1 when every basin forecast is 0 or 1 */
                confidence: number;
                /** @description Ensembles run for this prophecy: its cost is ensembles × branches × window ticks */
                ensembles: number;
                expectedCentroid: {
                    x: number;
                    y: number;
                } | null;
                /** @description null unless the rule fixedPointIterations is above 0 */
                fixedPoint: {
                    /** @description Per basin, the loss probability of each forecast tried, the unreacted one first */
                    history: {
                        [key: string]: number[];
                    };
                    /** @description Reaction ensembles run */
                    iterations: number;
                    /** @enum {string} */
                    status: "converged" | "unstable";
                    tolerance: number;
                } | null;
                horizon: number;
                /** @enum {string} */
                schema: "prophecy/3";
                stability: {
                    max: number;
                    mean: number;
                    min: number;
                };
                tick: number;
                /** @description Ticks the attribution ensembles look ahead: twice the horizon */
                window: number;
            } | {
                basins: {
                    [key: string]: {
                        attribution: {
                            /** @description Branch pairs compared: prophecyBranches, more when the first ones left the verdict open */
                            branches: number;
                            effect: {
                                /** @description Mean shift of the loss tick over the branches that lost the basin within the horizon in both; 0 when neither ensemble lost it */
                                expectedLossTick: number | null;
                                /** @description Its t interval; null with fewer than two such branches */
                                expectedLossTickInterval: {
                                    high: number;
                                    low: number;
                                } | null;
                                lossProbability: number;
                                /** @description Newcombe's interval of a paired difference of proportions */
                                lossProbabilityInterval: {
                                    high: number;
                                    low: number;
                                };
                                windowLossProbability: number | null;
                                windowLossProbabilityInterval: {
                                    high: number;
                                    low: number;
                                } | null;
                            };
                            /**
                             * @description As in prophecy/3, decided on the 95 % interval of the effect: self-fulfilling (the loss likelier within the horizon), self-defeating (less likely, also over the window), postponing (less likely within the horizon but not over the window, or as likely but later), hastening (as likely but sooner), neutral (no effect beyond the thresholds, or no loss seen at all); inconclusive when the interval straddles a threshold with the most branches allowed
                             * @enum {string}
                             */
                            verdict: "self-fulfilling" | "self-defeating" | "postponing" | "hastening" | "neutral" | "inconclusive";
                            /** @description The branches with the agents reacting to no prophecy */
                            withoutReaction: {
                                /** @description Mean tick of loss over the branches that lost it within the horizon */
                                expectedLossTick: number | null;
                                /** @description Share of branches that lost the basin within the horizon */
                                lossProbability: number;
                                lossProbabilityInterval: {
                                    high: number;
                                    low: number;
                                };
                                /** @description Share that lost it within the window (twice the horizon); null for a basin not followed past the horizon (only those the counterfactual lost in some branch are) */
                                windowLossProbability: number | null;
                            };
                            /** @description The same branches with the agents reacting to this prophecy while it reigns */
                            withReaction: {
                                /** @description Mean tick of loss over the branches that lost it within the horizon */
                                expectedLossTick: number | null;
                                /** @description Share of branches that lost the basin within the horizon */
                                lossProbability: number;
                                lossProbabilityInterval: {
                                    high: number;
                                    low: number;
                                };
                                /** @description Share that lost it within the window (twice the horizon); null for a basin not followed past the horizon (only those the counterfactual lost in some branch are) */
                                windowLossProbability: number | null;
                            };
                        };
                        /** @description Standard deviation of the depth at the horizon */
                        depthSpread: number;
                        /** @description Mean depth at the horizon */
                        expectedDepth: number;
                        expectedLossTick: number | null;
                        /** @description The published forecast, which agents react to */
                        lossProbability: number;
                        lossProbabilityInterval: {
                            high: number;
                            low: number;
                        };
                    };
                };
                /** @description Branches of the published forecast */
                branches: number;
                /** @description Ticks computed for this prophecy over every branch of every ensemble: its cost */
                branchTicks: number;
                /** @description Agreement of the branches: 1 when every basin forecast is 0 or 1 */
                confidence: number;
                /** @description Ensembles run: the counterfactual, the reaction, and the fixed-point trials */
                ensembles: number;
                expectedCentroid: {
                    x: number;
                    y: number;
                } | null;
                /** @description null unless the rule fixedPointIterations is above 0 */
                fixedPoint: {
                    /** @description The contested basins: those whose counterfactual forecast the reaction moves by more than the tolerance */
                    basins: {
                        [key: string]: {
                            published: number;
                            /** @description Why the published forecast was chosen */
                            reason: string;
                            /** @description Forecasts consistent with the reaction to them, within the tolerance; stable when the reaction pulls nearby forecasts towards it */
                            roots: {
                                forecast: number;
                                reaction: number;
                                stable: boolean;
                            }[];
                            /** @description Every forecast tried, in order */
                            trials: {
                                forecast: number;
                                reaction: number;
                            }[];
                        };
                    };
                    /** @description Reaction ensembles the search ran, each over the horizon */
                    evaluations: number;
                    /**
                     * @description converged: every contested basin is published at a consistent forecast; unstable: some basin has none within the tolerance
                     * @enum {string}
                     */
                    status: "converged" | "unstable";
                    tolerance: number;
                } | null;
                horizon: number;
                /** @description Ticks the forecast stands in the branches before the next prophecy replaces it: the prophecy interval, at most the horizon */
                reign: number;
                /** @enum {string} */
                schema: "prophecy/4";
                stability: {
                    max: number;
                    mean: number;
                    min: number;
                };
                tick: number;
                /** @description Ticks the attribution ensembles looked ahead: twice the horizon for the basins the counterfactual lost in some branch, else the horizon */
                window: number;
            };
            /**
             * Format: uuid
             * @description Same id as in GET /prophecies
             */
            id: string;
            /** @description Prophecy number within the simulation (1, 2, …) */
            seq: number;
            /** Format: uuid */
            simulationId: string;
            tick: number;
        };
        /** @description The prophecy the paradox contradicts */
        ProphecyMark: {
            /** Format: uuid */
            id: string;
            seq: number;
            tick: number;
        };
        ProphecyPage: {
            data: components["schemas"]["Prophecy"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description Requests per window and per identity (API key or JWT user) */
        RateLimits: {
            /** @description Create class: POST /v1/simulations*, POST …/decrees */
            create: number;
            /** @description Read class: every GET */
            read: number;
            /** @description Step class: POST …/step (and the PUT playback and policy routes) */
            step: number;
            /** @description Length of the rate-limit window */
            windowSeconds: number;
        };
        /** @description A finished run, with the progress it makes: done of total */
        RunEvent: {
            combination: number;
            /** @description False when a stored result of identical inputs was reused */
            computed: boolean;
            /** @description Runs finished so far */
            done: number;
            metrics: {
                [key: string]: number | boolean | string | null;
            };
            replication: number;
            /** @description The run’s seed (derived from the experiment’s seed, combination and replication) */
            seed: number;
            total: number;
        };
        RunResult: {
            engineVersion: components["schemas"]["EngineVersion"];
            /** Format: uuid */
            simulationId: string;
            trace: components["schemas"]["Trace"];
        };
        /**
         * @description Exactly one of scenarioId, scenario or domain (with input)
         * @example {
         *       "scenarioId": "calm-equilibrium",
         *       "ticks": 100
         *     }
         */
        RunSimulation: {
            domain?: string;
            engineVersion?: components["schemas"]["EngineVersion"];
            /** @description Required together with domain */
            input?: {
                [key: string]: unknown;
            };
            /**
             * Format: uuid
             * @description Organization to bill against; default the caller’s (first) organization
             */
            organizationId?: string;
            scenario?: components["schemas"]["InlineScenario"];
            /** @description A pre-built scenario id (GET /v1/scenarios) */
            scenarioId?: string;
            ticks: number;
        };
        /** @description A TraceStep; or, as the last line of a run that stopped before its last tick, the error envelope (`details.tick`: the last tick committed) */
        RunStreamLine: components["schemas"]["TraceStep"] | components["schemas"]["Error"];
        Scenario: components["schemas"]["ScenarioSummary"] & {
            agents: {
                /**
                 * @description Weight of the pull of each attractor, by attractor id (negative repels); unlisted attractors weigh 1
                 * @default {}
                 */
                attractorPreferences: {
                    [key: string]: number;
                };
                /** @description Agent identifier, unique in the simulation */
                id: string;
                /** @description Initial position on the grid */
                marker: {
                    x: number;
                    y: number;
                };
                /**
                 * @description Policy parameters; missing ones take the defaults
                 * @default {}
                 */
                policy: {
                    /** @description Engine 1.2.0 on: how much the agent believes prophecies, scaling its reaction (0 ignores them, 1 reacts as reflexivity says, 2 twice as strongly; default 1) */
                    belief?: number;
                    /** @description Capacity / order: raises damping and how much load the agent carries (0 to 10, default 0.5) */
                    gamma?: number;
                    /** @description Latency / chaos: raises noise and reaction delay (0 to 10, default 0.5) */
                    lambda?: number;
                };
            }[];
            initialState: {
                /**
                 * @description Wells of the field
                 * @default []
                 */
                attractors: {
                    /** @description Load the basin carries without eroding */
                    capacity: number;
                    /** @description Initial depth of the well: how strongly it pulls, and what erosion must remove */
                    depth: number;
                    /** @description Attractor identifier, unique for the life of the simulation */
                    id: string;
                    /** @description Width of the well, at least 0.01 (smaller wells would overflow the pull); the basin reaches twice as far */
                    radius: number;
                    /** @description Centre, x */
                    x: number;
                    /** @description Centre, y */
                    y: number;
                }[];
                /** @description Cells along y */
                height: number;
                /** @description Optional height map, `height` rows of `width` numbers; agents drift downhill. Flat when left out */
                terrain?: number[][];
                /** @description Cells along x */
                width: number;
            };
            nodeLabels: {
                x: string;
                y: string;
            };
            rules: {
                /** @description Push away from crowded cells */
                crowding?: number;
                /** @description Depth lost per tick per unit of overload, as a fraction of initial depth */
                erosionRate?: number;
                /** @description Engine 1.2.0 on: reaction ensembles a prophecy may run to find a forecast consistent with the reaction to it; 0 switches fixed-point prophecies off */
                fixedPointIterations?: number;
                /** @description Engine 1.2.0 on: largest change of any loss probability at which a forecast counts as consistent with the reaction to it */
                fixedPointTolerance?: number;
                /** @description Base loss of velocity per tick, before gamma */
                friction?: number;
                /** @description Largest distance an agent covers in a tick, in cells */
                maxSpeed?: number;
                /** @description The simulation completes at this tick */
                maxTicks?: number;
                /** @description Noise amplitude per unit of lambda */
                noise?: number;
                /** @description Probability at which a prophecy counts as confident */
                paradoxConfidence?: number;
                /** @description Branches in each prophecy ensemble */
                prophecyBranches?: number;
                /** @description Ticks each prophecy branch looks ahead */
                prophecyHorizon?: number;
                /** @description Ticks between prophecies; 0 switches them off */
                prophecyInterval?: number;
                /** @description Strength of attractor pull */
                pull?: number;
                /** @description Fraction of missing depth regained per tick while not overloaded */
                recoveryRate?: number;
                /** @description How agents react to prophecies: > 0 flee predicted losses, < 0 crowd into them */
                reflexivity?: number;
                /** @description Size of random shocks, as a fraction of a basin depth */
                shockMagnitude?: number;
                /** @description Chance per tick of a random environmental shock */
                shockRate?: number;
                /** @description How strongly agents drift downhill on the terrain */
                terrainWeight?: number;
                /** @description Playback rate at speed 1 */
                ticksPerSecond?: number;
                /** @description How far stability must climb back above a threshold before it can warn again */
                warningHysteresis?: number;
                /** @description Stability levels whose crossing yields a warning */
                warningThresholds?: number[];
            };
        };
        ScenarioList: {
            data: components["schemas"]["ScenarioSummary"][];
        };
        ScenarioSummary: {
            id: string;
            /** @description Human-readable name */
            label: string;
            /** @description Brief description */
            note: string;
            /** @description Default random seed */
            seed: number;
            tags: string[];
        };
        Simulation: {
            /** Format: date-time */
            createdAt: string;
            engineVersion: components["schemas"]["EngineVersion"];
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            organizationId: string;
            parent: components["schemas"]["ForkOrigin"];
            /** @description The pre-built scenario id; `inline` for an inline scenario; `domain:<adapter>` for a domain simulation */
            scenarioId: string;
            state: components["schemas"]["SimulationState"];
        };
        SimulationEventMessage: {
            /** @description TickEvent by default (and with agents=N); PackedTickEvent with encoding=packed; TickAggregatesEvent with agents=none */
            data: components["schemas"]["TickEvent"] | components["schemas"]["PackedTickEvent"] | components["schemas"]["TickAggregatesEvent"];
            /** @enum {string} */
            event: "tick";
            /** @description Position in the simulation’s history; increases per simulation */
            id: string;
        } | {
            data: components["schemas"]["LossEvent"];
            /** @enum {string} */
            event: "loss";
            /** @description Position in the simulation’s history; increases per simulation */
            id: string;
        } | {
            data: components["schemas"]["WarningEvent"];
            /** @enum {string} */
            event: "warning";
            /** @description Position in the simulation’s history; increases per simulation */
            id: string;
        } | {
            data: components["schemas"]["ParadoxEvent"];
            /** @enum {string} */
            event: "paradox";
            /** @description Position in the simulation’s history; increases per simulation */
            id: string;
        } | {
            data: components["schemas"]["DecreeEvent"];
            /** @enum {string} */
            event: "decree";
            /** @description Position in the simulation’s history; increases per simulation */
            id: string;
        } | {
            data: components["schemas"]["ProphecyEvent"];
            /** @enum {string} */
            event: "prophecy";
            /** @description Position in the simulation’s history; increases per simulation */
            id: string;
        } | {
            data: components["schemas"]["SimulationStatusEvent"];
            /** @enum {string} */
            event: "simulation:status";
            /** @description Position in the simulation’s history; increases per simulation */
            id: string;
        } | {
            data: components["schemas"]["ErrorEvent"];
            /** @enum {string} */
            event: "error";
            /** @description Present for SIMULATION_FAILED; absent for SLOW_CONSUMER, UNAUTHORIZED and FORBIDDEN */
            id?: string;
        } | {
            data: components["schemas"]["DegradedEvent"];
            /** @enum {string} */
            event: "degraded";
        } | {
            /**
             * @description Empty: the line is `data:`
             * @enum {string}
             */
            data: "";
            /** @enum {string} */
            event: "heartbeat";
        };
        SimulationPage: {
            data: components["schemas"]["Simulation"][];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description The engine state at the current tick; `status` is the lifecycle status */
        SimulationState: {
            agentCount: number;
            attractors: {
                capacity: number;
                /** @description Current depth; 0 once lost */
                depth: number;
                id: string;
                initialDepth: number;
                /** @description Load the basin carried in the last tick */
                load: number;
                /** @description True once the basin has collapsed; it never comes back */
                lost: boolean;
                radius: number;
                x: number;
                y: number;
            }[];
            /** @description Mean position of the agents */
            centroid: {
                x: number;
                y: number;
            } | null;
            /**
             * @description Why the simulation completed, if it did
             * @enum {string|null}
             */
            completion: "max-ticks" | "collapse" | null;
            /** @description The domain model's state in the domain's own units, tagged with the model's id (engine 1.4.0 on) */
            domain?: {
                /** @enum {string} */
                model: "seir";
                /** @description The regions, in the order of the domain block */
                regions: {
                    /** @description Hospital beds; the capacity of the region's hospitals */
                    beds: number;
                    /** @description E: infected, not yet infectious */
                    exposed: number;
                    /** @description H: in hospital; the load of the region's hospitals */
                    hospitalized: number;
                    /** @description I: infectious, in the community */
                    infectious: number;
                    /** @description Name of the region */
                    name: string;
                    /** @description R: recovered, including discharged patients */
                    recovered: number;
                    /** @description S: never infected */
                    susceptible: number;
                }[];
            } | {
                /** @enum {string} */
                model: "stock-flow";
                sites: {
                    /** @description Units ordered from the site and not yet shipped: end customers’ back orders plus what it owes the sites it supplies */
                    backlog: number;
                    /** @description Units ordered from the site this day */
                    demand: number;
                    /** @description Name of the site */
                    name: string;
                    /** @description Units the site ordered from its supplier (or put into production) this day */
                    ordered: number;
                    /** @description Units the site received this day */
                    received: number;
                    /** @description Units the site shipped this day */
                    shipped: number;
                    /** @description Units on hand at the end of the day */
                    stock: number;
                }[];
            } | {
                /** @enum {string} */
                model: "grazing";
                pastures: {
                    /** @description V: standing forage, tonnes of dry matter */
                    biomass: number;
                    /** @description Its forage fell below collapseShare · K (for good) */
                    collapsed: boolean;
                    /** @description A drought touched it this week */
                    drought: boolean;
                    /** @description H: animals grazing it */
                    herd: number;
                    name: string;
                }[];
                /** @description Weeks simulated */
                week: number;
            } | {
                banks: {
                    /** @description Deposits not yet withdrawn this cycle, in units of one deposit */
                    deposits: number;
                    /** @description Failed: period-1 withdrawals asked for more than its liquid assets plus the liquidation value of the rest */
                    failed: boolean;
                    /** @description Illiquid assets now, in units (worth R each at maturity) */
                    illiquid: number;
                    insured: boolean;
                    /** @description What the deposit insurer paid the depositors of this failed bank */
                    insurerPaid: number;
                    /** @description c2 paid per unit of deposit at the last maturity (null before the first) */
                    latePayout: number | null;
                    /** @description Liquid assets now */
                    liquid: number;
                    name: string;
                    /** @description Convertibility suspended for the rest of period 1 */
                    suspended: boolean;
                    /** @description Paid out in period 1 of this cycle */
                    withdrawn: number;
                }[];
                /** @description Deposit cycle, from 1 */
                cycle: number;
                /** @description Day of the current cycle (0 is period 0; periodDays + 1 is maturity, which reopens the bank at day 0) */
                day: number;
                /** @enum {string} */
                model: "bank-run";
            };
            /** @description Ids of the basins lost so far, in order of loss */
            lostBasins: string[];
            /** @description The standing prophecy that agents react to */
            prophecy: {
                seq: number;
                tick: number;
            } | null;
            /** @description The stability measure b, 0 to 1 */
            stability: number;
            status: components["schemas"]["SimulationStatus"];
            tick: number;
        };
        /**
         * @description idle → playing ⇄ paused → completed | failed; active = idle, playing or paused
         * @enum {string}
         */
        SimulationStatus: "idle" | "playing" | "paused" | "completed" | "failed";
        SimulationStatusEvent: {
            previous: components["schemas"]["SimulationStatus"];
            /** @description Set when the server changed the status itself, the simulation then being paused: "shutdown" (a server shutdown stopped playback), "restart" (playback was interrupted by a crash), "compute-limit" (the compute window of the caller who pressed play ran out), "storage-limit" (the storage quota of the organization had no room for the next ticks) */
            reason?: string;
            status: components["schemas"]["SimulationStatus"];
            /** @description The tick the simulation stood at when its status changed */
            tick: number;
        };
        /**
         * @example {
         *       "ticks": 10
         *     }
         */
        StepRequest: {
            ticks: number;
        };
        StepResult: {
            state: components["schemas"]["SimulationState"];
            /** @description Ticks actually advanced: fewer when the simulation completed */
            ticks: number;
        };
        /** @description What the organization stores now, against its quota (docs/api.md, "Storage budget"): not a daily figure */
        StorageUsage: {
            /** @description Bytes of checkpoints (deflated engine snapshots) */
            checkpoints: number;
            /** @description Bytes of stored events (their data) */
            events: number;
            /** @description Bytes of its experiments’ runs: each run’s metrics in its three copies (its row, its shared result, its event) and 512 bytes for the rest */
            experimentResults: number;
            /** @description Bytes of its experiments’ own rows: each one’s spec (with an inline scenario or a simulation’s state) and 1 KiB for the rest */
            experiments: number;
            /** @description Bytes of responses kept under an Idempotency-Key, until they expire (a long run answer: a reference) */
            idempotentResponses: number;
            /** @description Bytes of stored prophecies (their data) */
            prophecies: number;
            /** @description The most the organization may store (its tier; SIM_STORAGE_QUOTAS); a request whose estimate would pass it is refused with 422 STORAGE_LIMIT_EXCEEDED */
            quota: number;
            /** @description Bytes of its simulations’ own rows: each one’s scenario, latest snapshot and state */
            simulations: number;
            /** @enum {string} */
            tier: "free" | "pro" | "enterprise";
            /** @description Bytes of all of the above */
            total: number;
        };
        /** @description `agents=none`: the tick without agents; state carries stability, centroid, agentCount and the basins (attractors) */
        TickAggregatesEvent: {
            /** @description Stability b in 0…1 after this tick (= state.stability): depth share of the basins, reduced by up to a half by agitation */
            b: number;
            /** @description What happened at this tick (the trace step’s move) */
            lastMove: string;
            /** @description The state after this tick; status is the lifecycle status the tick was computed in (completed on the last tick) */
            state: {
                agentCount: number;
                attractors: {
                    capacity: number;
                    /** @description Current depth; 0 once lost */
                    depth: number;
                    id: string;
                    initialDepth: number;
                    /** @description Load the basin carried in the last tick */
                    load: number;
                    /** @description True once the basin has collapsed; it never comes back */
                    lost: boolean;
                    radius: number;
                    x: number;
                    y: number;
                }[];
                /** @description Mean position of the agents */
                centroid: {
                    x: number;
                    y: number;
                } | null;
                /**
                 * @description Why the simulation completed, if it did
                 * @enum {string|null}
                 */
                completion: "max-ticks" | "collapse" | null;
                /** @description The domain model's state in the domain's own units, tagged with the model's id (engine 1.4.0 on) */
                domain?: {
                    /** @enum {string} */
                    model: "seir";
                    /** @description The regions, in the order of the domain block */
                    regions: {
                        /** @description Hospital beds; the capacity of the region's hospitals */
                        beds: number;
                        /** @description E: infected, not yet infectious */
                        exposed: number;
                        /** @description H: in hospital; the load of the region's hospitals */
                        hospitalized: number;
                        /** @description I: infectious, in the community */
                        infectious: number;
                        /** @description Name of the region */
                        name: string;
                        /** @description R: recovered, including discharged patients */
                        recovered: number;
                        /** @description S: never infected */
                        susceptible: number;
                    }[];
                } | {
                    /** @enum {string} */
                    model: "stock-flow";
                    sites: {
                        /** @description Units ordered from the site and not yet shipped: end customers’ back orders plus what it owes the sites it supplies */
                        backlog: number;
                        /** @description Units ordered from the site this day */
                        demand: number;
                        /** @description Name of the site */
                        name: string;
                        /** @description Units the site ordered from its supplier (or put into production) this day */
                        ordered: number;
                        /** @description Units the site received this day */
                        received: number;
                        /** @description Units the site shipped this day */
                        shipped: number;
                        /** @description Units on hand at the end of the day */
                        stock: number;
                    }[];
                } | {
                    /** @enum {string} */
                    model: "grazing";
                    pastures: {
                        /** @description V: standing forage, tonnes of dry matter */
                        biomass: number;
                        /** @description Its forage fell below collapseShare · K (for good) */
                        collapsed: boolean;
                        /** @description A drought touched it this week */
                        drought: boolean;
                        /** @description H: animals grazing it */
                        herd: number;
                        name: string;
                    }[];
                    /** @description Weeks simulated */
                    week: number;
                } | {
                    banks: {
                        /** @description Deposits not yet withdrawn this cycle, in units of one deposit */
                        deposits: number;
                        /** @description Failed: period-1 withdrawals asked for more than its liquid assets plus the liquidation value of the rest */
                        failed: boolean;
                        /** @description Illiquid assets now, in units (worth R each at maturity) */
                        illiquid: number;
                        insured: boolean;
                        /** @description What the deposit insurer paid the depositors of this failed bank */
                        insurerPaid: number;
                        /** @description c2 paid per unit of deposit at the last maturity (null before the first) */
                        latePayout: number | null;
                        /** @description Liquid assets now */
                        liquid: number;
                        name: string;
                        /** @description Convertibility suspended for the rest of period 1 */
                        suspended: boolean;
                        /** @description Paid out in period 1 of this cycle */
                        withdrawn: number;
                    }[];
                    /** @description Deposit cycle, from 1 */
                    cycle: number;
                    /** @description Day of the current cycle (0 is period 0; periodDays + 1 is maturity, which reopens the bank at day 0) */
                    day: number;
                    /** @enum {string} */
                    model: "bank-run";
                };
                /** @description Ids of the basins lost so far, in order of loss */
                lostBasins: string[];
                /** @description The standing prophecy that agents react to */
                prophecy: {
                    seq: number;
                    tick: number;
                } | null;
                /** @description The stability measure b, 0 to 1 */
                stability: number;
                status: components["schemas"]["SimulationStatus"];
                tick: number;
            };
            /** @description Tick number */
            t: number;
            /** @description The last stability warning of this tick, or null */
            warning: {
                /** @enum {string} */
                direction: "falling" | "rising";
                /** @enum {string} */
                measure: "stability";
                /** @description Stability before the crossing */
                previous: number;
                threshold: number;
                tick: number;
                /** @description Stability after the crossing */
                value: number;
            } | null;
        };
        TickEvent: {
            /** @description Every agent after this tick, with both lambda and gamma (with `agents=N`: the sample of N, in the same order) */
            agents: {
                id: string;
                policy: {
                    /** @description Engine 1.2.0 on: how much the agent believes prophecies */
                    belief?: number;
                    gamma: number;
                    lambda: number;
                };
                state: {
                    /** @description Attractor whose basin holds the agent */
                    basin: string | null;
                    vx: number;
                    vy: number;
                    x: number;
                    y: number;
                };
            }[];
            /** @description Stability b in 0…1 after this tick (= state.stability): depth share of the basins, reduced by up to a half by agitation */
            b: number;
            /** @description What happened at this tick (the trace step’s move) */
            lastMove: string;
            /** @description The state after this tick; status is the lifecycle status the tick was computed in (completed on the last tick) */
            state: {
                agentCount: number;
                attractors: {
                    capacity: number;
                    /** @description Current depth; 0 once lost */
                    depth: number;
                    id: string;
                    initialDepth: number;
                    /** @description Load the basin carried in the last tick */
                    load: number;
                    /** @description True once the basin has collapsed; it never comes back */
                    lost: boolean;
                    radius: number;
                    x: number;
                    y: number;
                }[];
                /** @description Mean position of the agents */
                centroid: {
                    x: number;
                    y: number;
                } | null;
                /**
                 * @description Why the simulation completed, if it did
                 * @enum {string|null}
                 */
                completion: "max-ticks" | "collapse" | null;
                /** @description The domain model's state in the domain's own units, tagged with the model's id (engine 1.4.0 on) */
                domain?: {
                    /** @enum {string} */
                    model: "seir";
                    /** @description The regions, in the order of the domain block */
                    regions: {
                        /** @description Hospital beds; the capacity of the region's hospitals */
                        beds: number;
                        /** @description E: infected, not yet infectious */
                        exposed: number;
                        /** @description H: in hospital; the load of the region's hospitals */
                        hospitalized: number;
                        /** @description I: infectious, in the community */
                        infectious: number;
                        /** @description Name of the region */
                        name: string;
                        /** @description R: recovered, including discharged patients */
                        recovered: number;
                        /** @description S: never infected */
                        susceptible: number;
                    }[];
                } | {
                    /** @enum {string} */
                    model: "stock-flow";
                    sites: {
                        /** @description Units ordered from the site and not yet shipped: end customers’ back orders plus what it owes the sites it supplies */
                        backlog: number;
                        /** @description Units ordered from the site this day */
                        demand: number;
                        /** @description Name of the site */
                        name: string;
                        /** @description Units the site ordered from its supplier (or put into production) this day */
                        ordered: number;
                        /** @description Units the site received this day */
                        received: number;
                        /** @description Units the site shipped this day */
                        shipped: number;
                        /** @description Units on hand at the end of the day */
                        stock: number;
                    }[];
                } | {
                    /** @enum {string} */
                    model: "grazing";
                    pastures: {
                        /** @description V: standing forage, tonnes of dry matter */
                        biomass: number;
                        /** @description Its forage fell below collapseShare · K (for good) */
                        collapsed: boolean;
                        /** @description A drought touched it this week */
                        drought: boolean;
                        /** @description H: animals grazing it */
                        herd: number;
                        name: string;
                    }[];
                    /** @description Weeks simulated */
                    week: number;
                } | {
                    banks: {
                        /** @description Deposits not yet withdrawn this cycle, in units of one deposit */
                        deposits: number;
                        /** @description Failed: period-1 withdrawals asked for more than its liquid assets plus the liquidation value of the rest */
                        failed: boolean;
                        /** @description Illiquid assets now, in units (worth R each at maturity) */
                        illiquid: number;
                        insured: boolean;
                        /** @description What the deposit insurer paid the depositors of this failed bank */
                        insurerPaid: number;
                        /** @description c2 paid per unit of deposit at the last maturity (null before the first) */
                        latePayout: number | null;
                        /** @description Liquid assets now */
                        liquid: number;
                        name: string;
                        /** @description Convertibility suspended for the rest of period 1 */
                        suspended: boolean;
                        /** @description Paid out in period 1 of this cycle */
                        withdrawn: number;
                    }[];
                    /** @description Deposit cycle, from 1 */
                    cycle: number;
                    /** @description Day of the current cycle (0 is period 0; periodDays + 1 is maturity, which reopens the bank at day 0) */
                    day: number;
                    /** @enum {string} */
                    model: "bank-run";
                };
                /** @description Ids of the basins lost so far, in order of loss */
                lostBasins: string[];
                /** @description The standing prophecy that agents react to */
                prophecy: {
                    seq: number;
                    tick: number;
                } | null;
                /** @description The stability measure b, 0 to 1 */
                stability: number;
                status: components["schemas"]["SimulationStatus"];
                tick: number;
            };
            /** @description Tick number */
            t: number;
            /** @description The last stability warning of this tick, or null */
            warning: {
                /** @enum {string} */
                direction: "falling" | "rising";
                /** @enum {string} */
                measure: "stability";
                /** @description Stability before the crossing */
                previous: number;
                threshold: number;
                tick: number;
                /** @description Stability after the crossing */
                value: number;
            } | null;
        };
        /**
         * @example {
         *       "action": "play",
         *       "speed": 2
         *     }
         */
        TimeControl: {
            /**
             * @description play starts the server-side clock, pause stops it, step advances exactly one tick (and pauses playback)
             * @enum {string}
             */
            action: "play" | "pause" | "step";
            /** @description Playback multiplier of rules.ticksPerSecond; kept until changed (default 1) */
            speed?: number;
        };
        Trace: {
            /** @description The scenario’s starting grid */
            initialState: {
                /**
                 * @description Wells of the field
                 * @default []
                 */
                attractors: {
                    /** @description Load the basin carries without eroding */
                    capacity: number;
                    /** @description Initial depth of the well: how strongly it pulls, and what erosion must remove */
                    depth: number;
                    /** @description Attractor identifier, unique for the life of the simulation */
                    id: string;
                    /** @description Width of the well, at least 0.01 (smaller wells would overflow the pull); the basin reaches twice as far */
                    radius: number;
                    /** @description Centre, x */
                    x: number;
                    /** @description Centre, y */
                    y: number;
                }[];
                /** @description Cells along y */
                height: number;
                /** @description Optional height map, `height` rows of `width` numbers; agents drift downhill. Flat when left out */
                terrain?: number[][];
                /** @description Cells along x */
                width: number;
            };
            metadata: components["schemas"]["TraceMetadata"];
            steps: components["schemas"]["TraceStep"][];
        };
        TraceMetadata: {
            engineVersion: components["schemas"]["EngineVersion"];
            scenarioId: string;
            seed: number;
            /** Format: uuid */
            simulationId: string;
            /** @description Number of steps in the trace (the current tick) */
            ticks: number;
        };
        /**
         * @description Present when a page was asked for (fromTick, toTick or limit)
         * @example {
         *       "fromTick": 101,
         *       "toTick": 200,
         *       "limit": 100,
         *       "nextCursor": 201
         *     }
         */
        TracePage: {
            /** @description First tick in this page */
            fromTick: number;
            /** @description Ticks per page */
            limit: number;
            /** @description The `fromTick` of the next page (same toTick and limit); null on the last page. Also in the `X-Next-Cursor` header. */
            nextCursor: number | null;
            /** @description Last tick in this page */
            toTick: number;
        };
        TraceRead: components["schemas"]["Trace"] & {
            page?: components["schemas"]["TracePage"];
        };
        TraceStep: {
            agents: {
                id: string;
                policy: {
                    /** @description Engine 1.2.0 on: how much the agent believes prophecies */
                    belief?: number;
                    gamma: number;
                    lambda: number;
                };
                state: {
                    /** @description Attractor whose basin holds the agent */
                    basin: string | null;
                    vx: number;
                    vy: number;
                    x: number;
                    y: number;
                };
            }[];
            /** @description The first basin loss of this tick, if any (every loss is also an event) */
            loss: {
                /** @description Agent that tipped the basin over: the heaviest, fastest mover in it; "none" if the basin was empty */
                agent: string;
                attractor: string;
                capacity: number;
                load: number;
                /** @description Initial depth of the basin that was lost */
                magnitude: number;
                tick: number;
            } | null;
            /** @description What happened at this tick, in a short readable string */
            move: string;
            state: {
                agentCount: number;
                attractors: {
                    capacity: number;
                    /** @description Current depth; 0 once lost */
                    depth: number;
                    id: string;
                    initialDepth: number;
                    /** @description Load the basin carried in the last tick */
                    load: number;
                    /** @description True once the basin has collapsed; it never comes back */
                    lost: boolean;
                    radius: number;
                    x: number;
                    y: number;
                }[];
                /** @description Mean position of the agents */
                centroid: {
                    x: number;
                    y: number;
                } | null;
                /**
                 * @description Why the simulation completed, if it did
                 * @enum {string|null}
                 */
                completion: "max-ticks" | "collapse" | null;
                /** @description The domain model's state in the domain's own units, tagged with the model's id (engine 1.4.0 on) */
                domain?: {
                    /** @enum {string} */
                    model: "seir";
                    /** @description The regions, in the order of the domain block */
                    regions: {
                        /** @description Hospital beds; the capacity of the region's hospitals */
                        beds: number;
                        /** @description E: infected, not yet infectious */
                        exposed: number;
                        /** @description H: in hospital; the load of the region's hospitals */
                        hospitalized: number;
                        /** @description I: infectious, in the community */
                        infectious: number;
                        /** @description Name of the region */
                        name: string;
                        /** @description R: recovered, including discharged patients */
                        recovered: number;
                        /** @description S: never infected */
                        susceptible: number;
                    }[];
                } | {
                    /** @enum {string} */
                    model: "stock-flow";
                    sites: {
                        /** @description Units ordered from the site and not yet shipped: end customers’ back orders plus what it owes the sites it supplies */
                        backlog: number;
                        /** @description Units ordered from the site this day */
                        demand: number;
                        /** @description Name of the site */
                        name: string;
                        /** @description Units the site ordered from its supplier (or put into production) this day */
                        ordered: number;
                        /** @description Units the site received this day */
                        received: number;
                        /** @description Units the site shipped this day */
                        shipped: number;
                        /** @description Units on hand at the end of the day */
                        stock: number;
                    }[];
                } | {
                    /** @enum {string} */
                    model: "grazing";
                    pastures: {
                        /** @description V: standing forage, tonnes of dry matter */
                        biomass: number;
                        /** @description Its forage fell below collapseShare · K (for good) */
                        collapsed: boolean;
                        /** @description A drought touched it this week */
                        drought: boolean;
                        /** @description H: animals grazing it */
                        herd: number;
                        name: string;
                    }[];
                    /** @description Weeks simulated */
                    week: number;
                } | {
                    banks: {
                        /** @description Deposits not yet withdrawn this cycle, in units of one deposit */
                        deposits: number;
                        /** @description Failed: period-1 withdrawals asked for more than its liquid assets plus the liquidation value of the rest */
                        failed: boolean;
                        /** @description Illiquid assets now, in units (worth R each at maturity) */
                        illiquid: number;
                        insured: boolean;
                        /** @description What the deposit insurer paid the depositors of this failed bank */
                        insurerPaid: number;
                        /** @description c2 paid per unit of deposit at the last maturity (null before the first) */
                        latePayout: number | null;
                        /** @description Liquid assets now */
                        liquid: number;
                        name: string;
                        /** @description Convertibility suspended for the rest of period 1 */
                        suspended: boolean;
                        /** @description Paid out in period 1 of this cycle */
                        withdrawn: number;
                    }[];
                    /** @description Deposit cycle, from 1 */
                    cycle: number;
                    /** @description Day of the current cycle (0 is period 0; periodDays + 1 is maturity, which reopens the bank at day 0) */
                    day: number;
                    /** @enum {string} */
                    model: "bank-run";
                };
                /** @description Ids of the basins lost so far, in order of loss */
                lostBasins: string[];
                /** @description The standing prophecy that agents react to */
                prophecy: {
                    seq: number;
                    tick: number;
                } | null;
                /** @description The stability measure b, 0 to 1 */
                stability: number;
                /**
                 * @description The engine phase; the API reports its own lifecycle status instead
                 * @enum {string}
                 */
                status: "running" | "completed";
                tick: number;
            };
            tick: number;
            warning: {
                /** @enum {string} */
                direction: "falling" | "rising";
                /** @enum {string} */
                measure: "stability";
                /** @description Stability before the crossing */
                previous: number;
                threshold: number;
                tick: number;
                /** @description Stability after the crossing */
                value: number;
            } | null;
        };
        Usage: {
            /** @description One entry per day from `from` to `to`, days without activity included as zeros */
            data: components["schemas"]["DailyUsage"][];
            from: string;
            /** Format: uuid */
            organizationId: string;
            storage: components["schemas"]["StorageUsage"];
            to: string;
            totals: components["schemas"]["UsageTotals"];
        };
        /** @description Authenticated requests by rate-limit route class */
        UsageRequestCounts: {
            create: number;
            read: number;
            /** @description Event streams opened */
            sse: number;
            step: number;
        };
        UsageTotals: {
            requests: components["schemas"]["UsageRequestCounts"];
            /** @description Simulations created (create, from-domain, run) */
            simulationsCreated: number;
            /** @description Ticks computed by run, step and playback */
            ticksComputed: number;
        };
        /**
         * @description from, from + step, … up to to (included when a step lands on it); step > 0 and from ≤ to
         * @example {
         *       "from": -1,
         *       "to": 1,
         *       "step": 0.5
         *     }
         */
        ValueRange: {
            from: number;
            step: number;
            to: number;
        };
        /** @description Stability b crossed a threshold of rules.warningThresholds: value after the crossing, previous value, threshold and direction */
        WarningEvent: {
            /** @enum {string} */
            direction: "falling" | "rising";
            /** @enum {string} */
            measure: "stability";
            /** @description Stability before the crossing */
            previous: number;
            threshold: number;
            tick: number;
            /** @description Stability after the crossing */
            value: number;
        };
        /** @description Engine work, in agent-ticks (docs/api.md, "Engine work") */
        WorkLimits: {
            /** @description Most agent-ticks one request may cost (a history replay: one window); above it 422 WORK_LIMIT_EXCEEDED */
            ceiling: number;
            /** @description Agent-ticks per rate-limit window and identity: the compute class */
            perWindow: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getApiReference: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reference page */
            200: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description VALIDATION_ERROR: a query parameter the route does not declare (every route refuses one, at its name), or a path parameter that is not of its form; `details.issues` has one `{ path, message }` per problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDomains: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every adapter */
            200: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainList"];
                };
            };
            /** @description VALIDATION_ERROR: a query parameter the route does not declare (every route refuses one, at its name), or a path parameter that is not of its form; `details.issues` has one `{ path, message }` per problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The adapter */
            200: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Domain"];
                };
            };
            /** @description VALIDATION_ERROR: a query parameter the route does not declare (every route refuses one, at its name), or a path parameter that is not of its form; `details.issues` has one `{ path, message }` per problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listExperiments: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description JWT callers only: one of their organizations (400 when not a UUID, 403 when not theirs). Ignored entirely for API keys, whatever its value. */
                organizationId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of experiments */
            200: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExperimentList"];
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    submitExperiment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Retry key (1 to 255 printable ASCII characters), scoped to the caller (and a JWT's issuer), the organization the request acts for (the body's `organizationId`, else the caller's default), the method and the path; kept 24 hours. A repeat with the same key and the same JSON body (key order and spacing do not matter) and the same Accept replays the first response (status, body byte for byte, Location, Content-Type) with `Idempotency-Replayed: true`; X-RateLimit-* are live. A replayed error envelope carries this request's id in `error.requestId`. Responses the handler produced are cached, 404 and 5xx included; refusals are not (the key stays free): UNAUTHORIZED, FORBIDDEN, VALIDATION_ERROR, PAYLOAD_TOO_LARGE, RATE_LIMITED, ENGINE_BUSY, WORK_LIMIT_EXCEEDED, STORAGE_LIMIT_EXCEEDED, SIMULATION_NOT_ACTIVE, IDEMPOTENCY_KEY_REUSE, IDEMPOTENCY_KEY_IN_PROGRESS.
                 * @example create-7f3a9c
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExperimentRequest"];
            };
        };
        responses: {
            /** @description Accepted and queued; `Location` names the experiment */
            202: {
                headers: {
                    /** @description `true` when this response is a replay */
                    "Idempotency-Replayed"?: "true";
                    /** @description /v1/experiments/{id} */
                    Location?: string;
                    /** @description Agent-ticks this identity may use per window (the compute class); present when the request drew on it */
                    "X-RateLimit-Compute-Limit"?: number;
                    /** @description Agent-ticks left in the window */
                    "X-RateLimit-Compute-Remaining"?: number;
                    /** @description Unix time (seconds) at which the compute window resets */
                    "X-RateLimit-Compute-Reset"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Experiment"];
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SIMULATION_NOT_ACTIVE: the simulation has completed or failed. IDEMPOTENCY_KEY_REUSE: the Idempotency-Key was used with a different body or Accept. IDEMPOTENCY_KEY_IN_PROGRESS: the first request with this key is still running; `details.retryAfter` (seconds, 1) says when to ask again, and a retry then gets the replay (or another 409 while it still runs). A key whose request was in flight when the server stopped is released when it starts again. */
            409: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: body over 1 MiB */
            413: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description WORK_LIMIT_EXCEEDED: the request costs more agent-ticks than its tier allows in one request (a history replay: in one compute window); for time-control `play`: one tick of the simulation costs more than that, or the playing simulations of the caller cost more a second than its tier sustains. `details` gives `cost`, `ceiling`, `tier` and the estimate. Nothing ran. For `step`, also: its prophecies would pass the 32 MiB one step may hand back (`unit: "bytes"`, `maxTicks`: the most ticks a step of this simulation may ask). STORAGE_LIMIT_EXCEEDED (`run`, `step`, time-control `step` and `play`, experiments): what the organization stores plus the bytes the request is estimated to store is over its tier's storage quota; `details` gives `cost`, `used`, `quota`, `tier` and `unit: "bytes"`. Nothing ran. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the organization has its tier’s number of experiments running and queued, or the compute window has too little left */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description WORK_CANCELLED: the engine work stopped before it finished (the client left, or the server is stopping); nothing of it was stored. ENGINE_BUSY (trace, a past state, compare, a fork, a stream resumed with Last-Event-ID, a long `run` answer regenerated for an Idempotency-Key): the server has its most engine requests under way; `details.retryAfter` says when to retry, in seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getExperiment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The experiment */
            200: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Experiment"];
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelExperiment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Retry key (1 to 255 printable ASCII characters), scoped to the caller (and a JWT's issuer), the organization the request acts for (the body's `organizationId`, else the caller's default), the method and the path; kept 24 hours. A repeat with the same key and the same JSON body (key order and spacing do not matter) and the same Accept replays the first response (status, body byte for byte, Location, Content-Type) with `Idempotency-Replayed: true`; X-RateLimit-* are live. A replayed error envelope carries this request's id in `error.requestId`. Responses the handler produced are cached, 404 and 5xx included; refusals are not (the key stays free): UNAUTHORIZED, FORBIDDEN, VALIDATION_ERROR, PAYLOAD_TOO_LARGE, RATE_LIMITED, ENGINE_BUSY, WORK_LIMIT_EXCEEDED, STORAGE_LIMIT_EXCEEDED, SIMULATION_NOT_ACTIVE, IDEMPOTENCY_KEY_REUSE, IDEMPOTENCY_KEY_IN_PROGRESS.
                 * @example create-7f3a9c
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description The experiment, cancelled (or as it finished) */
            200: {
                headers: {
                    /** @description `true` when this response is a replay */
                    "Idempotency-Replayed"?: "true";
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Experiment"];
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSE: the Idempotency-Key was used with a different body or Accept. IDEMPOTENCY_KEY_IN_PROGRESS: the first request with this key is still running; `details.retryAfter` (seconds, 1) says when to ask again, and a retry then gets the replay (or another 409 while it still runs). A key whose request was in flight when the server stopped is released when it starts again. */
            409: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over 1048576 bytes (1 MiB), with or without Content-Length; the connection is closed after the answer. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ENGINE_BUSY: the server has its most long JSON bodies (32 KiB or more) and result exports waiting for the thread that reads them (64); `details.retryAfter` says when to retry, in seconds (docs/api.md, "Where it runs"). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    subscribeToExperimentEvents: {
        parameters: {
            query?: {
                /** @description Same as the Last-Event-ID header (which wins when both carry an id; an empty header is as if absent), for clients that cannot set headers */
                lastEventId?: string;
            };
            header?: {
                /** @description The id of the last message received; the stream resumes right after it */
                "last-event-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream (`text/event-stream`); the schema describes one message. */
            200: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["ExperimentEventMessage"];
                };
            };
            /** @description The experiment has finished and there is nothing after Last-Event-ID: do not reconnect */
            204: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the organization has its tier’s number of streams open */
            429: {
                headers: {
                    /** @description Seconds: always 5 */
                    "Retry-After"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getExperimentResults: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The results */
            200: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExperimentResults"];
                    "application/vnd.apache.parquet": string;
                    "text/csv": string;
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_ACCEPTABLE: none of the media types the endpoint answers in is acceptable to `Accept` (a type with `q=0` is never chosen); `details.offered` lists them */
            406: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ENGINE_BUSY: the thread that makes results and exports off the event loop has its most tasks waiting (64); `details.retryAfter` says when to retry, in seconds */
            503: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Healthy */
            200: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description VALIDATION_ERROR: a query parameter the route does not declare (every route refuses one, at its name), or a path parameter that is not of its form; `details.issues` has one `{ path, message }` per problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database does not answer; same shape */
            503: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description VALIDATION_ERROR: a query parameter the route does not declare (every route refuses one, at its name), or a path parameter that is not of its form; `details.issues` has one `{ path, message }` per problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrganization: {
        parameters: {
            query?: {
                /** @description One of the organizations the caller may act for (JWT `orgs`); default the first. An API key has exactly one. */
                organizationId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization */
            200: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listScenarios: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every scenario, by id */
            200: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScenarioList"];
                };
            };
            /** @description VALIDATION_ERROR: a query parameter the route does not declare (every route refuses one, at its name), or a path parameter that is not of its form; `details.issues` has one `{ path, message }` per problem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getScenario: {
        parameters: {
            query?: {
                /** @description true: every rule and policy parameter filled in with its default; false (default): as written */
                resolved?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The scenario */
            200: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Scenario"];
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSimulations: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description JWT callers only: one of their organizations (400 when not a UUID, 403 when not theirs). Ignored entirely for API keys, whatever its value. */
                organizationId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of simulations */
            200: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimulationPage"];
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSimulation: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Retry key (1 to 255 printable ASCII characters), scoped to the caller (and a JWT's issuer), the organization the request acts for (the body's `organizationId`, else the caller's default), the method and the path; kept 24 hours. A repeat with the same key and the same JSON body (key order and spacing do not matter) and the same Accept replays the first response (status, body byte for byte, Location, Content-Type) with `Idempotency-Replayed: true`; X-RateLimit-* are live. A replayed error envelope carries this request's id in `error.requestId`. Responses the handler produced are cached, 404 and 5xx included; refusals are not (the key stays free): UNAUTHORIZED, FORBIDDEN, VALIDATION_ERROR, PAYLOAD_TOO_LARGE, RATE_LIMITED, ENGINE_BUSY, WORK_LIMIT_EXCEEDED, STORAGE_LIMIT_EXCEEDED, SIMULATION_NOT_ACTIVE, IDEMPOTENCY_KEY_REUSE, IDEMPOTENCY_KEY_IN_PROGRESS.
                 * @example create-7f3a9c
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSimulation"];
            };
        };
        responses: {
            /** @description Created; `Location` names the new simulation */
            201: {
                headers: {
                    /** @description `true` when this response is a replay */
                    "Idempotency-Replayed"?: "true";
                    /** @description /v1/simulations/{id} */
                    Location?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Simulation"];
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSE: the Idempotency-Key was used with a different body or Accept. IDEMPOTENCY_KEY_IN_PROGRESS: the first request with this key is still running; `details.retryAfter` (seconds, 1) says when to ask again, and a retry then gets the replay (or another 409 while it still runs). A key whose request was in flight when the server stopped is released when it starts again. */
            409: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: body over 1 MiB */
            413: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ENGINE_BUSY: the server has its most long JSON bodies (32 KiB or more) and result exports waiting for the thread that reads them (64); `details.retryAfter` says when to retry, in seconds (docs/api.md, "Where it runs"). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSimulation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The simulation */
            200: {
                headers: {
                    /** @description A strong tag of these bytes, for If-None-Match */
                    ETag?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Simulation"];
                };
            };
            /** @description Not modified: `If-None-Match` names the current tag */
            304: {
                headers: {
                    /** @description The current tag */
                    ETag?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setAgentPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgentPolicyUpdate"];
            };
        };
        responses: {
            /** @description Queued for the next tick */
            200: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SIMULATION_NOT_ACTIVE: the simulation has completed or failed */
            409: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over 1048576 bytes (1 MiB), with or without Content-Length; the connection is closed after the answer. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ENGINE_BUSY: the server has its most long JSON bodies (32 KiB or more) and result exports waiting for the thread that reads them (64); `details.retryAfter` says when to retry, in seconds (docs/api.md, "Where it runs"). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    compareSimulations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                otherId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The comparison */
            200: {
                headers: {
                    /** @description Agent-ticks this identity may use per window (the compute class); present when the request drew on it */
                    "X-RateLimit-Compute-Limit"?: number;
                    /** @description Agent-ticks left in the window */
                    "X-RateLimit-Compute-Remaining"?: number;
                    /** @description Unix time (seconds) at which the compute window resets */
                    "X-RateLimit-Compute-Reset"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comparison"];
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description WORK_LIMIT_EXCEEDED: the request costs more agent-ticks than its tier allows in one request (a history replay: in one compute window); for time-control `play`: one tick of the simulation costs more than that, or the playing simulations of the caller cost more a second than its tier sustains. `details` gives `cost`, `ceiling`, `tier` and the estimate. Nothing ran. For `step`, also: its prophecies would pass the 32 MiB one step may hand back (`unit: "bytes"`, `maxTicks`: the most ticks a step of this simulation may ask). STORAGE_LIMIT_EXCEEDED (`run`, `step`, time-control `step` and `play`, experiments): what the organization stores plus the bytes the request is estimated to store is over its tier's storage quota; `details` gives `cost`, `used`, `quota`, `tier` and `unit: "bytes"`. Nothing ran. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description WORK_CANCELLED: the engine work stopped before it finished (the client left, or the server is stopping); nothing of it was stored. ENGINE_BUSY (trace, a past state, compare, a fork, a stream resumed with Last-Event-ID, a long `run` answer regenerated for an Idempotency-Key): the server has its most engine requests under way; `details.retryAfter` says when to retry, in seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDecrees: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description By creation order */
                order?: "asc" | "desc";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of decrees */
            200: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecreePage"];
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    submitDecree: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Retry key (1 to 255 printable ASCII characters), scoped to the caller (and a JWT's issuer), the organization the request acts for (the body's `organizationId`, else the caller's default), the method and the path; kept 24 hours. A repeat with the same key and the same JSON body (key order and spacing do not matter) and the same Accept replays the first response (status, body byte for byte, Location, Content-Type) with `Idempotency-Replayed: true`; X-RateLimit-* are live. A replayed error envelope carries this request's id in `error.requestId`. Responses the handler produced are cached, 404 and 5xx included; refusals are not (the key stays free): UNAUTHORIZED, FORBIDDEN, VALIDATION_ERROR, PAYLOAD_TOO_LARGE, RATE_LIMITED, ENGINE_BUSY, WORK_LIMIT_EXCEEDED, STORAGE_LIMIT_EXCEEDED, SIMULATION_NOT_ACTIVE, IDEMPOTENCY_KEY_REUSE, IDEMPOTENCY_KEY_IN_PROGRESS.
                 * @example create-7f3a9c
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DecreeInput"];
            };
        };
        responses: {
            /** @description Queued; `Location` names the decree */
            201: {
                headers: {
                    /** @description `true` when this response is a replay */
                    "Idempotency-Replayed"?: "true";
                    Location?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decree"];
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SIMULATION_NOT_ACTIVE: the simulation has completed or failed. IDEMPOTENCY_KEY_REUSE: the Idempotency-Key was used with a different body or Accept. IDEMPOTENCY_KEY_IN_PROGRESS: the first request with this key is still running; `details.retryAfter` (seconds, 1) says when to ask again, and a retry then gets the replay (or another 409 while it still runs). A key whose request was in flight when the server stopped is released when it starts again. */
            409: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over 1048576 bytes (1 MiB), with or without Content-Length; the connection is closed after the answer. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ENGINE_BUSY: the server has its most long JSON bodies (32 KiB or more) and result exports waiting for the thread that reads them (64); `details.retryAfter` says when to retry, in seconds (docs/api.md, "Where it runs"). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDecree: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                decreeId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The decree */
            200: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decree"];
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    subscribeToSimulationEvents: {
        parameters: {
            query?: {
                /** @description Agents in each tick: all (default), none (aggregates only), or N, a deterministic sample of N agents (the same every tick) */
                agents?: string;
                /** @description json (default): agent objects; packed: quantized positions and basins in base64 columns (see the description) */
                encoding?: "json" | "packed";
                /** @description When this stream falls behind a bound: skip (default; stays open and live, a degraded event, then only the newest tick waits) or drop (closed with SLOW_CONSUMER and a retry delay, resume with Last-Event-ID) */
                lag?: "drop" | "skip";
                /** @description Same as the Last-Event-ID header (which wins when both carry an id; an empty header is as if absent), for clients that cannot set headers */
                lastEventId?: string;
            };
            header?: {
                /** @description The id of the last message received; the stream resumes right after it */
                "last-event-id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream (`text/event-stream`); the schema describes one message. */
            200: {
                headers: {
                    /** @description Agent-ticks this identity may use per window (the compute class); present when the request drew on it */
                    "X-RateLimit-Compute-Limit"?: number;
                    /** @description Agent-ticks left in the window */
                    "X-RateLimit-Compute-Remaining"?: number;
                    /** @description Unix time (seconds) at which the compute window resets */
                    "X-RateLimit-Compute-Reset"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["SimulationEventMessage"];
                };
            };
            /** @description The simulation has completed or failed and there is nothing after Last-Event-ID: do not reconnect */
            204: {
                headers: {
                    /** @description Agent-ticks this identity may use per window (the compute class); present when the request drew on it */
                    "X-RateLimit-Compute-Limit"?: number;
                    /** @description Agent-ticks left in the window */
                    "X-RateLimit-Compute-Remaining"?: number;
                    /** @description Unix time (seconds) at which the compute window resets */
                    "X-RateLimit-Compute-Reset"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description WORK_LIMIT_EXCEEDED: the request costs more agent-ticks than its tier allows in one request (a history replay: in one compute window); for time-control `play`: one tick of the simulation costs more than that, or the playing simulations of the caller cost more a second than its tier sustains. `details` gives `cost`, `ceiling`, `tier` and the estimate. Nothing ran. For `step`, also: its prophecies would pass the 32 MiB one step may hand back (`unit: "bytes"`, `maxTicks`: the most ticks a step of this simulation may ask). STORAGE_LIMIT_EXCEEDED (`run`, `step`, time-control `step` and `play`, experiments): what the organization stores plus the bytes the request is estimated to store is over its tier's storage quota; `details` gives `cost`, `used`, `quota`, `tier` and `unit: "bytes"`. Nothing ran. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the organization has its tier’s number of streams open (`Retry-After: 5`), or, for a stream resumed with Last-Event-ID, its most engine requests under way (`details.routeClass: "engine"`, `Retry-After: 1`; docs/api.md, "Engine work", "The engine's queue") */
            429: {
                headers: {
                    /** @description Seconds: 5 for the streams, 1 for the engine’s queue */
                    "Retry-After"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description WORK_CANCELLED: the engine work stopped before it finished (the client left, or the server is stopping); nothing of it was stored. ENGINE_BUSY (trace, a past state, compare, a fork, a stream resumed with Last-Event-ID, a long `run` answer regenerated for an Idempotency-Key): the server has its most engine requests under way; `details.retryAfter` says when to retry, in seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    forkSimulation: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Retry key (1 to 255 printable ASCII characters), scoped to the caller (and a JWT's issuer), the organization the request acts for (the body's `organizationId`, else the caller's default), the method and the path; kept 24 hours. A repeat with the same key and the same JSON body (key order and spacing do not matter) and the same Accept replays the first response (status, body byte for byte, Location, Content-Type) with `Idempotency-Replayed: true`; X-RateLimit-* are live. A replayed error envelope carries this request's id in `error.requestId`. Responses the handler produced are cached, 404 and 5xx included; refusals are not (the key stays free): UNAUTHORIZED, FORBIDDEN, VALIDATION_ERROR, PAYLOAD_TOO_LARGE, RATE_LIMITED, ENGINE_BUSY, WORK_LIMIT_EXCEEDED, STORAGE_LIMIT_EXCEEDED, SIMULATION_NOT_ACTIVE, IDEMPOTENCY_KEY_REUSE, IDEMPOTENCY_KEY_IN_PROGRESS.
                 * @example create-7f3a9c
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ForkRequest"];
            };
        };
        responses: {
            /** @description Created; `Location` names the new simulation */
            201: {
                headers: {
                    /** @description `true` when this response is a replay */
                    "Idempotency-Replayed"?: "true";
                    /** @description /v1/simulations/{id} */
                    Location?: string;
                    /** @description Agent-ticks this identity may use per window (the compute class); present when the request drew on it */
                    "X-RateLimit-Compute-Limit"?: number;
                    /** @description Agent-ticks left in the window */
                    "X-RateLimit-Compute-Remaining"?: number;
                    /** @description Unix time (seconds) at which the compute window resets */
                    "X-RateLimit-Compute-Reset"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Simulation"];
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SIMULATION_NOT_ACTIVE: the simulation has completed or failed. IDEMPOTENCY_KEY_REUSE: the Idempotency-Key was used with a different body or Accept. IDEMPOTENCY_KEY_IN_PROGRESS: the first request with this key is still running; `details.retryAfter` (seconds, 1) says when to ask again, and a retry then gets the replay (or another 409 while it still runs). A key whose request was in flight when the server stopped is released when it starts again. */
            409: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: body over 1 MiB */
            413: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description WORK_LIMIT_EXCEEDED: the request costs more agent-ticks than its tier allows in one request (a history replay: in one compute window); for time-control `play`: one tick of the simulation costs more than that, or the playing simulations of the caller cost more a second than its tier sustains. `details` gives `cost`, `ceiling`, `tier` and the estimate. Nothing ran. For `step`, also: its prophecies would pass the 32 MiB one step may hand back (`unit: "bytes"`, `maxTicks`: the most ticks a step of this simulation may ask). STORAGE_LIMIT_EXCEEDED (`run`, `step`, time-control `step` and `play`, experiments): what the organization stores plus the bytes the request is estimated to store is over its tier's storage quota; `details` gives `cost`, `used`, `quota`, `tier` and `unit: "bytes"`. Nothing ran. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description WORK_CANCELLED: the engine work stopped before it finished (the client left, or the server is stopping); nothing of it was stored. ENGINE_BUSY (trace, a past state, compare, a fork, a stream resumed with Last-Event-ID, a long `run` answer regenerated for an Idempotency-Key): the server has its most engine requests under way; `details.retryAfter` says when to retry, in seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLineage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The lineage */
            200: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Lineage"];
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProphecies: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description By creation order */
                order?: "asc" | "desc";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of prophecies */
            200: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProphecyPage"];
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStateAtTick: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description A tick from 0 (the start) to the current tick */
                tick: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The state at that tick */
            200: {
                headers: {
                    /** @description Agent-ticks this identity may use per window (the compute class); present when the request drew on it */
                    "X-RateLimit-Compute-Limit"?: number;
                    /** @description Agent-ticks left in the window */
                    "X-RateLimit-Compute-Remaining"?: number;
                    /** @description Unix time (seconds) at which the compute window resets */
                    "X-RateLimit-Compute-Reset"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PastState"];
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description WORK_LIMIT_EXCEEDED: the request costs more agent-ticks than its tier allows in one request (a history replay: in one compute window); for time-control `play`: one tick of the simulation costs more than that, or the playing simulations of the caller cost more a second than its tier sustains. `details` gives `cost`, `ceiling`, `tier` and the estimate. Nothing ran. For `step`, also: its prophecies would pass the 32 MiB one step may hand back (`unit: "bytes"`, `maxTicks`: the most ticks a step of this simulation may ask). STORAGE_LIMIT_EXCEEDED (`run`, `step`, time-control `step` and `play`, experiments): what the organization stores plus the bytes the request is estimated to store is over its tier's storage quota; `details` gives `cost`, `used`, `quota`, `tier` and `unit: "bytes"`. Nothing ran. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description WORK_CANCELLED: the engine work stopped before it finished (the client left, or the server is stopping); nothing of it was stored. ENGINE_BUSY (trace, a past state, compare, a fork, a stream resumed with Last-Event-ID, a long `run` answer regenerated for an Idempotency-Key): the server has its most engine requests under way; `details.retryAfter` says when to retry, in seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    stepSimulation: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Retry key (1 to 255 printable ASCII characters), scoped to the caller (and a JWT's issuer), the organization the request acts for (the body's `organizationId`, else the caller's default), the method and the path; kept 24 hours. A repeat with the same key and the same JSON body (key order and spacing do not matter) and the same Accept replays the first response (status, body byte for byte, Location, Content-Type) with `Idempotency-Replayed: true`; X-RateLimit-* are live. A replayed error envelope carries this request's id in `error.requestId`. Responses the handler produced are cached, 404 and 5xx included; refusals are not (the key stays free): UNAUTHORIZED, FORBIDDEN, VALIDATION_ERROR, PAYLOAD_TOO_LARGE, RATE_LIMITED, ENGINE_BUSY, WORK_LIMIT_EXCEEDED, STORAGE_LIMIT_EXCEEDED, SIMULATION_NOT_ACTIVE, IDEMPOTENCY_KEY_REUSE, IDEMPOTENCY_KEY_IN_PROGRESS.
                 * @example create-7f3a9c
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StepRequest"];
            };
        };
        responses: {
            /** @description The new state */
            200: {
                headers: {
                    /** @description `true` when this response is a replay */
                    "Idempotency-Replayed"?: "true";
                    /** @description Agent-ticks this identity may use per window (the compute class); present when the request drew on it */
                    "X-RateLimit-Compute-Limit"?: number;
                    /** @description Agent-ticks left in the window */
                    "X-RateLimit-Compute-Remaining"?: number;
                    /** @description Unix time (seconds) at which the compute window resets */
                    "X-RateLimit-Compute-Reset"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StepResult"];
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SIMULATION_NOT_ACTIVE: the simulation has completed or failed. IDEMPOTENCY_KEY_REUSE: the Idempotency-Key was used with a different body or Accept. IDEMPOTENCY_KEY_IN_PROGRESS: the first request with this key is still running; `details.retryAfter` (seconds, 1) says when to ask again, and a retry then gets the replay (or another 409 while it still runs). A key whose request was in flight when the server stopped is released when it starts again. */
            409: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over 1048576 bytes (1 MiB), with or without Content-Length; the connection is closed after the answer. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description WORK_LIMIT_EXCEEDED: the request costs more agent-ticks than its tier allows in one request (a history replay: in one compute window); for time-control `play`: one tick of the simulation costs more than that, or the playing simulations of the caller cost more a second than its tier sustains. `details` gives `cost`, `ceiling`, `tier` and the estimate. Nothing ran. For `step`, also: its prophecies would pass the 32 MiB one step may hand back (`unit: "bytes"`, `maxTicks`: the most ticks a step of this simulation may ask). STORAGE_LIMIT_EXCEEDED (`run`, `step`, time-control `step` and `play`, experiments): what the organization stores plus the bytes the request is estimated to store is over its tier's storage quota; `details` gives `cost`, `used`, `quota`, `tier` and `unit: "bytes"`. Nothing ran. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description WORK_CANCELLED: the engine work stopped before it finished (the client left, or the server is stopping); nothing of it was stored. ENGINE_BUSY (trace, a past state, compare, a fork, a stream resumed with Last-Event-ID, a long `run` answer regenerated for an Idempotency-Key): the server has its most engine requests under way; `details.retryAfter` says when to retry, in seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setTimeControl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TimeControl"];
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    /** @description Agent-ticks this identity may use per window (the compute class); present when the request drew on it */
                    "X-RateLimit-Compute-Limit"?: number;
                    /** @description Agent-ticks left in the window */
                    "X-RateLimit-Compute-Remaining"?: number;
                    /** @description Unix time (seconds) at which the compute window resets */
                    "X-RateLimit-Compute-Reset"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SIMULATION_NOT_ACTIVE: the simulation has completed or failed */
            409: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body is over 1048576 bytes (1 MiB), with or without Content-Length; the connection is closed after the answer. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description WORK_LIMIT_EXCEEDED: the request costs more agent-ticks than its tier allows in one request (a history replay: in one compute window); for time-control `play`: one tick of the simulation costs more than that, or the playing simulations of the caller cost more a second than its tier sustains. `details` gives `cost`, `ceiling`, `tier` and the estimate. Nothing ran. For `step`, also: its prophecies would pass the 32 MiB one step may hand back (`unit: "bytes"`, `maxTicks`: the most ticks a step of this simulation may ask). STORAGE_LIMIT_EXCEEDED (`run`, `step`, time-control `step` and `play`, experiments): what the organization stores plus the bytes the request is estimated to store is over its tier's storage quota; `details` gives `cost`, `used`, `quota`, `tier` and `unit: "bytes"`. Nothing ran. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description WORK_CANCELLED: the engine work stopped before it finished (the client left, or the server is stopping); nothing of it was stored. ENGINE_BUSY (trace, a past state, compare, a fork, a stream resumed with Last-Event-ID, a long `run` answer regenerated for an Idempotency-Key): the server has its most engine requests under way; `details.retryAfter` says when to retry, in seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTrace: {
        parameters: {
            query?: {
                /** @description First tick of the page (default 1); at most the current tick. Pass the previous page’s `nextCursor` here: `?fromTick=101&limit=100`, then `?fromTick=201&limit=100`, … until `nextCursor` is null. */
                fromTick?: number;
                /** @description Ticks per page, 1 to 200 (default 50 once a page is asked for) */
                limit?: number;
                /** @description Last tick wanted over all pages (default and at most: the current tick); not before fromTick */
                toTick?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The trace, or one page of it */
            200: {
                headers: {
                    /** @description The fromTick of the next page; absent on the last page and when no page was asked for */
                    "X-Next-Cursor"?: number;
                    /** @description Agent-ticks this identity may use per window (the compute class); present when the request drew on it */
                    "X-RateLimit-Compute-Limit"?: number;
                    /** @description Agent-ticks left in the window */
                    "X-RateLimit-Compute-Remaining"?: number;
                    /** @description Unix time (seconds) at which the compute window resets */
                    "X-RateLimit-Compute-Reset"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TraceRead"];
                    "application/x-ndjson": components["schemas"]["TraceStep"];
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_ACCEPTABLE: none of the media types the endpoint answers in is acceptable to `Accept` (a type with `q=0` is never chosen); `details.offered` lists them */
            406: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description WORK_LIMIT_EXCEEDED: the request costs more agent-ticks than its tier allows in one request (a history replay: in one compute window); for time-control `play`: one tick of the simulation costs more than that, or the playing simulations of the caller cost more a second than its tier sustains. `details` gives `cost`, `ceiling`, `tier` and the estimate. Nothing ran. For `step`, also: its prophecies would pass the 32 MiB one step may hand back (`unit: "bytes"`, `maxTicks`: the most ticks a step of this simulation may ask). STORAGE_LIMIT_EXCEEDED (`run`, `step`, time-control `step` and `play`, experiments): what the organization stores plus the bytes the request is estimated to store is over its tier's storage quota; `details` gives `cost`, `used`, `quota`, `tier` and `unit: "bytes"`. Nothing ran. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description WORK_CANCELLED: the engine work stopped before it finished (the client left, or the server is stopping); nothing of it was stored. ENGINE_BUSY (trace, a past state, compare, a fork, a stream resumed with Last-Event-ID, a long `run` answer regenerated for an Idempotency-Key): the server has its most engine requests under way; `details.retryAfter` says when to retry, in seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSimulationFromDomain: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Retry key (1 to 255 printable ASCII characters), scoped to the caller (and a JWT's issuer), the organization the request acts for (the body's `organizationId`, else the caller's default), the method and the path; kept 24 hours. A repeat with the same key and the same JSON body (key order and spacing do not matter) and the same Accept replays the first response (status, body byte for byte, Location, Content-Type) with `Idempotency-Replayed: true`; X-RateLimit-* are live. A replayed error envelope carries this request's id in `error.requestId`. Responses the handler produced are cached, 404 and 5xx included; refusals are not (the key stays free): UNAUTHORIZED, FORBIDDEN, VALIDATION_ERROR, PAYLOAD_TOO_LARGE, RATE_LIMITED, ENGINE_BUSY, WORK_LIMIT_EXCEEDED, STORAGE_LIMIT_EXCEEDED, SIMULATION_NOT_ACTIVE, IDEMPOTENCY_KEY_REUSE, IDEMPOTENCY_KEY_IN_PROGRESS.
                 * @example create-7f3a9c
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateFromDomain"];
            };
        };
        responses: {
            /** @description Created; `Location` names the new simulation */
            201: {
                headers: {
                    /** @description `true` when this response is a replay */
                    "Idempotency-Replayed"?: "true";
                    /** @description /v1/simulations/{id} */
                    Location?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Simulation"];
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSE: the Idempotency-Key was used with a different body or Accept. IDEMPOTENCY_KEY_IN_PROGRESS: the first request with this key is still running; `details.retryAfter` (seconds, 1) says when to ask again, and a retry then gets the replay (or another 409 while it still runs). A key whose request was in flight when the server stopped is released when it starts again. */
            409: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: body over 1 MiB */
            413: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ENGINE_BUSY: the server has its most long JSON bodies (32 KiB or more) and result exports waiting for the thread that reads them (64); `details.retryAfter` says when to retry, in seconds (docs/api.md, "Where it runs"). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    runSimulation: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Retry key (1 to 255 printable ASCII characters), scoped to the caller (and a JWT's issuer), the organization the request acts for (the body's `organizationId`, else the caller's default), the method and the path; kept 24 hours. A repeat with the same key and the same JSON body (key order and spacing do not matter) and the same Accept replays the first response (status, body byte for byte, Location, Content-Type) with `Idempotency-Replayed: true`; X-RateLimit-* are live. A replayed error envelope carries this request's id in `error.requestId`. Responses the handler produced are cached, 404 and 5xx included; refusals are not (the key stays free): UNAUTHORIZED, FORBIDDEN, VALIDATION_ERROR, PAYLOAD_TOO_LARGE, RATE_LIMITED, ENGINE_BUSY, WORK_LIMIT_EXCEEDED, STORAGE_LIMIT_EXCEEDED, SIMULATION_NOT_ACTIVE, IDEMPOTENCY_KEY_REUSE, IDEMPOTENCY_KEY_IN_PROGRESS.
                 * @example create-7f3a9c
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RunSimulation"];
            };
        };
        responses: {
            /** @description Created and run; `Location` names the new simulation */
            201: {
                headers: {
                    /** @description `true` when this response is a replay */
                    "Idempotency-Replayed"?: "true";
                    Location?: string;
                    /** @description Agent-ticks this identity may use per window (the compute class); present when the request drew on it */
                    "X-RateLimit-Compute-Limit"?: number;
                    /** @description Agent-ticks left in the window */
                    "X-RateLimit-Compute-Remaining"?: number;
                    /** @description Unix time (seconds) at which the compute window resets */
                    "X-RateLimit-Compute-Reset"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunResult"];
                    "application/x-ndjson": components["schemas"]["RunStreamLine"];
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_ACCEPTABLE: none of the media types the endpoint answers in is acceptable to `Accept` (a type with `q=0` is never chosen); `details.offered` lists them */
            406: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSE: the Idempotency-Key was used with a different body or Accept. IDEMPOTENCY_KEY_IN_PROGRESS: the first request with this key is still running; `details.retryAfter` (seconds, 1) says when to ask again, and a retry then gets the replay (or another 409 while it still runs). A key whose request was in flight when the server stopped is released when it starts again. */
            409: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: body over 1 MiB */
            413: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description WORK_LIMIT_EXCEEDED: the request costs more agent-ticks than its tier allows in one request (a history replay: in one compute window); for time-control `play`: one tick of the simulation costs more than that, or the playing simulations of the caller cost more a second than its tier sustains. `details` gives `cost`, `ceiling`, `tier` and the estimate. Nothing ran. For `step`, also: its prophecies would pass the 32 MiB one step may hand back (`unit: "bytes"`, `maxTicks`: the most ticks a step of this simulation may ask). STORAGE_LIMIT_EXCEEDED (`run`, `step`, time-control `step` and `play`, experiments): what the organization stores plus the bytes the request is estimated to store is over its tier's storage quota; `details` gives `cost`, `used`, `quota`, `tier` and `unit: "bytes"`. Nothing ran. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description WORK_CANCELLED: the engine work stopped before it finished (the client left, or the server is stopping); nothing of it was stored. ENGINE_BUSY (trace, a past state, compare, a fork, a stream resumed with Last-Event-ID, a long `run` answer regenerated for an Idempotency-Key): the server has its most engine requests under way; `details.retryAfter` says when to retry, in seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query?: {
                /** @description First UTC day, inclusive (default: 29 days before `to`) */
                from?: string;
                /** @description One of the organizations the caller may act for; default the first (an API key has exactly one) */
                organizationId?: string;
                /** @description Last UTC day, inclusive (default: today, UTC) */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Usage per day and totals */
            200: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Usage"];
                };
            };
            /** @description VALIDATION_ERROR: the request does not validate; `details.issues` lists its problems, the first 100 when there are more */
            400: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid credentials, or a simulation of another organization */
            401: {
                headers: {
                    /** @description The accepted schemes: `ApiKey header="X-Api-Key", Bearer` (an API key in X-Api-Key, or a JWT as a bearer token) */
                    "WWW-Authenticate"?: string;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: missing scope (`details.required`) or an organization the caller may not act for */
            403: {
                headers: {
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; `Retry-After` gives the seconds to wait, `details` the limit, window and reset time. */
            429: {
                headers: {
                    /** @description Seconds until the window resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the window for this identity and route class */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) at which the window resets */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached (a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
