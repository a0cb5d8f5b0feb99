/**
 * All stores of one emulator process and the index from token to store. The default store exists
 * from the start; others are created through the control API, each with its own token and secret.
 */
import { Random } from '../platform/random.js';
import type { ClockState } from '../platform/clock.js';
import { SCOPES, type Scope } from './scopes.js';
import {
  completeSettings,
  storeSettingsSchema,
  withSettingsDefaults,
  type SettingsDefaults,
  type StoreSettings,
} from './settings.js';
import { Store, type StoreDoc, type StoreJobKinds, type StoreObserver } from './store.js';
import type { TokenRecord } from '../model/token.js';
import type { Actor } from '../model/actor.js';
import { seedStore } from './seed-store.js';
import { LimitReached, limitsOf, type ProcessLimits } from '../platform/limits.js';

export interface RegistryDoc {
  readonly format: 1;
  /** The change log that extends this document (docs/decisions/0025); absent in files from before. */
  readonly log_id?: string;
  /** The last batch of that log this document holds. */
  readonly log_seq?: number;
  readonly next_store_id: number;
  readonly default_store_id: number;
  readonly stores: readonly StoreDoc[];
}

export interface CreateStoreInput {
  name?: string;
  settings?: StoreSettings;
  /** Token string to use for the store's first token (random when absent). */
  token?: string;
  clock?: Partial<ClockState>;
}

export interface RegistryOptions {
  /** Seed of every random value (tokens, secrets, hashes); random when absent. */
  seed?: number;
  jobKinds: StoreJobKinds;
  /** Told after every change to persist: with the store's id, or without for the list of stores. */
  onChange: (storeId?: number) => void;
  observers?: readonly StoreObserver[];
  /** The service's word in field names of every store (`brandOf` the header prefix). */
  brand?: string;
  /** What every store created later starts from, under its own settings (the start flags' dialect and version). */
  settingsDefaults?: SettingsDefaults;
  /** What one request may cost (`DEFAULT_LIMITS` for those not given). */
  limits?: Partial<Record<keyof ProcessLimits, number | undefined>>;
}

export interface Authenticated {
  readonly store: Store;
  readonly token: TokenRecord;
  readonly scopes: ReadonlySet<Scope>;
  /** The actor of requests made with this token (for the event log). */
  readonly actor: Actor;
}

/** What a token is allowed to do in its store (also how a batch task acts for the token that submits it). */
export function authenticated(store: Store, token: TokenRecord): Authenticated {
  return { store, token, scopes: new Set(token.scopes), actor: { origin: 'api', token } };
}

export class StoreRegistry {
  private readonly stores = new Map<number, Store>();
  private readonly tokens = new Map<string, Authenticated>();
  private readonly random: Random;
  private nextStoreId = 1;
  private defaultId = 1;

  /** What one request may cost in this process. */
  readonly limits: ProcessLimits;

  constructor(private readonly options: RegistryOptions) {
    this.random = new Random(options.seed ?? Math.floor(Math.random() * 2 ** 32));
    this.limits = limitsOf(options.limits);
  }

  /** What every store created later starts from, under its own settings (`withSettingsDefaults`). */
  get settingsDefaults(): SettingsDefaults {
    return this.options.settingsDefaults ?? {};
  }

  /**
   * A new store's settings: `requested` (already valid) over the defaults.
   *
   * @example
   * registry.newStoreSettings({ plan: 'standard' }).platform_word; // 'shopify' when started with --platform-word shopify
   */
  newStoreSettings(requested: Readonly<Record<string, unknown>> = {}): StoreSettings {
    return completeSettings(
      storeSettingsSchema.parse(withSettingsDefaults(this.settingsDefaults, requested)),
    );
  }

  get defaultStore(): Store {
    const store = this.stores.get(this.defaultId);
    if (!store) throw new Error('the default store is missing');
    return store;
  }

  list(): Store[] {
    return [...this.stores.values()];
  }

  get(id: number): Store | undefined {
    return this.stores.get(id);
  }

  /**
   * Throws `LimitReached` when the process already holds `limits.maxStores` stores. Callers that
   * do work before `create` (reading a snapshot, a clone) check first, to refuse before the work.
   */
  checkRoomForStore(): void {
    const max = this.limits.maxStores;
    if (this.stores.size < max) return;
    throw new LimitReached(
      'max-stores',
      'store',
      `This emulator already holds ${this.stores.size} stores, its --max-stores (${max}). ` +
        'Delete stores no longer needed (DELETE /_emulator/stores/{id}) or start it with a larger --max-stores.',
    );
  }

