/**
 * Business rules of open checkouts: line items from the catalog, addresses checked in full or,
 * with `partial_shipping`, country and zip only, a currency among the store's presentment
 * currencies, a chosen shipping rate among those offered, and the pricing redone on every write.
 * A completed checkout no longer changes. Charging lives in `billing/checkout-completion.ts`.
 */
import { runCommand } from '../command.js';
import { offeredRates, priceCheckout } from './checkout-pricing.js';
import { fail, type FieldMessages } from '../failures.js';
import { REQUIRED_FIELD, RULE } from '../messages.js';
import { recordEvent } from '../events/event-log.js';
import type { Store } from '../../store/store.js';
import { placeErrors } from '../addresses/address-rules.js';
import { COUNTRIES } from '../addresses/countries.js';
import { changedFields } from '../changed-fields.js';
import type { ServiceContext } from '../service-context.js';
import type { AnalyticsData, PostalAddress } from '../../model/shared.js';
import type { Checkout, CheckoutShipping } from '../../model/checkout.js';
import { inputOf, resolveLines } from './checkout-lines.js';
import type { CheckoutPatch, RateChoice } from './checkout-inputs.js';

export function findCheckout(store: Store, token: string): Checkout {
  const checkout = store.collections.checkouts.findOne('token', token);
  if (!checkout) throw fail.notFound();
  return checkout;
}

/** How much of a shipping address is checked: all of it, or (`partial_shipping`) country and zip. */
export type AddressCheck = 'complete' | 'partial';

const REQUIRED_PARTS = ['first_name', 'last_name', 'address1', 'city'] as const;

/**
 * What is wrong with a shipping address. A country the store does not ship to is not a problem
 * here: `shipping_address_validations.country_is_supported` says so, and charging refuses it.
 */
export function shippingAddressProblems(
  store: Store,
  address: PostalAddress,
  check: AddressCheck,
): FieldMessages {
  const problems: FieldMessages = {};
  const code = address.country_code ?? '';
  const country = COUNTRIES.get(code);
  const zip = address.zip?.trim() ?? '';
  if (check === 'partial') {
    if (country && country.zip !== 'none' && !zip) problems.zip = [REQUIRED_FIELD];
    else if (country?.zip instanceof RegExp && !country.zip.test(zip))
      problems.zip = [`Not a valid zip code for ${code}.`];
    return problems;
  }
  for (const part of REQUIRED_PARTS) if (!address[part]?.trim()) problems[part] = [REQUIRED_FIELD];
  if (store.settings.shipping_countries.includes(code)) {
    const place = placeErrors(
      store,
      { country_code: code, province: address.province, zip: address.zip },
      'country_code',
    );
    Object.assign(problems, place);
  }
  return problems;
}

function checkedShipping(store: Store, address: PostalAddress, check: AddressCheck): PostalAddress {
  const problems = shippingAddressProblems(store, address, check);
  if (Object.keys(problems).length) throw fail.fields({ shipping_address: problems });
  return address;
}

/** The rate a request chooses, among those the checkout is offered. */
function chosenRate(
  store: Store,
  draft: Pick<Checkout, 'line_items' | 'shipping_address' | 'currency'>,
  choice: RateChoice,
): CheckoutShipping {
  const offered = offeredRates(store, draft);
  if (!offered.length) throw fail.field('shipping_line', RULE.checkout.noRates);
  const rate = offered.find((candidate) =>
    choice.handle !== undefined ? candidate.handle === choice.handle : candidate.code === choice.code,
  );
  if (!rate) throw fail.field('shipping_line', RULE.checkout.unknownRate(choice.handle ?? choice.code ?? ''));
  return { code: rate.code, handle: rate.handle, title: rate.title, price: rate.price };
}

/** `value` when the request sends it (null clears), else what the checkout had, else `fallback`. */
function pick<T>(value: T | undefined, before: T | undefined, fallback: T): T {
  if (value !== undefined) return value;
  return before !== undefined ? before : fallback;
}

type Composed = Omit<
  Checkout,
  | 'id'
  | 'token'
  | 'payment_processor'
  | 'payment_processor_customer_id'
  | 'payment_processor_transaction_id'
  | 'payment_attempts'
  | 'customer_id'
  | 'charge_id'
  | 'completed_at'
  | 'created_at'
  | 'updated_at'
>;

