/** Credits (2021-11, retention merchants only): seeded through the control API, read through the API. */
import { describe, expect, it } from 'vitest';
import { ControlError } from '../../src/index.js';
import type { Json } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';
import { createCustomer } from '../helpers/factories.js';

const { store } = useEmulator();

const retentionStore = () => store({ settings: { retention_enabled: true } });

const CREDIT_PATHS = [
  '/credit_accounts',
  '/credit_accounts/1',
  '/credit_accounts/1/credit_adjustments',
  '/credit_adjustments',
  '/credit_adjustments/1',
  '/customers/1/credit_summary',
];

describe('credits gate (spec rule 7)', () => {
  it('refuses every credit endpoint with 403 on a store without the retention product', async () => {
    const { api } = await store();
    for (const path of CREDIT_PATHS) {
      const reply = await api.get(path);
      expect(reply.status, path).toBe(403);
      expect(reply.body).toEqual({
        error:
          'Credits are available only to merchants on the retention product; the store does not have the retention product enabled.',
      });
    }
  });

  it('serves them with retention_enabled; 2021-01 answers 501; scopes are the credit read scopes', async () => {
    const s = await retentionStore();
    expect((await s.api.get('/credit_accounts')).body).toEqual({
      credit_accounts: [],
      next_cursor: null,
      previous_cursor: null,
    });
    for (const path of CREDIT_PATHS)
      expect((await s.api.get(path, { version: '2021-01' })).status, path).toBe(501);

    const accounts = await s.control.createToken({ name: 'accounts', scopes: ['read_credit_accounts'] });
    const asAccounts = s.api.with({ token: accounts.token });
    expect((await asAccounts.get('/credit_accounts')).status).toBe(200);
    expect((await asAccounts.get('/credit_adjustments')).body.error).toContain('read_credit_adjustments');
    // The summary is customer data too: it needs read_customers besides read_credit_accounts.
    const customer = await createCustomer(s.api);
    expect((await asAccounts.get(`/customers/${customer.id}/credit_summary`)).body.error).toContain(
      'read_customers',
    );
    const both = await s.control.createToken({
      name: 'both',
      scopes: ['read_credit_accounts', 'read_customers'],
    });
    expect((await s.api.get(`/customers/${customer.id}/credit_summary`, { token: both.token })).status).toBe(
      200,
    );
  });
});

