/** Seeding stores from built-in scenarios through the control API, and listing them. */
import { describe, expect, it } from 'vitest';
import { ControlError } from '../../src/index.js';
import { Api } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';

const { emulator } = useEmulator();

describe('scenarios through the control API', () => {
  it('lists the built-in scenarios with their descriptions', async () => {
    const scenarios = await emulator().control.scenarios();
    expect(scenarios.map((s) => s.name)).toEqual(expect.arrayContaining(['empty', 'small-shop', 'dunning']));
    expect(scenarios.find((s) => s.name === 'dunning')).toEqual({
      name: 'dunning',
      description: expect.stringContaining('dunning') as unknown,
      steps: expect.any(Number) as unknown,
    });
  });

  it('seeds a new store from {"scenario": "dunning"}, with the scenario clock, and leaves other stores alone', async () => {
    const created = await emulator().control.createStore({ scenario: 'dunning' });
    expect(created.scenario).toEqual({
      name: 'dunning',
      records: expect.objectContaining({ customers: 3, subscriptions: 3, payment_methods: 3 }) as unknown,
    });
    const api = new Api(emulator().url, created.token, '2021-11');
    const charges = await api.get('/charges', { query: { sort_by: 'id-asc' } });
    expect(charges.body.charges).toHaveLength(3);
    expect(charges.body.charges[0]).toMatchObject({ status: 'queued', scheduled_at: '2025-01-16' });
    const clock = await emulator().control.forStore(created.token).clock();
    expect(clock.now).toBe('2025-01-15T12:00:00Z');
    // The default store was not touched.
    const other = new Api(emulator().url, emulator().token, '2021-11');
    expect((await other.get('/customers')).body.customers).toEqual([]);
  });

  it('lets the request settings and clock win over the scenario', async () => {
    const created = await emulator().control.createStore({
      scenario: 'prepaid-cycle',
      settings: { currency: 'EUR' },
      clock: { now: '2025-01-20T00:00:00Z' },
    });
    expect(created.store.settings).toMatchObject({ currency: 'EUR', upcoming_order_days: 2 });
    expect((await emulator().control.forStore(created.token).clock()).now).toBe('2025-01-20T00:00:00Z');
  });

  it('refuses an unknown scenario with 422, naming the built-ins, and creates no store', async () => {
    const before = (await emulator().control.listStores()).length;
    const error = await emulator()
      .control.createStore({ scenario: 'no-such-shop' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ControlError);
    expect((error as ControlError).status).toBe(422);
    expect((error as ControlError).body).toEqual({
      errors: {
        scenario: [expect.stringMatching(/^No built-in scenario no-such-shop; built-ins: .*small-shop/)],
      },
    });
    expect((await emulator().control.listStores()).length).toBe(before);
  });
});
