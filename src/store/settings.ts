/**
 * A store's settings: what kind of merchant it emulates. Parsed at the edge (control API, CLI);
 * every field has a default so `{}` is a valid settings object.
 */
import * as z from 'zod';
import { API_VERSIONS, DEFAULT_API_VERSION } from '../model/versions.js';
import { platformWordSchema, valueNamesSchema } from './dialect-settings.js';
import { dictionary, own } from '../platform/dictionary.js';

export const PLATFORMS = ['platform_a', 'platform_b_hosted', 'platform_b_native', 'custom'] as const;
export const PLANS = ['standard', 'pro'] as const;

/** Countries a new store ships to unless told otherwise. */
export const DEFAULT_SHIPPING_COUNTRIES = [
  'US',
  'CA',
  'GB',
  'IE',
  'AU',
  'NZ',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'BE',
  'AT',
  'CH',
  'SE',
  'DK',
  'NO',
  'FI',
  'PT',
  'PL',
  'MX',
  'BR',
  'JP',
  'HK',
  'SG',
  'AE',
  'IN',
] as const;

/** The service's rate limit (api-facts): 40 calls deep, 2 a second; not enforced unless switched on. */
export const DEFAULT_RATE_LIMIT = { enabled: false, size: 40, leak_per_second: 2 } as const;

const currency = z.string().regex(/^[A-Z]{3}$/, 'Must be a 3-letter ISO 4217 currency code.');
const country = z.string().regex(/^[A-Z]{2}$/, 'Must be a 2-letter ISO 3166 country code.');

const decimalAmount = z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'Must be a decimal amount.');

const checkoutShippingRate = z
  .object({
    code: z.string().min(1),
    title: z.string().min(1),
    price: decimalAmount,
    description: z.string().nullable().optional(),
    delivery_range: z.string().nullable().optional(),
    phone_required: z.boolean().optional(),
  })
  .strict();

