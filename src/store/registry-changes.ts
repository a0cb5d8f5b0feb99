/**
 * What a persisted registry writes to its change log (docs/decisions/0025). Each batch brings the
 * log from the state of the previous batch to the state now:
 * - `{"op":"put","store":1,"collection":"customers","row":{...}}` for every record written since
 *   (its value now), `{"op":"delete",...,"id":N}` for every record gone;
 * - `{"op":"clear",...}` and a put of every record for a collection replaced as a whole (a
 *   snapshot restored, a store reset): its generation moved;
 * - `{"op":"store","store":1,"meta":{...}}` for a store that changed (settings, tokens, clock, id
 *   sequences: everything persisted but the records), and every record of a new store;
 * - `{"op":"drop","store":2}` for a deleted store, `{"op":"registry",...}` for the list of stores.
 * A record's text is made when the batch is written, from the frozen row taken when the batch
 * was cut, so a batch is the state of one instant; so is a base (`capture`).
 */
import type { ChangeSource, LogPosition } from '../platform/persistence/database.js';
import type { JsonLayout } from '../platform/persistence/json-pieces.js';
import { imageRows, type Collection, type Identified } from '../platform/persistence/collection.js';
import type { StoreRegistry } from './registry.js';
import type { Store, StoreObserver } from './store.js';

/** The base file shows one record a line: stores (1) > store (2) > collections (3) > rows (4). */
export const REGISTRY_LAYOUT: JsonLayout = { inlineDepth: 4 };

/** A batch before its text is made: ready lines, rows to put, ids to delete. */
type Part =
  | string
  | { readonly store: number; readonly collection: string; readonly rows: readonly Identified[] }
  | { readonly store: number; readonly collection: string; readonly deleted: readonly number[] };

function collectionsOf(store: Store): [string, Collection<Identified>][] {
  return Object.entries(store.collections) as unknown as [string, Collection<Identified>][];
}

export class RegistryChanges implements ChangeSource {
  private registry: StoreRegistry | null = null;
  /** Ids of the records written since the last batch, by store and collection. */
  private readonly touched = new Map<number, Map<string, Set<number>>>();
  /** The stores the log holds, with each collection's generation when it was last written. */
  private logged = new Map<number, Map<string, number>>();
  private readonly dirtyStores = new Set<number>();
  private registryDirty = false;

  /**
   * Give it to the registry first among the observers: it notes every record written, before any
   * other listener writes more.
   */
  readonly observe: StoreObserver = (store) => {
    const byCollection = new Map<string, Set<number>>();
    this.touched.set(store.id, byCollection);
    for (const [name, collection] of collectionsOf(store)) {
      const ids = new Set<number>();
      byCollection.set(name, ids);
      collection.onWrite((before, after) => {
        const row = after ?? before;
        if (row) ids.add(row.id);
      });
    }
  };

  /** The registry's `onChange`: a store's id, or none for the list of stores. */
  onChange(storeId?: number): void {
    if (storeId === undefined) this.registryDirty = true;
    else this.dirtyStores.add(storeId);
  }

  /** Starts from `registry` as it is now (as loaded from the files). */
  attach(registry: StoreRegistry): void {
    this.registry = registry;
    this.restart();
  }

