import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoreRegistry } from './registry.js';
import { defaultLogger } from '../platform/logger.js';
import { REALTIME_TICK_MS, runRealtimeStores } from './realtime.js';

describe('realtime clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('follows wall-clock time and runs jobs as they fall due', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2025, 0, 15, 12));
    const ran: string[] = [];
    const registry = new StoreRegistry({
      seed: 1,
      jobKinds: new Map([
        ['ping', { description: 'records that it ran', run: () => (ran.push('ping'), 'ran') }],
      ]),
      onChange: () => undefined,
    });
    const { store } = registry.create({ clock: { now: Date.UTC(2025, 0, 15, 12) } });
    store.scheduler.schedule({
      type: 'ping',
      due_at: Date.UTC(2025, 0, 15, 12, 0, 10),
      subject: 'x',
      payload: {},
    });
    const stop = runRealtimeStores(registry, defaultLogger('silent'));
    try {
      await vi.advanceTimersByTimeAsync(20_000);
      expect(ran).toEqual([]); // frozen: the clock did not move
      store.clock.setMode('realtime');
      await vi.advanceTimersByTimeAsync(9_000);
      expect(store.clock.iso()).toBe('2025-01-15T12:00:09Z');
      expect(ran).toEqual([]);
      await vi.advanceTimersByTimeAsync(1_000 + REALTIME_TICK_MS);
      expect(ran).toEqual(['ping']);
    } finally {
      stop();
    }
  });
});
