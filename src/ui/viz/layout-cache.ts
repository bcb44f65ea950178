/**
 * Drawings already laid out, by their Mermaid text: a filter switched off and on again, or a
 * budget gone back to, gets its drawing at once instead of a new layout (the slow part,
 * about 0.7 s of CPU at 60 nodes). Least recently used first out; memory only.
 */
import type { DiagramModel } from './diagram-model';

/** Drawings kept (an SVG of 150 nodes is about 1 MB of text). */
export const LAYOUTS_KEPT = 6;

export interface LaidOut {
  readonly svg: string;
  /** The model the SVG was laid out for (its node ids are the SVG's). */
  readonly model: DiagramModel;
}

/**
 * A small least-recently-used map from Mermaid text to its drawing.
 *
 * @example cache.set(model.mermaid, { svg, model }); cache.get(model.mermaid)?.svg
 */
export class LayoutCache {
  private readonly entries = new Map<string, LaidOut>();

  constructor(private readonly size = LAYOUTS_KEPT) {}

  get(mermaid: string): LaidOut | undefined {
    const hit = this.entries.get(mermaid);
    if (hit === undefined) return undefined;
    // Most recently used last.
    this.entries.delete(mermaid);
    this.entries.set(mermaid, hit);
    return hit;
  }

  set(mermaid: string, laidOut: LaidOut): void {
    this.entries.delete(mermaid);
    this.entries.set(mermaid, laidOut);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.size) break;
      this.entries.delete(oldest);
    }
  }
}
