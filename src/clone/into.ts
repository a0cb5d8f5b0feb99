/**
 * Where a clone goes: a new store of this process's registry (control API, `start --clone-from`),
 * a new store of a running emulator over its control API (`clone --into`), or a file (`--out`).
 * A store is created only once the whole store was read, and deleted again when its import is
 * refused, so a failed clone never leaves a partial store behind.
 */
import { ControlClient, type CreatedStore, type StoreSnapshot } from '../client/client.js';
import { writePrivateFile } from '../platform/private-files.js';
import type { StoreRegistry } from '../store/registry.js';
import { settingsInput } from '../store/settings.js';
import { parseSnapshot, restoreSnapshot, type SnapshotDoc } from '../store/snapshots.js';
import type { Store } from '../store/store.js';
import type { TokenRecord } from '../model/token.js';
import { parseTimestampMs } from '../platform/calendar.js';
import type { CloneResult } from './clone.js';

/**
 * Puts a clone into `store` (whose records it replaces; its tokens, secret and name stay).
 * Throws the import's 422 when the document is refused; the store is then as it was.
 */
export async function restoreClone(store: Store, result: CloneResult): Promise<void> {
  await restoreSnapshot(store, parseSnapshot(result.document));
}

/**
 * A new store of `registry` holding the clone (deleted again if the import is refused).
 *
 * @example
 * const { store, token } = await cloneIntoRegistry(registry, await cloneStore(options), { token: 'tok' });
 */
export async function cloneIntoRegistry(
  registry: StoreRegistry,
  result: CloneResult,
  input: { name?: string; token?: string } = {},
): Promise<{ store: Store; token: TokenRecord }> {
  const created = registry.create({
    name: input.name ?? result.name,
    settings: result.settings,
    token: input.token,
    clock: { now: parseTimestampMs(result.document.store.clock.now) ?? undefined, mode: 'frozen' },
  });
  try {
    await restoreClone(created.store, result);
    // The document holds the settings the clone read; the caller's (`result.settings`) win.
    created.store.updateSettings(result.settings);
  } catch (error) {
    registry.delete(created.store.id);
    throw error;
  }
  return created;
}

/**
 * A new store of the emulator at `url` holding the clone, made over its control API; the store is
 * deleted again when the import is refused.
 *
 * @example
 * const created = await cloneIntoEmulator({ baseUrl: 'http://127.0.0.1:4010' }, result);
 */
export async function cloneIntoEmulator(
  target: { baseUrl: string; adminToken?: string; headerPrefix?: string },
  result: CloneResult,
): Promise<CreatedStore> {
  const control = new ControlClient({
    baseUrl: target.baseUrl,
    adminToken: target.adminToken,
    headerPrefix: target.headerPrefix,
  });
  const created = await control.createStore({
    name: result.name,
    settings: settingsInput(result.settings) as Record<string, unknown>,
    clock: { now: result.document.store.clock.now, mode: 'frozen' },
  });
  try {
    const store = await control
      .forStore(created.token)
      .restoreSnapshot(result.document as unknown as StoreSnapshot);
    return { ...created, store };
  } catch (error) {
    await control.deleteStore(created.store.id).catch(() => undefined);
    throw error;
  }
}

/** Writes the clone's snapshot document to `file` (`PUT /_emulator/snapshot` and `importSnapshot` take it). */
export async function writeCloneDocument(file: string, document: SnapshotDoc): Promise<void> {
  // A real shop's customers: owner only (src/platform/private-files.ts).
  await writePrivateFile(file, JSON.stringify(document));
}