  /** Creates a store with a first token that holds every scope; `LimitReached` past `limits.maxStores`. */
  create(input: CreateStoreInput = {}): { store: Store; token: TokenRecord } {
    this.checkRoomForStore();
    const id = this.nextStoreId++;
    const random = this.random.fork();
    const store = new Store({
      id,
      name: input.name ?? (id === 1 ? 'Default store' : `Store ${id}`),
      settings: input.settings ?? this.newStoreSettings(),
      clientSecret: `secret_${random.hex(40)}`,
      random,
      clock: input.clock,
      jobKinds: this.options.jobKinds,
      observers: this.options.observers,
      brand: this.options.brand,
      onChange: () => this.options.onChange(id),
    });
    store.traffic.journal.limitBytes(this.limits.journalBytes);
    this.stores.set(id, store);
    seedStore(store);
    const token = this.issueToken(store, { name: 'Default token', scopes: SCOPES, token: input.token });
    this.options.onChange();
    return { store, token };
  }

  /** Empties a store's data and schedule (settings, tokens, secret and clock stay). */
  reset(store: Store): void {
    store.reset();
    seedStore(store);
  }

  delete(id: number): boolean {
    const store = this.stores.get(id);
    if (!store || id === this.defaultId) return false;
    for (const token of store.tokens) this.tokens.delete(token.token);
    this.stores.delete(id);
    this.options.onChange();
    return true;
  }

  /** Issues a token for `store`; the token string is random unless given. */
  issueToken(store: Store, input: { name: string; scopes: readonly Scope[]; token?: string }): TokenRecord {
    const value = input.token ?? `emu_${store.random.hex(32)}`;
    if (this.tokens.has(value)) throw new Error('token already in use');
    const record: TokenRecord = {
      id: store.nextId('tokens'),
      token: value,
      name: input.name,
      scopes: [...new Set(input.scopes)],
      contact_email: store.settings.email,
      created_at: store.now(),
    };
    store.tokens.push(record);
    this.tokens.set(value, authenticated(store, record));
    this.options.onChange(store.id);
    return record;
  }

  /** Revokes a token of `store`; false when it has no such token. */
  revokeToken(store: Store, id: number): boolean {
    const record = store.tokens.find((token) => token.id === id);
    if (!record) return false;
    store.tokens = store.tokens.filter((token) => token !== record);
    this.tokens.delete(record.token);
    this.options.onChange(store.id);
    return true;
  }

  isTokenInUse(value: string): boolean {
    return this.tokens.has(value);
  }

  authenticate(value: string): Authenticated | undefined {
    return this.tokens.get(value);
  }

  toJSON(): RegistryDoc {
    return { ...this.headerJSON(), stores: this.list().map((store) => store.toJSON()) };
  }

  /** The persisted form without the stores. */
  headerJSON(): Omit<RegistryDoc, 'stores'> {
    return { format: 1, next_store_id: this.nextStoreId, default_store_id: this.defaultId };
  }

  /** Replaces every store with those of a persisted document. */
  load(doc: RegistryDoc): void {
    this.stores.clear();
    this.tokens.clear();
    for (const storeDoc of doc.stores) {
      const store = new Store({
        id: storeDoc.id,
        name: storeDoc.name,
        // Settings added by later releases take their defaults in an older file.
        settings: { ...completeSettings(storeSettingsSchema.parse({})), ...storeDoc.settings },
        clientSecret: storeDoc.client_secret,
        random: this.random.fork(),
        clock: storeDoc.clock,
        jobKinds: this.options.jobKinds,
        observers: this.options.observers,
        brand: this.options.brand,
        onChange: () => this.options.onChange(storeDoc.id),
      });
      store.load(storeDoc);
      store.traffic.journal.limitBytes(this.limits.journalBytes);
      this.stores.set(store.id, store);
      for (const token of store.tokens) this.tokens.set(token.token, authenticated(store, token));
    }
    // Never behind a store the document holds (a hand-edited file, a document of an older release).
    this.nextStoreId = doc.stores.reduce((next, store) => Math.max(next, store.id + 1), doc.next_store_id);
    this.defaultId = doc.default_store_id;
  }
}
