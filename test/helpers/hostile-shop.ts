/**
 * The store the no-500 and fuzz runs send hostile requests to: a record behind every path of the
 * API, and the id of one record per path segment so requests reach the handlers, not only the 404s.
 * (Kept apart from hostile.ts, which the validation mock imports before the endpoints load.)
 */
import type { ControlClient } from '../../src/index.js';
import { endpoints } from '../../src/resources/index.js';
import { Api, type Json } from './api.js';
import { createProduct } from './catalog.js';

export interface HostileShop {
  readonly token: string;
  readonly api: Api;
  /**
   * The first record's id by path segment (`customers` → `'12'`), plus `token` (an open checkout's)
   * and `external_product_id`; a segment with no record is absent.
   */
  readonly ids: ReadonlyMap<string, string>;
}

/**
 * A small-shop store with the retention product on, a product, an open checkout, a webhook, an
 * async batch and a collection.
 *
 * @example
 * const { api, ids } = await hostileShop(emulator().control, emulator().url);
 */
export async function hostileShop(control: ControlClient, baseUrl: string): Promise<HostileShop> {
  const created = await control.createStore({
    scenario: 'small-shop',
    settings: { retention_enabled: true, default_api_version: '2021-11' },
  });
  const api = new Api(baseUrl, created.token, '2021-11');
  const product = await createProduct(api);
  const checkout = await api.post('/checkouts', {
    line_items: [{ variant_id: product.variants[0].external_variant_id, quantity: 1 }],
  });
  await api.post('/webhooks', { address: 'http://127.0.0.1:9/hook', topic: 'customer/created' });
  await api.post('/async_batches', { batch_type: 'discount_create' });
  await api.post('/collections', { title: 'Hostile' });

  const ids = new Map<string, string>([['token', checkout.body.checkout.token]]);
  for (const segment of new Set(endpoints.map((e) => e.path.split('/')[1] ?? ''))) {
    const query: Record<string, string> =
      segment === 'metafields' ? { owner_resource: 'customer', limit: '1' } : { limit: '1' };
    const body = (await api.get(`/${segment}`, { query })).body ?? {};
    const row: Json = (Object.values(body).find(Array.isArray) as Json[] | undefined)?.[0] ?? {};
    if (row.id !== undefined) ids.set(segment, String(row.id));
    if (segment === 'products' && row.external_product_id)
      ids.set('external_product_id', String(row.external_product_id));
  }
  return { token: created.token, api, ids };
}