/** The checkout a request makes of `before` (null: a new one), checked and priced. */
function compose(store: Store, before: Checkout | null, patch: CheckoutPatch): Composed {
  const currency = pick(patch.currency, before?.currency, store.settings.currency);
  if (patch.currency !== undefined && !store.settings.enabled_presentment_currencies.includes(currency))
    throw fail.field('currency', RULE.checkout.currency(currency));
  const reprice = before !== null && currency !== before.currency;
  const line_items = patch.line_items
    ? resolveLines(store, patch.line_items, currency)
    : reprice
      ? resolveLines(store, before.line_items.map(inputOf), currency)
      : (before?.line_items ?? []);
  const check: AddressCheck = patch.partial_shipping ? 'partial' : 'complete';
  const shipping_address =
    patch.shipping_address === undefined
      ? (before?.shipping_address ?? null)
      : patch.shipping_address && checkedShipping(store, patch.shipping_address, check);
  const draft = { line_items, shipping_address, currency };
  let shipping = before?.shipping ?? null;
  if (patch.shipping_line !== undefined)
    shipping = patch.shipping_line && chosenRate(store, draft, patch.shipping_line);
  const discount_code =
    patch.discount_code === undefined ? (before?.discount_code ?? null) : patch.discount_code || null;
  const email = pick(patch.email, before?.email, null);
  const priced = priceCheckout(store, { ...draft, discount_code, email, shipping });
  return {
    line_items,
    currency,
    shipping_address,
    discount_code,
    email,
    analytics_data: pick<AnalyticsData>(patch.analytics_data, before?.analytics_data, { utm_params: [] }),
    billing_address: pick(patch.billing_address, before?.billing_address, null),
    buyer_accepts_marketing: pick(patch.buyer_accepts_marketing, before?.buyer_accepts_marketing, false),
    phone: pick(patch.phone, before?.phone, null),
    external_checkout_id: pick(patch.external_checkout_id, before?.external_checkout_id, null),
    external_checkout_source: pick(patch.external_checkout_source, before?.external_checkout_source, null),
    external_customer_id: pick(patch.external_checkout_customer_id, before?.external_customer_id, null),
    note: pick(patch.note, before?.note, null),
    note_attributes: pick(patch.note_attributes, before?.note_attributes, []),
    ...priced.fields,
  };
}

function checkoutEvent(
  ctx: ServiceContext,
  checkout: Checkout,
  verb: string,
  updated?: Record<string, unknown> | null,
): void {
  recordEvent(ctx.store, ctx.actor, {
    object_type: 'checkout',
    verb,
    object_id: checkout.token,
    customer_id: checkout.customer_id,
    updated_attributes: updated ?? null,
  });
}

/**
 * Opens a checkout. `announce` false keeps it out of the event log: platform B's checkout (control
 * API) uses a checkout record to price and charge a purchase the service never sees as one.
 */
export function createCheckout(ctx: ServiceContext, input: CheckoutPatch, announce = true): Checkout {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const composed = compose(store, null, { ...input, partial_shipping: false });
    const now = store.now();
    const checkout = store.collections.checkouts.insert({
      ...composed,
      id: store.nextId('checkouts'),
      token: store.random.hex(32),
      payment_processor: null,
      payment_processor_customer_id: null,
      payment_processor_transaction_id: null,
      payment_attempts: 0,
      customer_id: null,
      charge_id: null,
      completed_at: null,
      created_at: now,
      updated_at: now,
    });
    if (announce) checkoutEvent(ctx, checkout, 'created');
    return checkout;
  });
}

export function updateCheckout(ctx: ServiceContext, token: string, patch: CheckoutPatch): Checkout {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const before = findCheckout(store, token);
    if (before.completed_at !== null) throw fail.request(RULE.checkout.completed);
    const after = store.collections.checkouts.update(before.id, {
      ...compose(store, before, patch),
      updated_at: store.now(),
    });
    checkoutEvent(ctx, after, 'updated', changedFields(before, after));
    return after;
  });
}

/** Fires the events of a checkout that was just charged: `processed`, and the older `completed`. */
export function announceCompleted(ctx: ServiceContext, checkout: Checkout): void {
  return runCommand(ctx, () => {
    checkoutEvent(ctx, checkout, 'processed');
    // Spec, Topics: checkout/completed still exists (to be deprecated); receivers of either get it.
    checkoutEvent(ctx, checkout, 'completed');
  });
}
