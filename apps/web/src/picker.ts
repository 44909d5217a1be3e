import { SimApiError, unwrap, type SimClient } from '@sim/client';
import { h } from './dom.js';
import { schemaForm, type JsonSchema, type SchemaForm } from './schema-form.js';
import { handler } from './in-background.js';

/**
 * Pick a simulation: create one from a pre-built scenario or through a domain adapter (its
 * input form made from the adapter's JSON Schema, filled with its example), or open one of the
 * caller's existing simulations.
 */
export async function simulationPicker(client: SimClient, onOpen: (simulationId: string) => void): Promise<HTMLElement> {
  const message = h('p', { class: 'message', role: 'status' });
  const fail = (error: unknown) => void (message.textContent = error instanceof SimApiError ? error.message : String(error));
  const [scenarios, domains, existing] = await Promise.all([
    unwrap(client.GET('/v1/scenarios')),
    unwrap(client.GET('/v1/domains')),
    unwrap(client.GET('/v1/simulations', { params: { query: { limit: 50 } } })),
  ]);

  const scenarioSelect = h(
    'select',
    { id: 'scenario-select' },
    ...scenarios.data.map((s) => h('option', { value: s.id, title: s.note }, `${s.label} (${s.id})`)),
  );
  const createButton = h('button', { id: 'create-button', class: 'primary', type: 'button' }, 'Create');
  createButton.addEventListener(
    'click',
    handler(async () => {
      try {
        onOpen((await unwrap(client.POST('/v1/simulations', { body: { scenarioId: scenarioSelect.value } }))).id);
      } catch (error) {
        fail(error);
      }
    }),
  );

  const domainSelect = h('select', { id: 'domain-select' }, ...domains.data.map((d) => h('option', { value: d.id, title: d.description }, d.label)));
  const domainFields = h('div', { id: 'domain-fields' });
  let form: SchemaForm | undefined;
  const showDomain = () => {
    const domain = domains.data.find((d) => d.id === domainSelect.value);
    if (domain === undefined) return;
    form = schemaForm(domain.inputSchema as JsonSchema, domain.example as Record<string, unknown>, `domain-${domain.id}`);
    domainFields.replaceChildren(form.element);
  };
  domainSelect.addEventListener('change', showDomain);
  showDomain();
  const domainButton = h('button', { id: 'domain-create-button', type: 'button' }, 'Create from domain');
  domainButton.addEventListener(
    'click',
    handler(async () => {
      try {
        const input = form?.value() ?? {};
        onOpen((await unwrap(client.POST('/v1/simulations/from-domain', { body: { domain: domainSelect.value, input } }))).id);
      } catch (error) {
        fail(error);
      }
    }),
  );

  const list = h(
    'ul',
    { id: 'existing-simulations', class: 'plain' },
    ...existing.data.map((s) =>
      h(
        'li',
        {},
        h('button', { type: 'button', class: 'link', onclick: () => onOpen(s.id) }, `${s.scenarioId} · tick ${s.state.tick} · ${s.state.status}`),
        h('small', {}, ` ${s.id.slice(0, 8)} · ${s.createdAt}`),
      ),
    ),
  );

  return h(
    'section',
    { id: 'picker', class: 'panel' },
    h('h2', {}, 'New simulation'),
    h('div', { class: 'row' }, scenarioSelect, createButton),
    h('h3', {}, 'Through a domain adapter'),
    h('div', { class: 'row' }, domainSelect, domainButton),
    domainFields,
    message,
    h('h2', {}, 'Your simulations'),
    existing.data.length === 0 ? h('p', {}, 'None yet.') : list,
  );
}