export type CheckoutShippingRateSetting = z.output<typeof checkoutShippingRate>;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const storeSettingsSchema = z
  .object({
    default_api_version: z.enum(API_VERSIONS).default(DEFAULT_API_VERSION),
    currency: currency.default('USD'),
    /** Currencies a contract may be in; always holds `currency`. */
    enabled_presentment_currencies: z.array(currency).optional(),
    platform: z.enum(PLATFORMS).default('platform_a'),
    plan: z.enum(PLANS).default('pro'),
    retention_enabled: z.boolean().default(false),
    timezone: z.string().refine(isTimeZone, 'Must be an IANA time zone name.').default('UTC'),
    shipping_countries: z.array(country).min(1).optional(),
    /** The store's contact address (GET /store `email`, token information `contact_email`). */
    email: z.email().optional(),
    /** The store's phone number (GET /store `phone`, a string: api-facts). */
    phone: z.string().max(64).default(''),
    /** Rate of addresses without `shipping_lines_override`. */
    shipping_rate: z
      .object({
        code: z.string().min(1),
        title: z.string().min(1),
        price: z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'Must be a decimal amount.'),
      })
      .strict()
      .default({ code: 'standard', title: 'Standard Shipping', price: '0.00' }),
    /** Rates a checkout offers (`GET /checkouts/{token}/shipping_rates`); absent: `shipping_rate` alone. */
    shipping_rates: z.array(checkoutShippingRate).min(1).max(50).nullable().optional(),
    /** Store-level tax rate, e.g. 0.08 for 8%. */
    tax_rate: z.number().min(0).max(1).default(0),
    /** Whether prices include taxes. */
    taxes_included: z.boolean().default(false),
    /**
     * Milliseconds a write to an address (or its subscriptions, one-times and charges) holds the
     * address; a second write arriving meanwhile gets 409. 0 keeps only truly overlapping requests.
     */
    write_latency_ms: z.number().int().min(0).max(10_000).default(0),
    /** Days before a queued charge that `charge/upcoming` fires. */
    upcoming_charge_days: z.number().int().min(0).max(30).default(3),
    /** Days before a queued prepaid order that `order/upcoming` fires. */
    upcoming_order_days: z.number().int().min(0).max(30).default(3),
    /** How webhooks are delivered. */
    webhooks: z
      .object({
        /** `deliver` POSTs to receivers; `outbox` only records what would be sent. */
        mode: z.enum(['deliver', 'outbox']).default('deliver'),
        /** Hold deliveries (queued) until resumed. */
        paused: z.boolean().default(false),
        /** Send every delivery twice (spec: receivers must detect duplicates). */
        duplicates: z.boolean().default(false),
        /** A receiver that does not answer within this many ms has failed the try (spec: 5 s). */
        timeout_ms: z.number().int().min(1).max(60_000).default(5000),
        /**
         * Deliver to link-local and cloud metadata addresses (169.254.169.254, fd00:ec2::254,
         * metadata.google.internal ...); refused by default (src/platform/outbound.ts).
         */
        allow_metadata_addresses: z.boolean().default(false),
      })
      .strict()
      .default({
        mode: 'deliver',
        paused: false,
        duplicates: false,
        timeout_ms: 5000,
        allow_metadata_addresses: false,
      }),
    /** Retries of a failed charge (api-facts, Dunning). */
    dunning: z
      .object({
        /** Days from each failed try to the next; the tries are one more than this list. */
        retry_days: z.array(z.number().int().min(1).max(60)).min(0).max(30),
        /** What happens after the last failed try. */
        on_max_retries: z.enum(['cancel_subscriptions', 'cancel_subscriptions_and_charges', 'none']),
      })
      .strict()
      .default({ retry_days: [1, 6, 6, 6, 6, 6, 6], on_max_retries: 'cancel_subscriptions' }),
    /**
     * The service's rate limit (api-facts): a leaky bucket per token, `size` calls deep, draining
     * `leak_per_second` calls a second of real time. Off by default: CI suites would trip over it.
     */
    rate_limit: z
      .object({
        enabled: z.boolean().default(false),
        size: z.number().int().min(1).max(100_000).default(DEFAULT_RATE_LIMIT.size),
        leak_per_second: z.number().positive().max(100_000).default(DEFAULT_RATE_LIMIT.leak_per_second),
      })
      .strict()
      .default(DEFAULT_RATE_LIMIT),
    /** Requests the journal keeps (`GET /_emulator/requests`); 0 records none. */
    journal_size: z.number().int().min(0).max(100_000).default(1000),
    /**
     * The most jobs one clock advance runs before it stops short (422). A year of 1,000 monthly
     * subscriptions is ~24,000 jobs; each job leaves a few KB of history (charges, orders, events),
     * so this bounds what one advance adds to memory (docs/decisions/0041).
     */
    max_jobs_per_advance: z.number().int().min(1).max(10_000_000).default(100_000),
    /**
     * The most wall-clock milliseconds one clock advance runs jobs before it stops short (422);
     * the first job always runs, so 0 runs one job per advance.
     */
    max_advance_ms: z.number().int().min(0).max(600_000).default(10_000),
    /**
     * The word the real service uses where the spec writes `platform` (`shopify` for
     * `shopify_product_id`): read and written on the wire (docs/decisions/0017).
     */
    platform_word: platformWordSchema.default('platform'),
    /** The store's names for neutral values (`{"platform_a": "shopify"}`), on the wire both ways. */
    value_names: valueNamesSchema.default({}),
  })
  .strict();

export type StoreSettingsInput = z.input<typeof storeSettingsSchema>;

/**
 * Settings every store created while the emulator runs starts from, under what its own settings say:
 * the wire dialect and API version the emulator was started with (`--platform-word`,
 * `--value-names`, `--api-version`), so a user who starts with the real names never meets the
 * neutral ones (decision 0037).
 */
export type SettingsDefaults = Readonly<
  Pick<StoreSettingsInput, 'default_api_version' | 'platform_word' | 'value_names'>
>;

/**
 * A new store's settings in the schema's input form: `requested` over `defaults`, field by field
 * (a store that names its own `value_names` gets those alone). Parse the result like any settings.
 *
 * @example
 * withSettingsDefaults({ platform_word: 'shopify' }, { plan: 'standard' }); // { platform_word: 'shopify', plan: 'standard' }
 */