  changes(): Iterable<string> | null {
    const registry = this.registry;
    if (!registry) return null;
    const parts: Part[] = [];
    const present = new Set<number>();
    let storesChanged = this.registryDirty;
    for (const store of registry.list()) {
      present.add(store.id);
      const logged = this.logged.get(store.id);
      if (!logged) {
        storesChanged = true;
        parts.push(storeLine(store));
        const generations = new Map<string, number>();
        for (const [name, collection] of collectionsOf(store)) {
          generations.set(name, collection.generation);
          if (collection.size > 0)
            parts.push({ store: store.id, collection: name, rows: collection.snapshot() });
        }
        this.logged.set(store.id, generations);
        this.clearTouched(store.id);
        continue;
      }
      if (!this.dirtyStores.has(store.id)) continue;
      parts.push(storeLine(store));
      const touched = this.touched.get(store.id);
      for (const [name, collection] of collectionsOf(store)) {
        const ids = touched?.get(name);
        if (collection.generation !== logged.get(name)) {
          logged.set(name, collection.generation);
          parts.push(`{"op":"clear","store":${store.id},"collection":${JSON.stringify(name)}}\n`);
          parts.push({ store: store.id, collection: name, rows: collection.snapshot() });
          ids?.clear();
          continue;
        }
        if (!ids || ids.size === 0) continue;
        const rows: Identified[] = [];
        const deleted: number[] = [];
        for (const id of ids) {
          const row = collection.get(id);
          if (row) rows.push(row);
          else deleted.push(id);
        }
        ids.clear();
        if (rows.length > 0) parts.push({ store: store.id, collection: name, rows });
        if (deleted.length > 0) parts.push({ store: store.id, collection: name, deleted });
      }
    }
    for (const id of [...this.logged.keys()]) {
      if (present.has(id)) continue;
      storesChanged = true;
      parts.push(`{"op":"drop","store":${id}}\n`);
      this.logged.delete(id);
      this.touched.delete(id);
    }
    if (storesChanged) parts.unshift(`${JSON.stringify({ op: 'registry', ...registry.headerJSON() })}\n`);
    this.registryDirty = false;
    this.dirtyStores.clear();
    return parts.length === 0 ? null : render(parts);
  }

  /**
   * The registry as its base document, exactly as it is now: the stores' settings, tokens, clock
   * and id sequences, and an image of each collection (copy-on-write, constant time: no record is
   * copied). A collection's rows are listed only when the writer reaches it (its `toJSON`), in a
   * slice of its own, so no one slice lists the whole store, and writes meanwhile do not show in it.
   */
  capture(log: LogPosition): object {
    const registry = this.registry;
    if (!registry) throw new Error('no registry to capture');
    const { format, ...header } = registry.headerJSON();
    const doc = {
      format,
      log_id: log.id,
      log_seq: log.seq,
      ...header,
      stores: registry.list().map((store) => {
        const { created_at, uninstalled_at, ...meta } = store.metaJSON();
        const collections: Record<string, { toJSON(): readonly Identified[] }> = {};
        for (const [name, collection] of collectionsOf(store)) {
          const image = collection.image();
          collections[name] = { toJSON: () => imageRows(image) };
        }
        return { ...meta, collections, created_at, uninstalled_at };
      }),
    };
    this.restart();
    return doc;
  }

  /** The log holds everything as it is now: nothing is pending. */
  private restart(): void {
    const registry = this.registry;
    if (!registry) return;
    this.logged = new Map();
    for (const store of registry.list()) {
      const generations = new Map<string, number>();
      for (const [name, collection] of collectionsOf(store)) generations.set(name, collection.generation);
      this.logged.set(store.id, generations);
    }
    for (const id of [...this.touched.keys()]) {
      if (this.logged.has(id)) this.clearTouched(id);
      else this.touched.delete(id);
    }
    this.dirtyStores.clear();
    this.registryDirty = false;
  }

  private clearTouched(storeId: number): void {
    for (const ids of this.touched.get(storeId)?.values() ?? []) ids.clear();
  }
}

function storeLine(store: Store): string {
  return `{"op":"store","store":${store.id},"meta":${JSON.stringify(store.metaJSON())}}\n`;
}

function* render(parts: readonly Part[]): Generator<string> {
  for (const part of parts) {
    if (typeof part === 'string') yield part;
    else if ('rows' in part) {
      const head = `{"op":"put","store":${part.store},"collection":${JSON.stringify(part.collection)},"row":`;
      for (const row of part.rows) yield `${head}${JSON.stringify(row)}}\n`;
    } else {
      const head = `{"op":"delete","store":${part.store},"collection":${JSON.stringify(part.collection)},"id":`;
      for (const id of part.deleted) yield `${head}${id}}\n`;
    }
  }
}
