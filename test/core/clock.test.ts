import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { createCustomer } from '../helpers/factories.js';

const { store, emulator } = useEmulator();

describe('virtual clock', () => {
  it('starts where the store was told and stays frozen', async () => {
    const s = await store();
    expect(await s.control.clock()).toEqual({ now: '2025-01-15T12:00:00Z', mode: 'frozen' });
    const customer = await createCustomer(s.api);
    expect(customer.created_at).toBe('2025-01-15T12:00:00+00:00');
  });

  it('moves forward by seconds, minutes, hours, days or to a time', async () => {
    const s = await store();
    expect((await s.control.advanceClock({ seconds: 30 })).now).toBe('2025-01-15T12:00:30Z');
    expect((await s.control.advanceClock({ minutes: 1.5 })).now).toBe('2025-01-15T12:02:00Z');
    expect((await s.control.advanceClock({ hours: 2 })).now).toBe('2025-01-15T14:02:00Z');
    expect((await s.control.advanceClock({ days: 1 })).now).toBe('2025-01-16T14:02:00Z');
    const report = await s.control.advanceClock({ to: '2025-02-01T00:00:00Z' });
    expect(report).toEqual({ now: '2025-02-01T00:00:00Z', jobs: [], events: [] });
    const customer = await createCustomer(s.api);
    expect(customer.created_at).toBe('2025-02-01T00:00:00+00:00');
  });

  it('never moves back and refuses malformed requests (422)', async () => {
    const s = await store();
    await expect(s.control.advanceClock({ to: '2024-01-01T00:00:00Z' })).rejects.toMatchObject({
      status: 422,
    });
    for (const body of [
      {},
      { days: -1 },
      { days: 1, hours: 1 },
      { to: 'soon' },
      { weeks: 1 },
      { until: 'forever' },
    ]) {
      const res = await fetch(`${emulator().url}/_emulator/clock/advance`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Service-Access-Token': s.token },
        body: JSON.stringify(body),
      });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(await res.json()).toHaveProperty('errors');
    }
    expect((await s.control.clock()).now).toBe('2025-01-15T12:00:00Z');
  });

  it('refuses to go past 9999-12-31T23:59:59Z, where timestamps end, and keeps working (was a 500 that broke the store)', async () => {
    const s = await store();
    for (const body of [{ days: 1e308 }, { days: 1e9 }, { seconds: 1e300 }]) {
      await expect(s.control.advanceClock(body), JSON.stringify(body)).rejects.toMatchObject({
        status: 422,
        body: {
          errors: { [Object.keys(body)[0] ?? '']: ['The clock cannot go past 9999-12-31T23:59:59Z.'] },
        },
      });
    }
    expect((await s.control.advanceClock({ to: '9999-12-31T23:59:59Z' })).now).toBe('9999-12-31T23:59:59Z');
    await expect(s.control.advanceClock({ seconds: 1 })).rejects.toMatchObject({ status: 422 });
    expect((await createCustomer(s.api)).created_at).toBe('9999-12-31T23:59:59+00:00');
  });

  it("moves only the calling store's clock", async () => {
    const a = await store();
    const b = await store();
    await a.control.advanceClock({ days: 10 });
    expect((await b.control.clock()).now).toBe('2025-01-15T12:00:00Z');
  });

  it('answers 401 to an unknown token on the control API', async () => {
    const res = await fetch(`${emulator().url}/_emulator/clock`, {
      headers: { 'X-Service-Access-Token': 'nope' },
    });
    expect(res.status).toBe(401);
  });
});
