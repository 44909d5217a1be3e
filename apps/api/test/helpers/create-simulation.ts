/** Anything the tests call the API through (TestServer, LiveServer). */
interface ApiCaller {
  call(path: string, options?: { key?: string; body?: unknown }): Promise<Response>;
}

/** Creates a simulation from a fixture scenario and returns its id; throws unless it was created (201). */
export async function createSimulation(server: ApiCaller, options: { scenarioId?: string; key?: string; engineVersion?: string } = {}): Promise<string> {
  const body = { scenarioId: options.scenarioId ?? 'tiny-valley', ...(options.engineVersion === undefined ? {} : { engineVersion: options.engineVersion }) };
  const res = await server.call('/v1/simulations', { key: options.key ?? 'key-a', body });
  if (res.status !== 201) throw new Error(`creating a simulation failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}
