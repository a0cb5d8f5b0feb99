import type { Actor } from '../model/actor.js';
import type { Store } from '../store/store.js';

/** What a service needs to act: the store and who is acting (for the event log). */
export interface ServiceContext {
  readonly store: Store;
  readonly actor: Actor;
}
