/**
 * One IndexedDB transaction on one store of a staff phone's offline database (the door's and the driver's): the
 * database is opened for it and closed after, and the answer is the request's result once the transaction commits.
 */
export async function inStore<T>(
  open: () => Promise<IDBDatabase>,
  store: string,
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T> | undefined,
): Promise<T | undefined> {
  const db = await open();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const transaction = db.transaction(store, mode);
      const request = act(transaction.objectStore(store));
      transaction.oncomplete = () => resolve(request?.result);
      transaction.onerror = () => reject(transaction.error ?? new Error("indexedDB"));
    });
  } finally {
    db.close();
  }
}
