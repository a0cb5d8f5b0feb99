/**
 * One merchant: settings, tokens, a client secret, its own data, virtual clock, scheduler and
 * event log. Stores are isolated from each other; nothing here knows about HTTP.
 */
import { dayIn } from '../platform/calendar.js';
import { Clock, type ClockState } from '../platform/clock.js';
import type { Collection, CollectionImage, Identified } from '../platform/persistence/collection.js';
import type { Random } from '../platform/random.js';
import { StoreTraffic } from '../platform/traffic.js';
import { Scheduler, type JobKind, type JobKinds } from '../platform/scheduler/scheduler.js';
import type { EventRecord } from '../model/event.js';
import { createCollections, type CollectionName, type Collections, type RecordOf } from './collections.js';
import { coveringSequences, type SequenceName } from './sequences.js';
import { NEUTRAL_BRAND } from './dialect-settings.js';
import type { StoreSettings } from './settings.js';
import { Transactions } from './transaction.js';
import { IdsTaken } from './ids-taken.js';
import type { TokenRecord } from '../model/token.js';

/** Ids of a store start at `id * ID_BLOCK + 1`, so ids of different stores never collide. */
export const ID_BLOCK = 10_000_000;

export type EventListener = (event: EventRecord) => void;

/** A kind of scheduled job, run on a store. */
export type StoreJobKind = JobKind<Store>;
export type StoreJobKinds = JobKinds<Store>;

/** What of the store itself a failed command puts back (its records are put back by the undo log). */
interface StoreState {
  readonly sequences: Record<string, number>;
  /** Where the log of ids taken stood when the command started. */
  readonly idsTaken: number;
  readonly settings: StoreSettings;
  readonly name: string;
  readonly tokens: TokenRecord[];
  readonly clock: number;
  readonly mode: ClockState['mode'];
  readonly updated_at: string;
  readonly uninstalledAt: string | null;
}

/** Where a store's clock stands after it moved, and what moving it ran (the stream's `clock` message). */
export interface ClockMove {
  readonly now: string;
  readonly mode: string;
  readonly jobs: number;
  readonly events: number;
}

export type ClockListener = (move: ClockMove) => void;

/** The persisted form of a store (also the body of a snapshot). */
export interface StoreDoc {
  readonly id: number;
  readonly name: string;
  readonly settings: StoreSettings;
  readonly client_secret: string;
  readonly tokens: readonly TokenRecord[];
  readonly clock: ClockState;
  readonly sequences: Readonly<Record<string, number>>;
  readonly collections: { readonly [N in CollectionName]?: readonly RecordOf<N>[] };
  readonly created_at: string;
  /** When the settings last changed (absent in documents written before it existed: created_at). */
  readonly updated_at?: string;
  /** When the service was uninstalled (API calls get 403 until reinstalled); absent: installed. */
  readonly uninstalled_at?: string | null;
}

/**
 * A store's state at one moment, sharing the collections' maps (copy-on-write): what a named
 * snapshot keeps. Tokens, secret and name are the store's identity and are not part of it.
 */
export interface StoreImage {
  readonly collections: { readonly [N in CollectionName]: CollectionImage<RecordOf<N>> };
  readonly sequences: Readonly<Record<string, number>>;
  readonly clock: { readonly now: number; readonly mode: ClockState['mode'] };
  readonly settings: StoreSettings;
  readonly uninstalled_at: string | null;
}

export interface StoreInit {
  id: number;
  name: string;
  settings: StoreSettings;
  clientSecret: string;
  random: Random;
  clock?: Partial<ClockState>;
  jobKinds: StoreJobKinds;
  onChange: () => void;
  /** Called once the store exists, to attach listeners (e.g. jobs that follow charges). */
  observers?: readonly StoreObserver[];
  /** The service's word in field names (`brandOf` the header prefix); the neutral `service` when absent. */
  brand?: string;
}

/** A store's persisted form without its records: what the change log writes when it changes. */
export type StoreMeta = Omit<StoreDoc, 'collections'>;

/** Attaches behaviour to a new store, e.g. listeners on its collections. */
export type StoreObserver = (store: Store) => void;

export class Store {
  readonly id: number;
  name: string;
  settings: StoreSettings;
  readonly clientSecret: string;
  /** The service's word in field names, from the emulator's header prefix (never persisted). */
  readonly brand: string;
  readonly random: Random;
  readonly clock: Clock;
  readonly collections: Collections;
  readonly scheduler: Scheduler<Store>;
  created_at: string;
  /** When the settings last changed (GET /store `updated_at`). */
  updated_at: string;
  tokens: TokenRecord[] = [];
  /** Set while the service is uninstalled: every API call of the store gets 403. */
  uninstalledAt: string | null = null;
  private sequences: Record<string, number> = {};
  /** What a failed command gives back of the ids it took. */
  private readonly idsTaken = new IdsTaken();
  private readonly listeners = new Set<EventListener>();
  private readonly recorders = new Set<EventListener>();
  private readonly clockListeners = new Set<ClockListener>();
  /** Addresses with a write in progress (a second concurrent write gets 409); never persisted. */
  readonly busyAddresses = new Set<number>();
  private readonly background = new Set<Promise<void>>();
  /** Fault rules, rate-limit buckets and the request journal; never persisted. */
  readonly traffic: StoreTraffic;
  private readonly onChange: () => void;
  private readonly transactions: Transactions;