export function withSettingsDefaults(
  defaults: SettingsDefaults,
  requested: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  // Keys are the client's: `__proto__` or `constructor` are settings names like any other.
  const given = Object.entries(requested).filter(([, value]) => value !== undefined);
  return dictionary<unknown>([...Object.entries(defaults), ...given]);
}

/** `{settings: ...}`: scenario settings are checked in this envelope, so errors name `settings.<field>`. */
export const settingsEnvelope = z.object({ settings: storeSettingsSchema });

export interface StoreSettings {
  default_api_version: (typeof API_VERSIONS)[number];
  currency: string;
  enabled_presentment_currencies: string[];
  platform: (typeof PLATFORMS)[number];
  plan: (typeof PLANS)[number];
  retention_enabled: boolean;
  timezone: string;
  shipping_countries: string[];
  email: string | null;
  phone: string;
  shipping_rate: { code: string; title: string; price: string };
  /** `null`: checkouts offer `shipping_rate` alone. */
  shipping_rates: CheckoutShippingRateSetting[] | null;
  tax_rate: number;
  taxes_included: boolean;
  write_latency_ms: number;
  upcoming_charge_days: number;
  upcoming_order_days: number;
  webhooks: {
    mode: 'deliver' | 'outbox';
    paused: boolean;
    duplicates: boolean;
    timeout_ms: number;
    allow_metadata_addresses: boolean;
  };
  dunning: {
    retry_days: number[];
    on_max_retries: 'cancel_subscriptions' | 'cancel_subscriptions_and_charges' | 'none';
  };
  rate_limit: { enabled: boolean; size: number; leak_per_second: number };
  journal_size: number;
  max_jobs_per_advance: number;
  max_advance_ms: number;
  platform_word: string;
  value_names: Record<string, string>;
}

/** Completes parsed settings with the defaults that depend on other fields. */
export function completeSettings(parsed: z.output<typeof storeSettingsSchema>): StoreSettings {
  const presentment = new Set([parsed.currency, ...(parsed.enabled_presentment_currencies ?? [])]);
  return {
    default_api_version: parsed.default_api_version,
    currency: parsed.currency,
    enabled_presentment_currencies: [...presentment],
    platform: parsed.platform,
    plan: parsed.plan,
    retention_enabled: parsed.retention_enabled,
    timezone: parsed.timezone,
    shipping_countries: [...(parsed.shipping_countries ?? DEFAULT_SHIPPING_COUNTRIES)],
    email: parsed.email ?? null,
    phone: parsed.phone,
    shipping_rate: parsed.shipping_rate,
    shipping_rates: parsed.shipping_rates ?? null,
    tax_rate: parsed.tax_rate,
    taxes_included: parsed.taxes_included,
    write_latency_ms: parsed.write_latency_ms,
    upcoming_charge_days: parsed.upcoming_charge_days,
    upcoming_order_days: parsed.upcoming_order_days,
    dunning: parsed.dunning,
    webhooks: parsed.webhooks,
    rate_limit: parsed.rate_limit,
    journal_size: parsed.journal_size,
    max_jobs_per_advance: parsed.max_jobs_per_advance,
    max_advance_ms: parsed.max_advance_ms,
    platform_word: parsed.platform_word,
    value_names: parsed.value_names,
  };
}

/** Settings as the schema takes them (to merge a partial change into and parse again). */
export function settingsInput(settings: StoreSettings): StoreSettingsInput {
  const { email, ...rest } = settings;
  return { ...rest, ...(email ? { email } : {}) };
}

/**
 * Applies a partial change to settings, in the schema's input form: nested objects (`webhooks`,
 * `dunning`, ...) merge one level deep. Parse the result like new settings.
 */
export function mergedSettings(
  current: StoreSettings,
  change: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  // Keys are the client's: `__proto__` or `constructor` are settings names like any other.
  const merged = dictionary<unknown>(Object.entries(settingsInput(current)));
  for (const [key, value] of Object.entries(change)) {
    const before = own(merged, key);
    const nested = typeof value === 'object' && value !== null && !Array.isArray(value);
    merged[key] =
      nested && typeof before === 'object' && before !== null && !Array.isArray(before)
        ? { ...before, ...value }
        : value;
  }
  return merged;
}
