import type { components } from '@sim/client';
import type { FrameMeter } from './frame-meter.js';
import { FramePacer } from './frame-pacer.js';

type TickEvent = components['schemas']['TickEvent'];
export type WorldState = TickEvent['state'];

/** What the view draws of an agent: what every stream variant and the trace carry. */
export interface ViewAgent {
  id: string;
  x: number;
  y: number;
  basin: string | null;
}

/** A trace step's agent as the view draws it. */
export const viewAgent = (agent: TickEvent['agents'][number]): ViewAgent => ({ id: agent.id, x: agent.state.x, y: agent.state.y, basin: agent.state.basin });

/** What one frame shows: the field's state, its agents and the latest prophecy's loss probabilities. */
export interface WorldFrame {
  state: WorldState;
  agents: ViewAgent[];
  /** Per attractor id, the latest prophecy's probability that its basin is lost within the horizon. */
  lossProbabilities?: Record<string, number>;
}

export interface Grid {
  width: number;
  height: number;
}

const COLORS = {
  field: '#0f1720',
  gridLine: '#1b2733',
  basin: '74, 144, 226',
  lost: '#56606b',
  agent: '#f2c14e',
  selected: '#ff5d73',
  centroid: '#ffffff',
  prophecy: '255, 93, 115',
  label: '#c9d4df',
};

/**
 * The world on a canvas. Frames are drawn at the pace they arrive, one animation frame at a
 * time (see FramePacer: bursts are spread out, a backlog beyond two seconds is skipped). It
 * shows the grid, each attractor's basin (reach twice its radius, opacity its remaining depth;
 * a lost basin grey and crossed out), the latest prophecy's loss probability as a red ring and
 * a label, the agents, and the centroid.
 */
export class WorldView {
  private frame: WorldFrame | undefined;
  private readonly pacer = new FramePacer<WorldFrame>();
  private grid: Grid = { width: 32, height: 32 };
  private pending = false;
  /** The frame shown must be drawn again (the grid or the selection changed). */
  private stale = true;
  private selectedAgent: string | undefined;

  constructor(
    readonly canvas: HTMLCanvasElement,
    private readonly meter?: FrameMeter,
  ) {}

  setGrid(grid: Grid): void {
    this.grid = grid;
    this.redraw();
  }

  /** The frame drawn last (the browser test reads what a view shows). */
  get shown(): WorldFrame | undefined {
    return this.frame;
  }

  /** Queues a frame of the stream, drawn in its turn. */
  show(frame: WorldFrame): void {
    const skipped = this.pacer.push(frame, performance.now());
    if (this.meter !== undefined) this.meter.framesSkipped += skipped;
    this.request();
  }

  /** Shows this frame at the next animation frame, dropping any still waiting (a jump to another tick). */
  showNow(frame: WorldFrame): void {
    this.pacer.clear();
    this.show(frame);
  }

  /** Playback started, stopped or changed speed: the pace of the frames to come is not that of the last ones. */
  restartPace(): void {
    this.pacer.restart();
  }

  select(agentId: string | undefined): void {
    this.selectedAgent = agentId;
    this.redraw();
  }

  /** The agent drawn nearest to a click, within a few pixels. */
  agentAt(clientX: number, clientY: number): ViewAgent | undefined {
    if (this.frame === undefined) return undefined;
    const box = this.canvas.getBoundingClientRect();
    const { scale } = this.layout(box.width, box.height);
    const x = (clientX - box.left) / scale;
    const y = (clientY - box.top) / scale;
    let best: ViewAgent | undefined;
    let bestDistance = (8 / scale) ** 2;
    for (const agent of this.frame.agents) {
      const d = (agent.x - x) ** 2 + (agent.y - y) ** 2;
      if (d < bestDistance) [best, bestDistance] = [agent, d];
    }
    return best;
  }

  private redraw(): void {
    this.stale = true;
    this.request();
  }

  /** Runs at each animation frame while a frame waits or the one shown is stale; draws only when one is due. */
  private request(): void {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame((now) => {
      this.pending = false;
      const next = this.pacer.take(now);
      if (next !== undefined || this.stale) {
        this.frame = next ?? this.frame;
        this.stale = false;
        if (this.meter === undefined) this.draw();
        else this.meter.time('draw', () => this.draw());
      }
      if (this.pacer.size > 0) this.request();
    });
  }

  private layout(cssWidth: number, cssHeight: number): { scale: number } {
    return { scale: Math.min(cssWidth / this.grid.width, cssHeight / this.grid.height) };
  }