  constructor(init: StoreInit) {
    this.id = init.id;
    this.name = init.name;
    this.settings = init.settings;
    this.clientSecret = init.clientSecret;
    this.brand = init.brand ?? NEUTRAL_BRAND;
    this.random = init.random;
    // A clock moved without any record written (an advance with no job due) is a change to persist.
    this.clock = new Clock(init.clock, () => this.onChange());
    this.onChange = init.onChange;
    this.collections = createCollections(init.onChange);
    // First among the write listeners: the undo log must see each write before any listener adds more.
    this.transactions = new Transactions({
      captureState: () => this.captureState(),
      restoreState: (state) => this.restoreState(state as StoreState),
    });
    for (const collection of Object.values(this.collections))
      this.transactions.watch(collection as unknown as Collection<Identified>);
    this.scheduler = new Scheduler(this, init.jobKinds);
    this.traffic = new StoreTraffic(init.id, init.settings.journal_size);
    this.created_at = this.clock.iso();
    this.updated_at = this.created_at;
    for (const observe of init.observers ?? []) observe(this);
  }

  /** Next id of a kind of record (`customers`, `tokens`, ...: the kinds of `SEQUENCES`). */
  nextId(kind: SequenceName): number {
    const sequences = this.sequences;
    const previous = sequences[kind];
    const next = (previous ?? this.id * ID_BLOCK) + 1;
    if (this.transactions.open) this.idsTaken.note(sequences, kind, previous);
    sequences[kind] = next;
    this.onChange();
    return next;
  }

  /**
   * Goes on numbering records where `other` stands, so records made here (a webhook test's
   * synthetic sample) never share an id with one `other` has.
   */
  continueIdsOf(other: Store): void {
    this.sequences = { ...other.sequences };
  }

  /** Current virtual time as a canonical timestamp. */
  now(): string {
    return this.clock.iso();
  }

  /** Replaces the settings (persisted with the store). */
  updateSettings(settings: StoreSettings): void {
    this.settings = settings;
    this.updated_at = this.now();
    this.onChange();
  }

  /** Uninstalls (`at` = now) or reinstalls (`null`) the service. */
  setUninstalled(at: string | null): void {
    this.uninstalledAt = at;
    this.onChange();
  }

  /** Today's date (`YYYY-MM-DD`) in the store's time zone, by its clock. */
  today(): string {
    return dayIn(this.clock.now(), this.settings.timezone);
  }

  /** Tracks background work started for this store (webhook deliveries) until it settles. */
  track(work: Promise<unknown>): void {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.background.add(settled);
    void settled.then(() => this.background.delete(settled));
  }

  /** Whether no tracked background work is under way (`settle` would wait for none, outside a command). */
  get settled(): boolean {
    return this.background.size === 0;
  }

  /**
   * Resolves when every tracked background work has settled, including work started meanwhile.
   * It looks one microtask later, once the command under way has committed: the work that command
   * starts on commit (its webhook sends) is waited for too.
   */
  async settle(): Promise<void> {
    await Promise.resolve();
    while (this.background.size > 0) await Promise.all([...this.background]);
  }

