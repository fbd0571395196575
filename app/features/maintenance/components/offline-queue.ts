/**
 * The device's store of maintenance requests written while offline (decision 027: "a
 * request written while offline is kept on the device and sent once when the connection
 * returns"). IndexedDB, because a request carries its photos (Blobs, which localStorage cannot
 * hold); one record per request, keyed by its client id, tagged with the account that wrote it
 * so another person signing in on this browser never sees or sends it. Where IndexedDB is
 * missing (some private modes) the queue lives in memory for the page's lifetime. Browser only.
 */

/** A request waiting on this device. `fields` are the form's text fields (with `clientId`). */
export type QueuedRequest = {
  clientId: string;
  /** The account (user id) that wrote it. */
  owner: string;
  /** ISO time it was written. */
  createdAt: string;
  fields: Record<string, string>;
  photos: { name: string; type: string; data: Blob }[];
  /** `refused`: the server answered with a refusal (kept so the text is not lost). */
  state: 'waiting' | 'refused';
  error?: string;
};

const DB_NAME = 'dimora-maintenance';
const STORE = 'queue';
const memory = new Map<string, QueuedRequest>();

function openDb(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE, { keyPath: 'clientId' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest | null, fallback: () => T): Promise<T> {
  const db = await openDb();
  if (!db) return fallback();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = run(tx.objectStore(STORE));
    let result: T | undefined;
    if (request) request.onsuccess = () => (result = request.result as T);
    tx.oncomplete = () => {
      db.close();
      resolve(result as T);
    };
    tx.onerror = () => {
      db.close();
      reject(tx.error ?? new Error('IndexedDB transaction failed'));
    };
    tx.onabort = tx.onerror;
  }).catch(() => fallback());
}

/** Keeps `item` (replacing one with the same client id). */
export async function putQueued(item: QueuedRequest): Promise<void> {
  memory.set(item.clientId, item);
  await withStore<void>(
    'readwrite',
    (store) => store.put(item),
    () => undefined,
  );
}

/** The requests `owner` has waiting on this device, oldest first. */
export async function listQueued(owner: string): Promise<QueuedRequest[]> {
  const all = await withStore<QueuedRequest[]>(
    'readonly',
    (store) => store.getAll(),
    () => [...memory.values()],
  );
  return (all ?? []).filter((item) => item.owner === owner).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Forgets the request with `clientId` (delivered, or discarded by the tenant). */
export async function removeQueued(clientId: string): Promise<void> {
  memory.delete(clientId);
  await withStore<void>(
    'readwrite',
    (store) => store.delete(clientId),
    () => undefined,
  );
}
