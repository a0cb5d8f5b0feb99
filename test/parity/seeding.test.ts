/**
 * A recording that reads records it never creates (a customer and address made before it started)
 * replays: they are seeded into the replay's store from their recorded answers, with their ids,
 * and the flow that uses them answers as recorded.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startRecorder } from '../../src/parity/recorder.js';
import { verifyRecording } from '../../src/parity/verify.js';
import { START } from '../helpers/emulator.js';
import { inProcess, realClient, scratchDir, useRealService } from '../helpers/parity.js';

const service = useRealService();

describe.each(['2021-01', '2021-11'] as const)(
  'a recording in %s reading records made before it',
  (version) => {
    it('seeds them with their ids and replays with no difference', async () => {
      const legacy = version === '2021-01';
      const store = await service().control.createStore({
        settings: { default_api_version: version, platform_word: 'shopify' },
        clock: { now: START },
      });
      // Made before the recording, straight against the service.
      const direct = realClient(service().url, store.token, '2021-11');
      const customer = await direct('POST', '/customers', {
        email: 'old@shop.example',
        first_name: 'Old',
        last_name: 'Timer',
      });
      const customerId = (customer.body.customer as { id: number }).id;
      const address = await direct('POST', '/addresses', {
        customer_id: customerId,
        address1: '1 Main St',
        city: 'Boston',
        country_code: 'US',
        first_name: 'Old',
        last_name: 'Timer',
        phone: '+16175550100',
        province: 'MA',
        zip: '02101',
      });
      const addressId = (address.body.address as { id: number }).id;
      await service().control.forStore(store.token).advanceClock({ days: 2 });

      const out = join(scratchDir(), 'reads.har');
      const recorder = await startRecorder({
        upstream: service().url,
        port: 0,
        out,
        headerPrefix: 'Recharge',
      });
      const call = realClient(recorder.url, store.token, version);
      expect((await call('GET', `/customers/${customerId}`)).status).toBe(200);
      expect((await call('GET', '/addresses', undefined, { customer_id: String(customerId) })).status).toBe(
        200,
      );
      const subscription = await call('POST', '/subscriptions', {
        address_id: addressId,
        next_charge_scheduled_at: '2025-02-01',
        charge_interval_frequency: 1,
        order_interval_frequency: 1,
        order_interval_unit: 'month',
        quantity: 1,
        product_title: 'Tea',
        price: '9.00',
        ...(legacy ? { shopify_variant_id: 8002 } : { external_variant_id: { ecommerce: '8002' } }),
      });
      expect(subscription.status).toBe(legacy ? 200 : 201);
      expect((await call('GET', `/customers/${customerId}`)).status).toBe(200);
      await recorder.close();

      const report = await verifyRecording(readFileSync(out, 'utf8'), inProcess);
      expect(report.store.seeded).toEqual({ customers: 1, addresses: 1 });
      expect(report.differences).toEqual([]);
      expect(report.compared).toBe(4);
    });
  },
);
