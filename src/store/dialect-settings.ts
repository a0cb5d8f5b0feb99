/**
 * The settings of a store's wire dialect (docs/decisions/0017): the word the real service uses where
 * the spec writes `platform` (`platform_word`), and the store's names for the neutral values the
 * spec uses for processors, wallets, checkout sources and platforms (`value_names`). The HTTP edge
 * applies them (src/http/dialect.ts); services only ever see the neutral names.
 */
import * as z from 'zod';

/** The spec's neutral word; a store with it (and no value names) speaks the spec's names. */
export const NEUTRAL_WORD = 'platform';

/** The spec's neutral word for the service itself (its header prefix is `Service`). */
export const NEUTRAL_BRAND = 'service';

/**
 * The service's own word in field names (`recharge_product_id`): the header prefix in lowercase,
 * since the real prefix is the service's brand (api-facts: recorded real records).
 *
 * @example brandOf('Recharge'); // 'recharge'
 */
export function brandOf(headerPrefix: string): string {
  return headerPrefix.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

/**
 * Words that would turn a neutral name into a field the API already has (`external_product_id`,
 * `bundle_variant_id`, `checkout_customer_id`, `processor_customer_id`, ...).
 */
const RESERVED_WORDS = ['external', 'bundle', 'checkout', 'processor', 'recipient', 'sender', 'payment'];

export const platformWordSchema = z
  .string()
  .regex(/^[a-z][a-z0-9]{0,31}$/, 'Must be a lowercase word of letters and digits (e.g. shopify).')
  .refine((word) => !RESERVED_WORDS.includes(word), 'Names a field the API already has.');

/**
 * Neutral values a store may rename (`value_names` keys), as the wire shows them: processors,
 * wallets and payment types (2021-11 and the 2021-01 payment sources' lowercase), checkout sources,
 * the store's platform values and the values that carry the platform word.
 */
export const RENAMEABLE_VALUES: ReadonlySet<string> = new Set([
  'stripe',
  'braintree',
  'authorize',
  'mollie',
  'adyen',
  'platform_payments',
  'CREDIT_CARD',
  'DEBIT',
  'PAYPAL',
  'APPLE_PAY',
  'GOOGLE_PAY',
  'SEPA_DEBIT',
  'credit',
  'debit',
  'paypal',
  'apple_pay',
  'google_pay',
  'sepa_debit',
  'headless',
  'platform_a',
  'platform_b',
  'platform_b_hosted',
  'service_hosted',
  'custom',
  'platform_product',
  'platform_collection_id',
  'platform_update_payment_information',
]);

const valueName = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'Must be a name of letters, digits, _ and -.');

export const valueNamesSchema = z.record(z.string(), valueName).superRefine((names, context) => {
  const seen = new Map<string, string>();
  for (const [neutral, name] of Object.entries(names)) {
    if (!RENAMEABLE_VALUES.has(neutral))
      context.addIssue({ code: 'custom', path: [neutral], message: 'Is not a value the store can rename.' });
    else if (name !== neutral && RENAMEABLE_VALUES.has(name) && names[name] === undefined)
      context.addIssue({ code: 'custom', path: [neutral], message: `Is already the name of ${name}.` });
    else if (seen.has(name))
      context.addIssue({
        code: 'custom',
        path: [neutral],
        message: `Is also the name of ${seen.get(name)}.`,
      });
    seen.set(name, neutral);
  }
});

/**
 * Parses `neutral=name` pairs (the CLI's `--value-names`) into `value_names`.
 *
 * @example
 * parseValueNames('platform_a=shopify,platform_payments=shopify_payments'); // { platform_a: 'shopify', platform_payments: 'shopify_payments' }
 */
export function parseValueNames(text: string): Record<string, string> {
  const names: Record<string, string> = {};
  for (const pair of text.split(',')) {
    if (pair.trim() === '') continue;
    const [neutral, name, ...rest] = pair.split('=').map((part) => part.trim());
    if (!neutral || !name || rest.length > 0)
      throw new Error(`Invalid value name "${pair}": expected neutral=name, e.g. platform_a=shopify`);
    names[neutral] = name;
  }
  return names;
}