  /** Subscribes to events recorded in this store, told once their command commits; returns the unsubscribe function. */
  onEvent(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Subscribes to events as they are recorded, inside the command that records them: what the
   * listener writes (a webhook's deliveries) is part of that command, undone with it. Returns the
   * unsubscribe function.
   */
  onRecord(listener: EventListener): () => void {
    this.recorders.add(listener);
    return () => this.recorders.delete(listener);
  }

  /**
   * Tells the recorders about an event that was just written to the log at once, and the
   * listeners (the world outside: streams, reports) once its command commits.
   */
  publish(event: EventRecord): void {
    for (const recorder of this.recorders) recorder(event);
    if (this.listeners.size === 0) return;
    this.transactions.afterCommit(() => {
      for (const listener of this.listeners) listener(event);
    });
  }

  /**
   * Runs `command` with all its writes or none (docs/decisions/0025): if it throws, the store is
   * put back as it was (records, id counters, settings, clock, tokens) and the events it recorded
   * are never published. Synchronous; nested commands are savepoints.
   *
   * @example
   * store.command(() => { customers.insert(row); recordEvent(store, actor, created); });
   */
  command<T>(command: () => T): T {
    return this.transactions.run(command);
  }

  /** Runs `effect` when the command under way commits (at once outside one); dropped if it fails. */
  afterCommit(effect: () => void): void {
    this.transactions.afterCommit(effect);
  }

  /** Whether a command is running (its writes may still be undone). */
  get inCommand(): boolean {
    return this.transactions.open;
  }

  private captureState(): StoreState {
    return {
      sequences: this.sequences,
      idsTaken: this.idsTaken.mark(!this.transactions.open),
      settings: this.settings,
      name: this.name,
      tokens: [...this.tokens],
      clock: this.clock.now(),
      mode: this.clock.mode,
      updated_at: this.updated_at,
      uninstalledAt: this.uninstalledAt,
    };
  }

  private restoreState(state: StoreState): void {
    this.idsTaken.giveBack(state.idsTaken);
    this.sequences = state.sequences;
    this.settings = state.settings;
    this.name = state.name;
    this.tokens = state.tokens;
    if (this.clock.now() !== state.clock) this.clock.set(state.clock);
    if (this.clock.mode !== state.mode) this.clock.setMode(state.mode);
    this.updated_at = state.updated_at;
    this.uninstalledAt = state.uninstalledAt;
    this.onChange();
  }

  /** Subscribes to the clock's moves (advances, realtime ticks that ran jobs, mode changes); returns the unsubscribe function. */
  onClockMove(listener: ClockListener): () => void {
    this.clockListeners.add(listener);
    return () => this.clockListeners.delete(listener);
  }

  /** Tells listeners the clock moved (called by the scheduler after an advance and on a mode change). */
  clockMoved(ran: { jobs: number; events: number }): void {
    const move = { now: this.clock.iso(), mode: this.clock.mode, ...ran };
    for (const listener of this.clockListeners) listener(move);
  }

  /**
   * Empties the store's data and schedule, fault rules, rate-limit buckets and journal; keeps
   * settings, tokens, secret and clock.
   */
  reset(): void {
    for (const collection of Object.values(this.collections)) collection.clear();
    this.traffic.reset();
    this.sequences = {};
    this.onChange();
  }

  toJSON(): StoreDoc {
    const collections: Record<string, unknown> = {};
    for (const [name, collection] of Object.entries(this.collections))
      collections[name] = collection.toJSON();
    const { created_at, uninstalled_at, ...meta } = this.metaJSON();
    return { ...meta, collections: collections as StoreDoc['collections'], created_at, uninstalled_at };
  }

  /** Everything persisted but the records (a copy: later changes do not show in it). */
  metaJSON(): StoreMeta {
    return {
      id: this.id,
      name: this.name,
      settings: this.settings,
      client_secret: this.clientSecret,
      tokens: [...this.tokens],
      clock: this.clock.toJSON(),
      sequences: { ...this.sequences },
      created_at: this.created_at,
      updated_at: this.updated_at,
      uninstalled_at: this.uninstalledAt,
    };
  }

  /**
   * The state now, in constant time per collection (no record is copied).
   *
   * @example
   * const image = store.image(); // ... writes ...; store.restoreImage(image);
   */
  image(): StoreImage {
    const collections: Record<string, unknown> = {};
    for (const [name, collection] of Object.entries(this.collections)) collections[name] = collection.image();
    // Tokens are the store's identity, not its state: their sequence stays with the store.
    const { tokens: _tokens, ...sequences } = this.sequences;
    return {
      collections: collections as StoreImage['collections'],
      sequences,
      clock: { now: this.clock.now(), mode: this.clock.mode },
      settings: this.settings,
      uninstalled_at: this.uninstalledAt,
    };
  }

  /** Puts back the state of an image (data, jobs, sequences, clock, settings); keeps the tokens. */
  restoreImage(image: StoreImage): void {
    const tokens = this.sequences.tokens;
    this.sequences = { ...image.sequences, ...(tokens === undefined ? {} : { tokens }) };
    for (const name of Object.keys(this.collections) as CollectionName[])
      (this.collections[name] as { restore(image: CollectionImage<unknown>): void }).restore(
        image.collections[name],
      );
    this.clock.set(image.clock.now);
    this.clock.setMode(image.clock.mode);
    this.settings = image.settings;
    this.uninstalledAt = image.uninstalled_at;
    this.onChange();
  }

  /**
   * Replaces data, sequences and clock with those of a persisted document. A sequence behind an id
   * the document holds is raised to it (a document is never trusted to number on without collisions).
   */
  load(doc: StoreDoc): void {
    this.sequences = { ...coveringSequences(doc, this.id * ID_BLOCK) };
    for (const name of Object.keys(this.collections) as CollectionName[]) {
      const rows = doc.collections[name] ?? [];
      (this.collections[name] as { load(rows: readonly unknown[]): void }).load(rows);
    }
    this.tokens = [...doc.tokens];
    this.clock.set(doc.clock.now);
    this.clock.setMode(doc.clock.mode);
    this.created_at = doc.created_at;
    this.updated_at = doc.updated_at ?? doc.created_at;
    this.uninstalledAt = doc.uninstalled_at ?? null;
  }
}
