/**
 * Runs the due jobs of stores whose clock is in `realtime` mode, as wall-clock time passes them
 * (frozen clocks move only through the control API).
 */
import type { StoreRegistry } from './registry.js';
import type { Logger } from '../platform/logger.js';

export const REALTIME_TICK_MS = 250;

/** Starts the ticker; returns the function that stops it. */
export function runRealtimeStores(registry: StoreRegistry, logger: Logger): () => void {
  const busy = new Set<number>();
  const timer = setInterval(() => {
    for (const store of registry.list()) {
      if (store.clock.mode !== 'realtime' || busy.has(store.id)) continue;
      const now = store.clock.now();
      const next = store.scheduler.next();
      if (next && next.due_at <= now) {
        busy.add(store.id);
        void store.scheduler
          .advanceTo(now, (error, job) => logger.error({ err: error, job }, 'scheduled job failed'))
          .finally(() => busy.delete(store.id));
      }
    }
  }, REALTIME_TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
