/**
 * All-or-nothing commands on one store (docs/decisions/0025, "How commands are atomic"). While a
 * command runs, every write to a collection is noted with the row it replaced (an undo log), a
 * bulk change (a collection cleared, loaded or restored) with an image of the collection before
 * it, and the store's own state (id counters, settings, clock, tokens, name) is kept as it was at
 * the start. Events and other effects meant for the world outside (webhook sends, the live stream)
 * wait until the command commits. A command that throws is undone: the collections, the store's
 * state and the queues are put back as they were, and nothing waiting is told; unless what it
 * throws says the refusal is the outcome (`KeepsWrites`: a declined payment, counted, then refused).
 *
 * Commands are synchronous, so no flush of the data files and no other request can see one half
 * done. Nested commands are savepoints: an inner one that throws is undone alone.
 */
import type { Collection, CollectionImage, Identified } from '../platform/persistence/collection.js';

/** A bulk change to undo: the collection's image before it. */
class BulkUndo {
  constructor(readonly image: CollectionImage<Identified>) {}
}

/**
 * The undo log is flat: three slots a step, the collection, then the id written and the row it
 * replaced (`undefined` for an insert), or 0 and a `BulkUndo`. A clock advance writes about
 * 200,000 records a year, and an object a step was that many more for the garbage collector.
 */
const SLOTS = 3;

/**
 * A failure that is itself the command's outcome: what the command wrote before it stays (a
 * declined payment is counted on the checkout, then the request is refused).
 */
export interface KeepsWrites {
  readonly keepsWrites: true;
}

function keepsWrites(error: unknown): error is KeepsWrites {
  return typeof error === 'object' && error !== null && (error as Partial<KeepsWrites>).keepsWrites === true;
}

/** What a store puts back of itself when a command is undone. */
export interface StoreState {
  restoreState(state: unknown): void;
  captureState(): unknown;
}

interface Savepoint {
  readonly undo: number;
  readonly effects: number;
  readonly state: unknown;
}

/**
 * The undo log and the effects waiting for commit of one store.
 *
 * @example
 * const tx = new Transactions(store); tx.watch(collection); tx.run(() => collection.insert(row));
 */
export class Transactions {
  private readonly undo: unknown[] = [];
  private readonly effects: (() => void)[] = [];
  private readonly savepoints: Savepoint[] = [];
  private undoing = false;

  constructor(private readonly owner: StoreState) {}

  /** Whether a command is running. */
  get open(): boolean {
    return this.savepoints.length > 0;
  }

  /** Notes the writes of `collection` while a command runs (called once per collection). */
  watch(collection: Collection<Identified>): void {
    collection.onWrite((before, after) => {
      if (this.savepoints.length > 0 && !this.undoing)
        this.undo.push(collection, (after ?? before)?.id ?? 0, before);
    });
    collection.onBulk(() => {
      if (this.open && !this.undoing) this.undo.push(collection, 0, new BulkUndo(collection.image()));
    });
  }

  /**
   * Runs `command`: all its writes stay, or none. A command is synchronous; one that returns a
   * promise (an async handler) is one command up to its first `await`, and must run each later
   * step as a command of its own: its writes after an `await` are never undone with the first.
   */
  run<T>(command: () => T): T {
    const savepoint: Savepoint = {
      undo: this.undo.length,
      effects: this.effects.length,
      state: this.owner.captureState(),
    };
    this.savepoints.push(savepoint);
    let result: T;
    try {
      result = command();
    } catch (error) {
      this.savepoints.pop();
      if (keepsWrites(error)) {
        if (this.savepoints.length === 0) this.commit();
      } else this.rollBack(savepoint);
      throw error;
    }
    this.savepoints.pop();
    if (this.savepoints.length === 0) this.commit();
    return result;
  }

  /** Runs `effect` once the command under way commits (at once when none is); dropped if it is undone. */
  afterCommit(effect: () => void): void {
    if (this.open) this.effects.push(effect);
    else effect();
  }

  private commit(): void {
    this.undo.length = 0;
    // Most commands leave no effect (a scheduled job's own deletion): no list taken for them.
    if (this.effects.length === 0) return;
    // An effect may start a command of its own (a webhook's delivery records): take the list first.
    const effects = this.effects.splice(0);
    for (const effect of effects) effect();
  }

  private rollBack(savepoint: Savepoint): void {
    this.undoing = true;
    try {
      const undo = this.undo;
      for (let i = undo.length - SLOTS; i >= savepoint.undo; i -= SLOTS) {
        const collection = undo[i] as Collection<Identified>;
        const before = undo[i + 2];
        if (before instanceof BulkUndo) collection.restore(before.image);
        else collection.revert(undo[i + 1] as number, before as Identified | undefined);
      }
      this.undo.length = savepoint.undo;
      this.effects.length = savepoint.effects;
      this.owner.restoreState(savepoint.state);
    } finally {
      this.undoing = false;
    }
  }
}
