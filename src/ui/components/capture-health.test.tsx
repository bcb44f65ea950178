// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CaptureHealth } from './capture-health';

Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', true);

describe('CaptureHealth', () => {
  let container: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  it('says nothing while every capture is ingested', async () => {
    await act(async () => root.render(<CaptureHealth status={async () => ({ failed: 0 })} />));
    expect(container.querySelector('[data-testid="capture-health"]')).toBeNull();
  });

  it('tells the user that parked captures wait, and why (quota exceeded)', async () => {
    const error = 'The browser refused to store more data (storage quota exceeded).';
    await act(async () => root.render(<CaptureHealth status={async () => ({ failed: 2, error })} />));
    const banner = container.querySelector('[data-testid="capture-health"]');
    expect(banner?.getAttribute('role')).toBe('alert');
    expect(banner?.textContent).toContain('2 captured pages could not be added to your graph yet');
    expect(banner?.textContent).toContain('storage quota exceeded');
  });
});
