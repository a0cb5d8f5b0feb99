import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { createCustomer } from '../helpers/factories.js';

const { store } = useEmulator();

describe('store, token information, accounts and events', () => {
  it('serves GET /store from the store settings in both versions', async () => {
    const s = await store({
      settings: { currency: 'EUR', timezone: 'Europe/Paris', platform: 'platform_b_native' },
    });
    const reply = await s.api.get('/store');
    expect(reply.body.store).toEqual({
      id: s.storeId,
      checkout_logo_url: null,
      checkout_platform: 'platform_b_hosted',
      created_at: '2025-01-15T12:00:00+00:00',
      currency: 'EUR',
      customer_portal_base_url: expect.stringContaining('portal'),
      default_api_version: '2021-11',
      // Published clients' models of the store (recharge-api-node, v2 store).
      disabled_currencies_historical: [],
      email: expect.stringContaining('@'),
      enabled_presentment_currencies: ['EUR'],
      enabled_presentment_currencies_symbols: [
        { currency: 'EUR', location: 'before', suffix: '', symbol: '€' },
      ],
      external_platform: 'platform_b',
      identifier: `store-${s.storeId}`,
      merchant_portal_base_url: expect.stringContaining('admin'),
      name: expect.any(String),
      // api-facts (recorded responses): phone is a string; this store has none set.
      phone: '',
      timezone: { iana_name: 'Europe/Paris', name: '(GMT+01:00) Europe/Paris' },
      updated_at: '2025-01-15T12:00:00+00:00',
      weight_unit: 'lb',
    });
    expect((await s.api.get('/store', { version: '2021-01' })).body.store.created_at).toBe(
      '2025-01-15T12:00:00',
    );
  });

  it('lists and retrieves the owner account', async () => {
    const { api } = await store();
    const list = await api.get('/accounts');
    expect(list.body.accounts).toEqual([
      {
        id: expect.any(Number),
        created_at: '2025-01-15T12:00:00+00:00',
        email: expect.stringContaining('@'),
        first_name: 'Store',
        invited_at: null,
        is_owner: true,
        last_name: 'Owner',
        user_id: expect.any(Number),
      },
    ]);
    const id = list.body.accounts[0].id;
    expect((await api.get(`/accounts/${id}`)).body.account.id).toBe(id);
    expect((await api.get('/accounts/1')).status).toBe(404);
  });

  it('records every mutation as an event and lists them newest first', async () => {
    const s = await store();
    const customer = await createCustomer(s.api);
    await s.control.advanceClock({ minutes: 1 });
    await s.api.put(`/customers/${customer.id}`, { first_name: 'Ada2' });
    const reply = await s.api.get('/events');
    expect(reply.body.events).toEqual([
      {
        id: expect.any(Number),
        created_at: '2025-01-15T12:01:00+00:00',
        custom_attributes: null,
        customer_id: customer.id,
        description: `Customer ${customer.id} updated`,
        object_id: customer.id,
        object_type: 'customer',
        source: {
          account_id: null,
          api_token_id: expect.any(Number),
          api_token_name: 'Default token',
          origin: 'api',
          user_type: 'app',
        },
        updated_attributes: { first_name: 'Ada2' },
        verb: 'updated',
      },
      expect.objectContaining({
        object_type: 'customer',
        verb: 'created',
        created_at: '2025-01-15T12:00:00+00:00',
      }),
    ]);
    const filtered = await s.api.get('/events', { query: { verb: 'created', object_type: 'customer' } });
    expect(filtered.body.events).toHaveLength(1);
    const since = await s.api.get('/events', { query: { created_at_min: '2025-01-15T12:00:30Z' } });
    expect(since.body.events).toHaveLength(1);
  });
});
