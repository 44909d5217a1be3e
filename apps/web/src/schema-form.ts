import { h } from './dom.js';

/** The part of JSON Schema the service's decree and domain schemas use. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}

export interface SchemaForm {
  element: HTMLElement;
  /** The value the fields hold; throws with the field's name when one does not parse. */
  value(): Record<string, unknown>;
}

/**
 * A form for an object schema: a number, text, checkbox or select field per scalar property,
 * and a JSON text area for arrays and nested objects (their shape is in the field's hint).
 * Optional fields left empty are left out of the value.
 */
export function schemaForm(schema: JsonSchema, initial: Record<string, unknown> = {}, name = 'field'): SchemaForm {
  const required = new Set(schema.required ?? []);
  const readers: Array<(into: Record<string, unknown>) => void> = [];
  const rows = Object.entries(schema.properties ?? {}).map(([key, property]) => {
    const start = initial[key] ?? property.default;
    const id = `${name}-${key}`;
    const kind = kindOf(property);
    let input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
    if (property.enum !== undefined) {
      const options = property.enum;
      input = h(
        'select',
        { id, name: key },
        ...options.map((option, index) => h('option', { value: String(index), selected: option === start }, String(option))),
      );
      // The option's index, so the value sent is the enum's own (a number stays a number).
      readers.push((into) => void (into[key] = options[Number((input as HTMLSelectElement).value)]));
    } else if (kind === 'boolean') {
      input = h('input', { id, name: key, type: 'checkbox', checked: start === true });
      readers.push((into) => void (into[key] = (input as HTMLInputElement).checked));
    } else if (kind === 'number' || kind === 'integer') {
      input = h('input', {
        id,
        name: key,
        type: 'number',
        step: kind === 'integer' ? 1 : 'any',
        value: start === undefined ? undefined : String(start),
        min: property.minimum,
        max: property.maximum,
      });
      readers.push((into) => {
        const text = input.value.trim();
        if (text === '' && !required.has(key)) return;
        const parsed = Number(text);
        if (text === '' || !Number.isFinite(parsed)) throw new Error(`${key}: a number is needed`);
        into[key] = parsed;
      });
    } else if (kind === 'string') {
      input = h('input', { id, name: key, type: 'text', value: start === undefined ? undefined : String(start) });
      readers.push((into) => {
        if (input.value === '' && !required.has(key)) return;
        into[key] = input.value;
      });
    } else {
      input = h('textarea', { id, name: key, rows: 3, spellcheck: false });
      input.value = start === undefined ? '' : JSON.stringify(start);
      readers.push((into) => {
        const text = input.value.trim();
        if (text === '' && !required.has(key)) return;
        try {
          into[key] = JSON.parse(text);
        } catch {
          throw new Error(`${key}: JSON is needed`);
        }
      });
    }
    return h('label', { for: id, title: property.description }, h('span', {}, key, required.has(key) ? ' *' : ''), input);
  });
  return {
    element: h('div', { class: 'schema-form' }, ...rows),
    value() {
      const out: Record<string, unknown> = {};
      for (const read of readers) read(out);
      return out;
    },
  };
}

function kindOf(schema: JsonSchema): string {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  return type ?? 'object';
}
