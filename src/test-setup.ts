// Gives every unit test a real IndexedDB implementation (in memory) so Dexie code runs in Node.
import 'fake-indexeddb/auto';
