/**
 * The Dexie database's name (`DB_NAME` of src/lib/db/schema.ts), repeated here so this check
 * loads no Dexie; a unit test keeps the two equal.
 */
export const OUTBOX_DATABASE = 'h5-exchange';
const OUTBOX_STORE = 'outbox';

/**
 * Whether anything may be waiting in the outbox, read with plain IndexedDB so that a start with an
 * empty queue (nearly every start) loads neither Dexie nor the outbox code. When unsure it says
 * yes: a needless replay costs a download, a missed one leaves the user's action unsent.
 */
export async function outboxMayHaveEntries(idb: IDBFactory | undefined = globalThis.indexedDB): Promise<boolean> {
  if (!idb) return false;
  // Opening a database that does not exist would create it; ask first where the browser can tell.
  if (typeof idb.databases === 'function') {
    const names = (await idb.databases()).map((d) => d.name);
    if (!names.includes(OUTBOX_DATABASE)) return false;
  }
  return new Promise((resolve) => {
    const open = idb.open(OUTBOX_DATABASE);
    open.onerror = () => resolve(true);
    open.onupgradeneeded = () => {
      // It did not exist after all: leave nothing behind.
      open.transaction?.abort();
      resolve(false);
    };
    open.onsuccess = () => {
      const db = open.result;
      // Never hold up a newer version of the app that wants to upgrade the schema.
      db.onversionchange = () => db.close();
      if (!db.objectStoreNames.contains(OUTBOX_STORE)) {
        db.close();
        resolve(false);
        return;
      }
      const count = db.transaction(OUTBOX_STORE, 'readonly').objectStore(OUTBOX_STORE).count();
      count.onsuccess = () => {
        db.close();
        resolve(count.result > 0);
      };
      count.onerror = () => {
        db.close();
        resolve(true);
      };
    };
  });
}
