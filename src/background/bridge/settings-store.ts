/**
 * Where the bridge keeps its settings (on/off, "always" grants): a one-row IndexedDB
 * database of its own. IndexedDB needs no manifest permission (unlike
 * `storage.local`), survives worker restarts, and stays out of the graph's schema.
 */
import { indexedDbOneRow } from '../../adapters/indexeddb-one-row';
import type { SettingsStore } from './native-bridge';

/**
 * @example
 *   const settings = indexedDbSettingsStore(indexedDB);
 *   await settings.save({ enabled: true, grants: [] });
 */
export function indexedDbSettingsStore(factory: IDBFactory): SettingsStore {
  return indexedDbOneRow(factory, 'ariadne-bridge', 'bridge');
}
