// The diagram's pan and zoom arithmetic: zoom keeps the point under the pointer, the opening
// view never shows text under 11 px and centres on the entity asked for.
import { describe, expect, it } from 'vitest';
import { MAX_SCALE, MIN_TEXT_PX, openingView, panBy, zoomAt } from './viewport';

describe('zoomAt', () => {
  it('keeps the drawing point under the pointer where it was', () => {
    const view = { x: -40, y: 25, k: 0.8 };
    const at = { x: 150, y: 90 };
    const before = { x: (at.x - view.x) / view.k, y: (at.y - view.y) / view.k };
    const zoomed = zoomAt(view, 1.25, at);
    expect(zoomed.k).toBeCloseTo(1);
    expect((at.x - zoomed.x) / zoomed.k).toBeCloseTo(before.x);
    expect((at.y - zoomed.y) / zoomed.k).toBeCloseTo(before.y);
    expect(zoomAt({ x: 0, y: 0, k: 3 }, 10, at).k).toBe(MAX_SCALE);
  });

  it('pans by box pixels', () => {
    expect(panBy({ x: 1, y: 2, k: 2 }, 10, -5)).toEqual({ x: 11, y: -3, k: 2 });
  });
});

describe('openingView', () => {
  const box = { width: 376, height: 583 };

  it('a drawing far larger than the panel opens at readable text, centred on the focus', () => {
    const view = openingView({ width: 2988, height: 3827 }, box, { x: 1500, y: 2000 }, 16);
    expect(16 * view.k).toBeGreaterThanOrEqual(MIN_TEXT_PX);
    // The focus sits at the centre of the box.
    expect(view.x + 1500 * view.k).toBeCloseTo(box.width / 2);
    expect(view.y + 2000 * view.k).toBeCloseTo(box.height / 2);
  });

  it('a focus near an edge is shown without an empty margin before the drawing', () => {
    const view = openingView({ width: 2000, height: 3000 }, box, { x: 10, y: 10 }, 16);
    expect(view.x).toBe(0);
    expect(view.y).toBe(0);
  });

  it('a small drawing is centred at its own size, never enlarged', () => {
    const view = openingView({ width: 200, height: 100 }, box, undefined, 16);
    expect(view).toEqual({ k: 1, x: 88, y: 241.5 });
  });

  it('fits a drawing that stays readable when fitted', () => {
    const view = openingView({ width: 500, height: 600 }, box, undefined, 16);
    expect(view.k).toBeCloseTo(376 / 500);
    expect(16 * view.k).toBeGreaterThanOrEqual(MIN_TEXT_PX);
  });
});
