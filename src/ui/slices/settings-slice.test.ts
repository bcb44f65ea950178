// The Settings view reloads the settings when it opens: a value the user saves while that load is
// on its way stays, it is not put back to what the load read.
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings, type Settings } from '../../core/settings';
import { installPanelPorts } from '../panel-ports';
import { usePanelStore } from '../store';

const initial = usePanelStore.getState();
beforeEach(() => usePanelStore.setState(initial, true));

/** A settings storage whose loads read at once but answer only after `release` is called. */
function slowStorage() {
  let stored: Settings = defaultSettings();
  let release: () => void = () => undefined;
  const released = new Promise<void>((done) => (release = done));
  const storage = {
    load: async () => {
      const read = stored;
      await released;
      return read;
    },
    save: async (s: Settings) => {
      stored = s;
    },
  };
  installPanelPorts({
    workspaces: { read: async () => ({ workspaces: [], activeId: undefined }), graphOf: () => ({}) as never },
    settings: async () => storage,
    promptApi: { available: () => false, ready: async () => false },
  });
  return { release, stored: () => stored };
}

describe('settings slice', () => {
  it('a save made while a load is on its way is not undone by the load', async () => {
    const storage = slowStorage();
    const load = usePanelStore.getState().loadSettings();
    await usePanelStore.getState().saveSettings((s) => ({ ...s, capture: { ...s.capture, readingBudgetMs: 10 } }));
    storage.release();
    await load;
    const { settings } = usePanelStore.getState();
    expect(settings.loaded).toBe(true);
    expect(settings.value.capture.readingBudgetMs).toBe(10);
    expect(storage.stored().capture.readingBudgetMs).toBe(10);
  });

  it('a load with no save meanwhile shows what is stored', async () => {
    const storage = slowStorage();
    await usePanelStore.getState().saveSettings((s) => ({ ...s, capture: { ...s.capture, readingBudgetMs: 2500 } }));
    usePanelStore.setState(initial, true);
    const load = usePanelStore.getState().loadSettings();
    storage.release();
    await load;
    expect(usePanelStore.getState().settings.value.capture.readingBudgetMs).toBe(2500);
  });
});