  private draw(): void {
    const ratio = window.devicePixelRatio || 1;
    const cssWidth = this.canvas.clientWidth;
    const cssHeight = this.canvas.clientHeight;
    if (this.canvas.width !== Math.round(cssWidth * ratio) || this.canvas.height !== Math.round(cssHeight * ratio)) {
      this.canvas.width = Math.round(cssWidth * ratio);
      this.canvas.height = Math.round(cssHeight * ratio);
    }
    const ctx = this.canvas.getContext('2d');
    if (ctx === null) return;
    const { scale } = this.layout(cssWidth, cssHeight);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.fillStyle = COLORS.field;
    ctx.fillRect(0, 0, cssWidth, cssHeight);
    this.drawGridLines(ctx, scale);
    const frame = this.frame;
    if (frame !== undefined) {
      this.drawBasins(ctx, frame, scale);
      this.drawAgents(ctx, frame, scale);
      this.drawCentroid(ctx, frame, scale);
    }
    this.meter?.drawn();
  }

  private drawGridLines(ctx: CanvasRenderingContext2D, scale: number): void {
    const every = Math.max(1, Math.ceil(8 / scale));
    ctx.strokeStyle = COLORS.gridLine;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let x = 0; x <= this.grid.width; x += every) {
      ctx.moveTo(x * scale, 0);
      ctx.lineTo(x * scale, this.grid.height * scale);
    }
    for (let y = 0; y <= this.grid.height; y += every) {
      ctx.moveTo(0, y * scale);
      ctx.lineTo(this.grid.width * scale, y * scale);
    }
    ctx.stroke();
  }

  private drawBasins(ctx: CanvasRenderingContext2D, frame: WorldFrame, scale: number): void {
    ctx.font = '11px system-ui, sans-serif';
    ctx.textAlign = 'center';
    for (const attractor of frame.state.attractors) {
      const cx = attractor.x * scale;
      const cy = attractor.y * scale;
      const reach = attractor.radius * 2 * scale;
      ctx.beginPath();
      ctx.arc(cx, cy, reach, 0, Math.PI * 2);
      if (attractor.lost) {
        ctx.setLineDash([4, 4]);
        ctx.strokeStyle = COLORS.lost;
        ctx.stroke();
        ctx.setLineDash([]);
        const arm = Math.max(4, attractor.radius * scale * 0.6);
        ctx.beginPath();
        ctx.moveTo(cx - arm, cy - arm);
        ctx.lineTo(cx + arm, cy + arm);
        ctx.moveTo(cx + arm, cy - arm);
        ctx.lineTo(cx - arm, cy + arm);
        ctx.stroke();
      } else {
        const share = attractor.initialDepth > 0 ? Math.max(0, Math.min(1, attractor.depth / attractor.initialDepth)) : 0;
        ctx.fillStyle = `rgba(${COLORS.basin}, ${0.08 + 0.42 * share})`;
        ctx.fill();
        ctx.strokeStyle = `rgba(${COLORS.basin}, 0.9)`;
        ctx.stroke();
      }
      const probability = frame.lossProbabilities?.[attractor.id];
      if (probability !== undefined && !attractor.lost) {
        ctx.beginPath();
        ctx.arc(cx, cy, reach + 3, 0, Math.PI * 2);
        ctx.strokeStyle = `rgba(${COLORS.prophecy}, ${0.15 + 0.85 * probability})`;
        ctx.lineWidth = 1 + 4 * probability;
        ctx.stroke();
        ctx.lineWidth = 1;
      }
      ctx.fillStyle = attractor.lost ? COLORS.lost : COLORS.label;
      const label = probability === undefined || attractor.lost ? attractor.id : `${attractor.id} · p(loss) ${probability.toFixed(2)}`;
      ctx.fillText(attractor.lost ? `${label} (lost)` : label, cx, cy - reach - 6);
    }
  }

  private drawAgents(ctx: CanvasRenderingContext2D, frame: WorldFrame, scale: number): void {
    // Whole pixels: squares on the pixel grid fill without antialiasing, the cheapest thing to
    // rasterise, and thousands of them go in one path and one fill.
    const size = Math.max(2, Math.min(4, Math.round(scale * 0.5)));
    const half = size / 2;
    ctx.fillStyle = COLORS.agent;
    ctx.beginPath();
    for (const agent of frame.agents) ctx.rect(Math.round(agent.x * scale - half), Math.round(agent.y * scale - half), size, size);
    ctx.fill();
    const selected = this.selectedAgent === undefined ? undefined : frame.agents.find((a) => a.id === this.selectedAgent);
    if (selected !== undefined) {
      ctx.strokeStyle = COLORS.selected;
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.arc(selected.x * scale, selected.y * scale, size + 4, 0, Math.PI * 2);
      ctx.stroke();
      ctx.lineWidth = 1;
    }
  }

  private drawCentroid(ctx: CanvasRenderingContext2D, frame: WorldFrame, scale: number): void {
    const centroid = frame.state.centroid;
    if (centroid === null) return;
    const x = centroid.x * scale;
    const y = centroid.y * scale;
    ctx.strokeStyle = COLORS.centroid;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(x - 7, y);
    ctx.lineTo(x + 7, y);
    ctx.moveTo(x, y - 7);
    ctx.lineTo(x, y + 7);
    ctx.stroke();
    ctx.lineWidth = 1;
  }
}
