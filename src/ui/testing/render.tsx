/**
 * Renders panel components for jsdom tests: a fresh `<div>` and React root per test,
 * unmounted after it. Test-only (imported by `*.test.tsx` files, never by the panel).
 *
 * @example
 *   const view = mountEachTest();
 *   await view.render(<CaptureHealth status={…} />);
 *   view.container().querySelector('[data-testid="capture-health"]');
 */
import type { ReactNode } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', true);

export interface MountedView {
  container(): HTMLDivElement;
  render(node: ReactNode): Promise<void>;
  /** The element with this `data-testid`, or null. */
  byTestId(id: string): Element | null;
  /** Clicks the element with this `data-testid` and lets React settle. */
  click(id: string): Promise<void>;
}

export function mountEachTest(): MountedView {
  let container: HTMLDivElement | undefined;
  let root: Root | undefined;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root?.unmount());
    container?.remove();
  });
  const current = (): HTMLDivElement => {
    if (container === undefined) throw new Error('mountEachTest: used outside a test');
    return container;
  };
  const view: MountedView = {
    container: current,
    render: (node) => act(async () => root?.render(node)),
    byTestId: (id) => current().querySelector(`[data-testid="${id}"]`),
    click: (id) =>
      act(async () => {
        view.byTestId(id)?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      }),
  };
  return view;
}
