import { h } from './dom.js';
import { domainLayout, domainValues, type DomainLayout } from './domain-series.js';
import { SeriesChart } from './series-chart.js';

/** Ticks of domain state kept to redraw the chart when another field is chosen. */
const KEPT_TICKS = 2_000;
/** The field shown first when the domain has it: the quantity its basins are judged on. */
const FIRST_CHOICES = ['hospitalized', 'stock', 'biomass', 'withdrawn'];

/**
 * The domain's own series (engine 1.4.0 on): one line per region, site, pasture or bank, of the
 * field chosen in a menu (hospitalized, stock, biomass, …). Hidden while the simulation has no
 * domain model; built from the first `state.domain` that arrives.
 */
export class DomainChart {
  readonly element: HTMLElement;
  private layout: DomainLayout | undefined;
  private chart: SeriesChart | undefined;
  private field = '';
  private readonly kept: Array<{ tick: number; domain: unknown }> = [];

  constructor(
    private readonly width = 520,
    private readonly height = 180,
  ) {
    this.element = h('div', { id: 'domain-chart', hidden: true });
  }

  /** Adds a tick's `state.domain` (undefined: the world has no domain model). */
  push(tick: number, domain: unknown): void {
    if (domain === undefined) return;
    const last = this.kept[this.kept.length - 1];
    if (last !== undefined && tick <= last.tick) this.kept.length = 0;
    this.kept.push({ tick, domain });
    if (this.kept.length > KEPT_TICKS) this.kept.splice(0, this.kept.length - KEPT_TICKS);
    const layout = this.layout ?? domainLayout(domain);
    if (layout === undefined) return;
    if (this.layout === undefined) this.build(layout);
    this.chart?.pushAll(tick, domainValues(domain, layout, this.field));
  }

  private build(layout: DomainLayout): void {
    this.layout = layout;
    this.field = FIRST_CHOICES.find((field) => layout.fields.includes(field)) ?? (layout.fields[0] as string);
    const menu = h(
      'select',
      { id: 'domain-field', 'aria-label': 'Domain quantity' },
      ...layout.fields.map((field) => h('option', { value: field, selected: field === this.field }, field)),
    );
    const box = h('div');
    menu.addEventListener('change', () => {
      this.field = menu.value;
      this.redraw();
    });
    this.element.replaceChildren(h('h3', {}, 'Domain'), h('div', { class: 'row' }, h('span', {}, `${layout.list}: `), menu), box);
    this.element.hidden = false;
    this.chart = new SeriesChart(box, [...layout.labels], this.width, this.height, undefined, undefined);
    this.redraw();
  }

  private redraw(): void {
    const { layout, chart } = this;
    if (layout === undefined || chart === undefined) return;
    const series = layout.labels.map(() => [] as Array<number | null>);
    for (const { domain } of this.kept) domainValues(domain, layout, this.field).forEach((value, i) => series[i]?.push(value));
    chart.set(
      this.kept.map((entry) => entry.tick),
      series,
    );
  }
}
