/**
 * Where each field of the record tables comes from. The project's rule: the spec where it names a
 * field, a type or a rule; the real service's recorded answers (and the published clients written
 * against them) where the spec is silent; an emulator addition only where a documented feature of
 * the emulator needs one. docs/records.md names the source of every field with these ids.
 */
export interface Source {
  /** Short name shown beside each field. */
  readonly name: string;
  /** Where to read it: a document and section, or a public repository and its files. */
  readonly where: string;
}

export const SOURCES = {
  spec: {
    name: 'spec',
    where: 'The API contract, `spec/service-api.md`, "Resources and their fields" (its tables).',
  },
  facts: {
    name: 'facts',
    where:
      '`reference/api-facts.md`, "Records the spec does not show" (public documentation and recorded answers).',
  },
  clients: {
    name: 'clients',
    where:
      '`reference/api-facts.md`, "Facts from real clients and recorded responses" (a published client\'s ' +
      'models corrected against live answers).',
  },
  recorded: {
    name: 'recorded',
    where:
      '`reference/api-facts.md`, "Recorded real records, 2023-2025" (live answers recorded by integrators: ' +
      'list reads, single reads and a create).',
  },
  live: {
    name: 'live',
    where:
      '`reference/api-facts.md`, "Live evidence, wave 3" (integrations whose tests ran against a real store, ' +
      'a captured webhook, recorded live headers, and published clients in Node, Ruby and PHP used against ' +
      'the live service).',
  },
  rechargesharp: {
    name: 'RechargeSharp',
    where:
      'Recorded 2021-11 answers of a published .NET client: `mattgenious/RechargeSharp`, ' +
      '`RechargeSharp.v2021-11.Tests/TestResources/SampleResponses/` (`Subscriptions/get-subscription_200.json`, ' +
      '`Customers/get-customer-delivery-schedules_200_customer-has-a-schedule.json`) and ' +
      '`RechargeSharp.Entities.Tests/TestData/Product2.json` (a 2021-01 product).',
  },
  'recharge-api-node': {
    name: 'recharge-api-node',
    where:
      'Typed models of a published Node client: `ChemicalLuck/recharge-api-node`, `src/models/api/v1/` ' +
      '(`subscription.ts`, `order.ts`) and `src/models/api/v2/` (`discount.ts`, `order.ts`, `charge.ts`, ' +
      '`store.ts`).',
  },
  'tap-recharge': {
    name: 'tap-recharge',
    where:
      'JSON schemas of a published data connector, checked against a live account by its tests: ' +
      '`singer-io/tap-recharge`, `tap_recharge/schemas/` (`orders.json`, `shop.json`).',
  },
  'storefront-client': {
    name: 'storefront-client',
    where:
      "Typed models of the service's own published storefront client, `@rechargeapps/storefront-client` " +
      '(its type reference, storefront.getrecharge.com/client/docs/types: `BundleProduct`, `BundleVariant`, ' +
      '`PaymentDetails`).',
  },
  emulator: {
    name: 'emulator',
    where: 'An emulator addition that a documented feature needs (docs/api-behaviour.md says which).',
  },
} as const satisfies Record<string, Source>;

export type SourceId = keyof typeof SOURCES;