describe('credit accounts and adjustments', () => {
  it('seeds an account with its initial balance as the first adjustment, then credits and debits', async () => {
    const s = await retentionStore();
    const customer = await createCustomer(s.api);
    const account = await s.control.createCreditAccount({
      customer_id: customer.id,
      initial_balance: '25',
      name: 'Loyalty',
      type: 'reward',
      redemption_code: 'LOYAL-1',
    });
    expect(account).toEqual({
      id: expect.any(Number),
      available_balance: '25.00',
      created_at: '2025-01-15T12:00:00+00:00',
      currency_code: 'USD',
      customer_id: customer.id,
      expires_at: null,
      initial_balance: '25.00',
      name: 'Loyalty',
      redemption_code: 'LOYAL-1',
      type: 'reward',
      updated_at: '2025-01-15T12:00:00+00:00',
    });
    expect((await s.api.get(`/credit_accounts/${account.id}`)).body.credit_account).toEqual(account);

    await s.control.advanceClock({ days: 1 });
    const debit = await s.control.adjustCreditAccount(account.id, {
      amount: '10.5',
      type: 'debit',
      note: 'Order 1',
    });
    expect(debit.credit_adjustment).toEqual({
      id: expect.any(Number),
      amount: '10.50',
      created_at: '2025-01-16T12:00:00+00:00',
      credit_account_id: account.id,
      currency_code: 'USD',
      ending_balance: '14.50',
      note: 'Order 1',
      type: 'debit',
    });
    expect(debit.credit_account).toMatchObject({
      available_balance: '14.50',
      initial_balance: '25.00',
      updated_at: '2025-01-16T12:00:00+00:00',
    });
    await s.control.adjustCreditAccount(account.id, { amount: 5, type: 'credit' });

    const refused = await s.control
      .adjustCreditAccount(account.id, { amount: '30', type: 'debit' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ControlError);
    expect((refused as ControlError).status).toBe(422);
    expect((refused as ControlError).body).toEqual({
      errors: { amount: ['A debit of 30.00 is more than the available balance, 19.50.'] },
    });

    const history = await s.api.get(`/credit_accounts/${account.id}/credit_adjustments`, {
      query: { sort_by: 'id-asc' },
    });
    expect(
      history.body.credit_adjustments.map((a: Json) => [a.type, a.amount, a.ending_balance, a.note]),
    ).toEqual([
      ['credit', '25.00', '25.00', 'Initial balance'],
      ['debit', '10.50', '14.50', 'Order 1'],
      ['credit', '5.00', '19.50', null],
    ]);
    const [first] = history.body.credit_adjustments;
    expect((await s.api.get(`/credit_adjustments/${first.id}`)).body.credit_adjustment).toEqual(first);
    expect((await s.api.get('/credit_adjustments/1')).status).toBe(404);
    expect((await s.api.get('/credit_accounts/1/credit_adjustments')).status).toBe(404);
  });

  it('refuses bad seeds: unknown customer or account, taken codes, bad amounts', async () => {
    const s = await retentionStore();
    const customer = await createCustomer(s.api);
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: unknown) => error as ControlError,
      );
    expect(
      (await failure(s.control.createCreditAccount({ customer_id: 1, initial_balance: '5' })))?.body,
    ).toEqual({ errors: { customer_id: ['No customer with id 1.'] } });
    await s.control.createCreditAccount({
      customer_id: customer.id,
      initial_balance: 0,
      redemption_code: 'GIFT',
    });
    expect(
      (
        await failure(
          s.control.createCreditAccount({
            customer_id: customer.id,
            initial_balance: 1,
            redemption_code: 'gift',
          }),
        )
      )?.body,
    ).toEqual({
      errors: { redemption_code: ['A credit account with this redemption_code already exists.'] },
    });
    const bad = await failure(
      s.control.createCreditAccount({
        customer_id: customer.id,
        initial_balance: '-1',
        type: 'bonus' as 'gift',
        expires_at: 'soon',
      }),
    );
    expect(Object.keys(bad?.body as object)).toEqual(['errors']);
    expect(Object.keys((bad?.body as Json).errors).sort()).toEqual(['expires_at', 'initial_balance', 'type']);
    expect((await failure(s.control.adjustCreditAccount(1, { amount: '1', type: 'credit' })))?.status).toBe(
      404,
    );
    const account = await s.control.createCreditAccount({ customer_id: customer.id, initial_balance: '1' });
    expect(
      (await failure(s.control.adjustCreditAccount(account.id, { amount: '0', type: 'credit' })))?.body,
    ).toEqual({ errors: { amount: ['Must be greater than 0.'] } });
  });

  it('lists accounts and adjustments by customer, ids and time, with cursors', async () => {
    const s = await retentionStore();
    const ada = await createCustomer(s.api);
    const bob = await createCustomer(s.api);
    const a1 = await s.control.createCreditAccount({ customer_id: ada.id, initial_balance: '10' });
    await s.control.advanceClock({ days: 1 });
    const b1 = await s.control.createCreditAccount({
      customer_id: bob.id,
      initial_balance: '20',
      type: 'gift',
    });
    const a2 = await s.control.createCreditAccount({ customer_id: ada.id, initial_balance: '30' });

    const ids = async (path: string, query: Record<string, string | number> = {}) =>
      (await s.api.get(path, { query })).body[path.slice(1)].map((row: Json) => row.id);
    expect(await ids('/credit_accounts')).toEqual([a2.id, b1.id, a1.id]);
    expect(await ids('/credit_accounts', { customer_id: ada.id })).toEqual([a2.id, a1.id]);
    expect(await ids('/credit_accounts', { ids: `${a1.id},${b1.id}` })).toEqual([b1.id, a1.id]);
    expect(await ids('/credit_accounts', { type: 'gift' })).toEqual([b1.id]);
    expect(await ids('/credit_accounts', { created_at_max: '2025-01-15T23:00:00Z' })).toEqual([a1.id]);
    expect((await s.api.get('/credit_accounts', { query: { customer_id: 'x' } })).status).toBe(422);

    const adjustments = (await s.api.get('/credit_adjustments', { query: { customer_id: ada.id } })).body
      .credit_adjustments;
    expect(adjustments.map((a: Json) => a.credit_account_id)).toEqual([a2.id, a1.id]);
    expect(await ids('/credit_adjustments', { created_at_min: '2025-01-16' })).toHaveLength(2);

    const page = await s.api.get('/credit_accounts', { query: { limit: 2 } });
    expect(page.body.credit_accounts).toHaveLength(2);
    const next = await s.api.get('/credit_accounts', { query: { cursor: page.body.next_cursor } });
    expect(next.body.credit_accounts.map((a: Json) => a.id)).toEqual([a1.id]);
  });

  it('sums unexpired balances in the store currency in the credit summary', async () => {
    const s = await retentionStore();
    const customer = await createCustomer(s.api);
    await s.control.createCreditAccount({ customer_id: customer.id, initial_balance: '10' });
    await s.control.createCreditAccount({
      customer_id: customer.id,
      initial_balance: '5.25',
      expires_at: '2025-02-01T00:00:00Z',
    });
    await s.control.createCreditAccount({
      customer_id: customer.id,
      initial_balance: '99',
      currency_code: 'EUR',
    });
    const summary = async () => (await s.api.get(`/customers/${customer.id}/credit_summary`)).body;
    expect(await summary()).toEqual({
      credit_summary: { customer_id: customer.id, currency_code: 'USD', total_available_balance: '15.25' },
    });
    await s.control.advanceClock({ to: '2025-02-01T00:00:00Z' });
    expect((await summary()).credit_summary.total_available_balance).toBe('10.00');
    expect((await s.api.get('/customers/1/credit_summary')).status).toBe(404);
  });
});
