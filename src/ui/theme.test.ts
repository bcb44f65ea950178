// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, onSchemeChange, panelIsDark } from './theme';

/** The system's scheme as `matchMedia` reports it, with its change listeners. */
function systemScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('dark') && dark,
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  }));
  return { change: () => listeners.forEach((fn) => fn()), listeners };
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete document.documentElement.dataset.theme;
});

describe('panelIsDark', () => {
  it("follows the panel's choice over the system's scheme, and the system's without a choice", () => {
    systemScheme(true);
    expect(panelIsDark()).toBe(true);
    applyTheme('light');
    expect(panelIsDark()).toBe(false);
    systemScheme(false);
    applyTheme('dark');
    expect(panelIsDark()).toBe(true);
    applyTheme('system');
    expect(panelIsDark()).toBe(false);
  });
});

describe('onSchemeChange', () => {
  it('calls back on a Settings choice and on a system change, until stopped', async () => {
    const system = systemScheme(false);
    const changed = vi.fn();
    const stop = onSchemeChange(changed);
    applyTheme('dark');
    await vi.waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    system.change();
    expect(changed).toHaveBeenCalledTimes(2);
    stop();
    expect(system.listeners.size).toBe(0);
    applyTheme('light');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(changed).toHaveBeenCalledTimes(2);
  });
});
