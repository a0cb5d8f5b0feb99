/**
 * Who may use what (spec rules 5-7), read from the endpoint table itself: every gated endpoint is
 * refused to a store that lacks what its gate names, with the documented status and body, and
 * passes the gate on a store that has it. The list of gated endpoints is pinned to the spec's.
 */
import { describe, expect, it } from 'vitest';
import type { Endpoint, Gate } from '../../src/http/types.js';
import { endpoints } from '../../src/resources/index.js';
import { PLATFORMS } from '../../src/store/settings.js';
import { useEmulator } from '../helpers/emulator.js';

const { store } = useEmulator();

const label = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;
const gated = (pick: (gate: Gate) => unknown) =>
  endpoints.filter((endpoint) => endpoint.gate && pick(endpoint.gate) !== undefined);

/** Calls an endpoint in a version it serves, with `1` for every path parameter. */
async function call(api: Awaited<ReturnType<typeof store>>['api'], endpoint: Endpoint) {
  const path = endpoint.path.replace(/:\w+/g, '1');
  const version = endpoint.versions?.[0] ?? '2021-11';
  const body = endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {};
  return api.call(endpoint.method, path, body, { version });
}

describe('the gated endpoints are those of the spec', () => {
  it('Pro plan: process, capture and the bundle selection endpoints (rule 7)', () => {
    expect(gated((g) => g.plan).map(label)).toEqual([
      'GET /bundle_selections',
      'GET /bundle_selections/:id',
      'POST /bundle_selections',
      'PUT /bundle_selections/:id',
      'DELETE /bundle_selections/:id',
      'POST /charges/:id/process',
      'POST /charges/:id/capture_payment',
    ]);
  });

  it('retention product: the credit endpoints (rule 7)', () => {
    expect(gated((g) => g.retention).map(label)).toEqual([
      'GET /credit_accounts',
      'GET /credit_accounts/:id',
      'GET /credit_accounts/:id/credit_adjustments',
      'GET /credit_adjustments',
      'GET /credit_adjustments/:id',
      'GET /customers/:id/credit_summary',
    ]);
  });

  it('platforms: the checkout endpoints, on platform A and custom stores (rule 6)', () => {
    const checkouts = gated((g) => g.platforms);
    expect(checkouts.map(label)).toEqual([
      'POST /checkouts',
      'GET /checkouts/:token',
      'PUT /checkouts/:token',
      'GET /checkouts/:token/shipping_rates',
      'POST /checkouts/:token/charge',
    ]);
    for (const endpoint of checkouts) expect(endpoint.gate?.platforms).toEqual(['platform_a', 'custom']);
  });

  it('USA only: address validation (rule 5)', () => {
    expect(gated((g) => g.countries).map(label)).toEqual(['POST /addresses/validate']);
  });
});

describe('gates refuse and admit by store settings', () => {
  it('refuses Pro-plan endpoints on the standard plan with 403 and admits them on pro', async () => {
    const standard = await store({ settings: { plan: 'standard' } });
    const pro = await store({ settings: { plan: 'pro' } });
    for (const endpoint of gated((g) => g.plan)) {
      const refused = await call(standard.api, endpoint);
      expect(refused.status, label(endpoint)).toBe(403);
      expect(refused.body).toEqual({
        error: "This operation is available on the Pro plan only; the store's plan does not include it.",
      });
      const admitted = await call(pro.api, endpoint);
      expect([403, 406], label(endpoint)).not.toContain(admitted.status);
    }
  });

  it('refuses retention endpoints without retention_enabled (403) and admits them with it', async () => {
    const without = await store();
    const withIt = await store({ settings: { retention_enabled: true } });
    for (const endpoint of gated((g) => g.retention)) {
      expect((await call(without.api, endpoint)).status, label(endpoint)).toBe(403);
      expect([403, 406], label(endpoint)).not.toContain((await call(withIt.api, endpoint)).status);
    }
  });

  it('refuses platform-gated endpoints on other platforms with 406 and admits them on theirs', async () => {
    for (const platform of PLATFORMS) {
      const s = await store({ settings: { platform } });
      for (const endpoint of gated((g) => g.platforms)) {
        const reply = await call(s.api, endpoint);
        if (endpoint.gate?.platforms?.includes(platform)) {
          expect(reply.status, `${platform} ${label(endpoint)}`).not.toBe(406);
        } else {
          expect(reply.status, `${platform} ${label(endpoint)}`).toBe(406);
          expect(reply.body.error).toContain(`store's platform (${platform})`);
        }
      }
    }
  });

  it('checks the scope before the gate: a token without the scope gets 403 naming it', async () => {
    const standard = await store({ settings: { plan: 'standard' } });
    const reader = await standard.control.createToken({ name: 'reader', scopes: ['read_orders'] });
    const reply = await standard.api.post('/charges/1/process', {}, { token: reader.token });
    expect(reply.status).toBe(403);
    expect(reply.body.error).toContain('write_orders');
  });
});

describe('USA-only address validation', () => {
  it('refuses addresses outside the United States, by name or code, with 422', async () => {
    const { api } = await store({ version: '2021-01' });
    const place = { address1: '1 Rue de Rivoli', city: 'Paris', state: 'IDF', zipcode: '75001' };
    const byName = await api.post('/addresses/validate', { ...place, country: 'France' });
    expect(byName.status).toBe(422);
    expect(byName.body).toEqual({
      errors: { country: ['Address validation is only available for the United States.'] },
    });
    const byCode = await api.post('/addresses/validate', { ...place, country_code: 'CA' });
    expect(byCode.body).toEqual({
      errors: { country_code: ['Address validation is only available for the United States.'] },
    });
    const us = await api.post('/addresses/validate', {
      address1: '350 Fifth Avenue',
      city: 'New York',
      state: 'NY',
      zipcode: '10118',
      country_code: 'US',
    });
    expect(us.status).toBe(200);
    expect(us.body.errors).toEqual({});
  });
});
