/** Retention strategies (2021-11): CRUD, enums, and the discount a discount incentive names. */
import { describe, expect, it } from 'vitest';
import type { Json } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';

const { store } = useEmulator();

describe('retention strategies (2021-11)', () => {
  it('creates (201), retrieves, updates and deletes (204) a strategy', async () => {
    const s = await store();
    const { api } = s;
    const created = await api.post('/retention_strategies', {
      incentive_type: 'skip_charge',
      reason: 'I have too much coffee',
      prevention_text: 'Skip your next delivery instead?',
    });
    expect(created.status).toBe(201);
    const strategy = created.body.retention_strategy;
    expect(strategy).toEqual({
      id: expect.any(Number),
      cancellation_flow_type: 'subscription',
      created_at: '2025-01-15T12:00:00+00:00',
      discount_code: null,
      incentive_type: 'skip_charge',
      prevention_text: 'Skip your next delivery instead?',
      reason: 'I have too much coffee',
      updated_at: '2025-01-15T12:00:00+00:00',
    });
    expect((await api.get(`/retention_strategies/${strategy.id}`)).body.retention_strategy).toEqual(strategy);

    await s.control.advanceClock({ minutes: 5 });
    const updated = await api.put(`/retention_strategies/${strategy.id}`, {
      cancellation_flow_type: 'membership',
      incentive_type: 'delay_subscription',
      prevention_text: null,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.retention_strategy).toMatchObject({
      cancellation_flow_type: 'membership',
      incentive_type: 'delay_subscription',
      prevention_text: null,
      reason: 'I have too much coffee',
      updated_at: '2025-01-15T12:05:00+00:00',
    });

    const deleted = await api.delete(`/retention_strategies/${strategy.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await api.get(`/retention_strategies/${strategy.id}`)).status).toBe(404);
    expect((await api.delete(`/retention_strategies/${strategy.id}`)).status).toBe(404);
    expect((await api.put('/retention_strategies/1', { reason: 'x' })).status).toBe(404);
  });

  it('validates enums and required fields', async () => {
    const { api } = await store();
    const missing = await api.post('/retention_strategies', {});
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({
      errors: {
        incentive_type: ['Missing data for required field.'],
        reason: ['Missing data for required field.'],
      },
    });
    const wrong = await api.post('/retention_strategies', {
      cancellation_flow_type: 'order',
      incentive_type: 'refund',
      reason: 'x',
    });
    expect(wrong.body.errors).toEqual({
      cancellation_flow_type: ['Must be one of: subscription, membership.'],
      incentive_type: ['Must be one of: delay_subscription, discount, skip_charge, swap_product.'],
    });
  });

  it('needs an existing discount code for a discount incentive, and only then', async () => {
    const { api } = await store();
    await api.post('/discounts', {
      code: 'StayWithUs',
      discount_type: 'percentage',
      duration: 'forever',
      value: '15',
    });
    const noCode = await api.post('/retention_strategies', {
      incentive_type: 'discount',
      reason: 'Too expensive',
    });
    expect(noCode.body).toEqual({ errors: { discount_code: ['Required when incentive_type is discount.'] } });
    const unknown = await api.post('/retention_strategies', {
      incentive_type: 'discount',
      reason: 'Too expensive',
      discount_code: 'NOPE',
    });
    expect(unknown.body).toEqual({ errors: { discount_code: ['No discount with code NOPE.'] } });
    const stray = await api.post('/retention_strategies', {
      incentive_type: 'swap_product',
      reason: 'Too expensive',
      discount_code: 'STAYWITHUS',
    });
    expect(stray.body).toEqual({
      errors: { discount_code: ['Only allowed when incentive_type is discount.'] },
    });

    const created = await api.post('/retention_strategies', {
      incentive_type: 'discount',
      reason: 'Too expensive',
      discount_code: 'staywithus',
    });
    expect(created.status).toBe(201);
    // The discount's own spelling is kept.
    expect(created.body.retention_strategy.discount_code).toBe('StayWithUs');
    const id = created.body.retention_strategy.id;
    expect((await api.put(`/retention_strategies/${id}`, { discount_code: null })).body).toEqual({
      errors: { discount_code: ['Required when incentive_type is discount.'] },
    });
    // Moving to another incentive drops the code.
    const moved = await api.put(`/retention_strategies/${id}`, { incentive_type: 'skip_charge' });
    expect(moved.body.retention_strategy).toMatchObject({
      incentive_type: 'skip_charge',
      discount_code: null,
    });
  });

  it('lists newest first with filters and cursors; 2021-11 only, subscription scopes', async () => {
    const s = await store();
    const { api } = s;
    const make = async (body: Record<string, unknown>) =>
      (await api.post('/retention_strategies', { reason: 'r', ...body })).body.retention_strategy.id;
    const a = await make({ incentive_type: 'skip_charge' });
    const b = await make({ incentive_type: 'swap_product', cancellation_flow_type: 'membership' });
    const c = await make({ incentive_type: 'skip_charge' });
    const ids = async (query: Record<string, string | number> = {}) =>
      (await api.get('/retention_strategies', { query })).body.retention_strategies.map((r: Json) => r.id);
    expect(await ids()).toEqual([c, b, a]);
    expect(await ids({ incentive_type: 'skip_charge' })).toEqual([c, a]);
    expect(await ids({ cancellation_flow_type: 'membership' })).toEqual([b]);
    expect(await ids({ sort_by: 'id-asc', limit: 2 })).toEqual([a, b]);
    const page = await api.get('/retention_strategies', { query: { limit: 2 } });
    expect(
      (
        await api.get('/retention_strategies', { query: { cursor: page.body.next_cursor } })
      ).body.retention_strategies.map((r: Json) => r.id),
    ).toEqual([a]);

    expect((await api.get('/retention_strategies', { version: '2021-01' })).status).toBe(501);
    const reader = await s.control.createToken({ name: 'reader', scopes: ['read_subscriptions'] });
    expect((await api.get('/retention_strategies', { token: reader.token })).status).toBe(200);
    const refused = await api.post(
      '/retention_strategies',
      { incentive_type: 'skip_charge', reason: 'r' },
      { token: reader.token },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain('write_subscriptions');
  });
});
