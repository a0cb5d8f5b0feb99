/**
 * Charging a checkout (spec: POST /checkouts/{token}/charge). Everything is checked before the
 * processor is asked, so a refusal changes nothing. The payment token decides the outcome with
 * the test tokens of recurring charges; a decline answers 422 and leaves the checkout open. A
 * success makes what the purchase stands for, through the same services as the API: the customer
 * (found by email, else created), their card, the address, one subscription per subscription line
 * with its first recurring charge queued, and a `checkout` charge paid like any other, with its
 * order (`order/created`, not `order/processed`; no `charge/paid`: spec, "not at checkout").
 */
import { runCommand } from '../command.js';
import { fail } from '../failures.js';
import { RULE } from '../messages.js';
import { recordEvent } from '../events/event-log.js';
import type { Address } from '../../model/address.js';
import { createAddress } from '../addresses/addresses.service.js';
import type { Charge } from '../../model/charge.js';
import type { Checkout, CheckoutLine } from '../../model/checkout.js';
import type { ChargeInput } from './checkout-inputs.js';
import { announceCompleted, findCheckout, shippingAddressProblems } from './checkouts.service.js';
import type { Customer } from '../../model/customer.js';
import { createCustomer } from '../customers/customers.service.js';
import type { PaymentMethod } from '../../model/payment-method.js';
import { createPaymentMethod } from '../payment-methods/payment-methods.service.js';
import type { ServiceContext } from '../service-context.js';
import type { PostalAddress } from '../../model/shared.js';
import { createSubscription } from '../subscriptions/subscriptions.service.js';
import type { Store } from '../../store/store.js';
import { addressCurrency, buildChargeContent, type ChargeDiscount } from '../charges/charge-builder.js';
import { markPaid } from '../charges/charge-processing.js';
import {
  checkoutItems,
  countrySupported,
  offeredRates,
  priceCheckout,
  shippingChoice,
  type PricedCheckout,
} from './checkout-pricing.js';
import { firstPinnedDate } from '../dates.js';
import { toMinor } from '../money.js';
import { payWithToken, type PaymentOutcome } from '../charges/processor.js';
import { newChargeFields } from '../charges/queued-charges.js';

/** Spec: Checkout charge record. */
export interface CheckoutCharge {
  readonly authorization_token: string | null;
  readonly charge_id: number;
  readonly free: boolean;
  readonly payment_processor: string;
  readonly payment_processor_customer_id: string | null;
  readonly payment_processor_transaction_id: string;
  readonly payment_token: string;
  readonly payment_type: string;
  readonly status: 'successful';
}

/** Everything a charge needs that the checkout must already hold; 422 naming what is missing. */
function checkChargeable(
  store: Store,
  checkout: Checkout,
  countryKey: 'country' | 'country_code',
): PostalAddress {
  if (checkout.completed_at !== null) throw fail.request(RULE.checkout.completed);
  const missing: Record<string, string[]> = {};
  if (!checkout.email) missing.email = [RULE.checkout.requiredToCharge];
  if (!checkout.line_items.length) missing.line_items = [RULE.checkout.requiredToCharge];
  if (!checkout.shipping_address) missing.shipping_address = [RULE.checkout.requiredToCharge];
  if (Object.keys(missing).length || !checkout.shipping_address) throw fail.fields(missing);
  const address = checkout.shipping_address;
  // Spec: with partial_shipping only country and zip were checked; the full address is needed now.
  const problems = shippingAddressProblems(store, address, 'complete');
  if (!countrySupported(store, address.country_code))
    problems[countryKey] = [RULE.checkout.notShipped(address.country_code ?? '')];
  if (Object.keys(problems).length) throw fail.fields({ shipping_address: problems });
  if (!store.settings.enabled_presentment_currencies.includes(checkout.currency))
    throw fail.field('currency', RULE.checkout.currency(checkout.currency));
  return address;
}

function sameText(a: string | null, b: string | null): boolean {
  return (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
}

const POSTAL_KEYS = ['first_name', 'last_name', 'address1', 'address2', 'city', 'province', 'zip'] as const;

function findOrCreateCustomer(ctx: ServiceContext, checkout: Checkout, shipping: PostalAddress): Customer {
  const email = checkout.email ?? '';
  const known = ctx.store.collections.customers.findOne('email', email.toLowerCase());
  if (known) return known;
  const billing = checkout.billing_address ?? shipping;
  return createCustomer(ctx, {
    email,
    first_name: billing.first_name ?? shipping.first_name ?? '',
    last_name: billing.last_name ?? shipping.last_name ?? '',
    phone: checkout.phone,
    accepts_marketing: checkout.buyer_accepts_marketing,
    billing,
    external_customer_id: checkout.external_customer_id,
    analytics_data: checkout.analytics_data,
  });
}

/** The customer's card for this token: reused when they already have it, else added as default. */
function cardFor(
  ctx: ServiceContext,
  customer: Customer,
  payment: ChargeInput,
  billing: PostalAddress,
): PaymentMethod {
  const methods = ctx.store.collections.payment_methods.findBy('customer_id', customer.id);
  const same = methods.find(
    (m) =>
      m.processor_name === payment.payment_processor &&
      m.processor_payment_method_token === payment.payment_token,
  );
  if (same) return same;
  const processorCustomer =
    methods.find((m) => m.processor_name === payment.payment_processor)?.processor_customer_token ??
    `cus_${ctx.store.random.hex(14)}`;
  return createPaymentMethod(ctx, {
    customer_id: customer.id,
    default: true,
    processor_name: payment.payment_processor,
    processor_customer_token: processorCustomer,
    processor_payment_method_token: payment.payment_token,
    payment_type: payment.payment_type ?? 'CREDIT_CARD',
    billing_address: billing,
  });
}

/**
 * The customer's address for the shipping address: one they have with the same postal fields and
 * currency (spec: address/created fires on the first checkout with an address), else a new one.
 */
function addressFor(
  ctx: ServiceContext,
  customer: Customer,
  checkout: Checkout,
  shipping: PostalAddress,
  card: PaymentMethod,
  carriedDiscount: number | null,
): Address {
  const { store } = ctx;
  const known = store.collections.addresses
    .findBy('customer_id', customer.id)
    .find(
      (address) =>
        address.country_code === shipping.country_code &&
        POSTAL_KEYS.every((key) => sameText(address[key], shipping[key])) &&
        addressCurrency(store, address) === checkout.currency,
    );
  if (known) {
    const discount_id = known.discount_id ?? carriedDiscount;
    if (known.payment_method_id === card.id && known.discount_id === discount_id) return known;
    const updated = store.collections.addresses.update(known.id, {
      payment_method_id: card.id,
      discount_id,
      updated_at: store.now(),
    });
    recordEvent(store, ctx.actor, {
      object_type: 'address',
      verb: 'updated',
      object_id: updated.id,
      customer_id: updated.customer_id,
    });
    return updated;
  }
  return createAddress(
    ctx,
    customer.id,
    {
      first_name: shipping.first_name ?? '',
      last_name: shipping.last_name ?? '',
      company: shipping.company,
      address1: shipping.address1 ?? '',
      address2: shipping.address2,
      city: shipping.city ?? '',
      province: shipping.province,
      zip: shipping.zip,
      country_code: shipping.country_code ?? '',
      phone: shipping.phone ?? checkout.phone,
      note: null,
      attributes: [],
      presentment_currency: checkout.currency === store.settings.currency ? null : checkout.currency,
      shipping_lines_override: null,
      payment_method_id: card.id,
    },
    'country_code',
    carriedDiscount,
  );
}

/** Creates the subscription of a subscription line, on its first recurring date; returns its id. */
function subscribe(ctx: ServiceContext, checkout: Checkout, address: Address, line: CheckoutLine): number {
  const schedule = line.schedule;
  if (!schedule) return ctx.store.nextId('purchase_items');
  const first = firstPinnedDate(
    ctx.store.today(),
    schedule.order_interval_unit,
    schedule.charge_interval_frequency,
    { dayOfMonth: schedule.order_day_of_month, dayOfWeek: schedule.order_day_of_week },
  );
  return createSubscription(ctx, address.id, first, {
    external_product_id: line.external_product_id,
    external_variant_id: line.external_variant_id,
    product_title: line.title,
    variant_title: line.variant_title,
    sku: line.sku,
    price: line.price,
    quantity: line.quantity,
    properties: line.properties,
    charge_interval_frequency: schedule.charge_interval_frequency,
    order_interval_frequency: schedule.order_interval_frequency,
    order_interval_unit: schedule.order_interval_unit,
    order_day_of_month: schedule.order_day_of_month,
    order_day_of_week: schedule.order_day_of_week,
    expire_after_specific_number_of_charges: schedule.expire_after_specific_number_of_charges,
    plan_id: line.plan_id,
    analytics_data: checkout.analytics_data,
  }).id;
}

/** The checkout charge, paid (or authorized, awaiting capture), with its order when paid. */
function checkoutCharge(
  ctx: ServiceContext,
  checkout: Checkout,
  address: Address,
  ids: readonly number[],
  priced: PricedCheckout,
  carried: boolean,
  payment: ChargeInput,
  outcome: Extract<PaymentOutcome, { transactionId: string }>,
): Charge {
  const { store } = ctx;
  const now = store.now();
  const applied: ChargeDiscount | null = priced.discount && {
    discount: priced.discount.discount,
    // A code carried to the address counts as the address discount's first use.
    source: carried ? 'address' : 'charge',
  };
  const items = checkoutItems(store, checkout.line_items, ids);
  const content = buildChargeContent(store, address, items, applied, shippingChoice(priced.fields.shipping));
  const authorized = outcome.kind === 'authorized';
  const charge = store.collections.charges.insert({
    ...newChargeFields(store, address, store.today()),
    ...content,
    note: checkout.note,
    order_attributes: checkout.note_attributes,
    type: 'checkout',
    status: authorized ? 'pending' : 'success',
    analytics_data: checkout.analytics_data,
    tags: 'Subscription First Order',
    charge_attempts: 1,
    last_charge_attempt: now,
    processed_at: authorized ? null : now,
    authorized_at: authorized ? now : null,
    payment_processor: payment.payment_processor,
    external_transaction_id: outcome.transactionId,
  });
  recordEvent(store, ctx.actor, {
    object_type: 'charge',
    verb: 'created',
    object_id: charge.id,
    customer_id: charge.customer_id,
  });
  return authorized ? charge : markPaid(ctx, charge, outcome.transactionId);
}

/**
 * Charges a checkout with a payment token and answers the checkout charge record (`announce`
 * false: no checkout events, for platform B's checkout).
 *
 * @example
 * const result = chargeCheckout(request, token, { payment_processor: 'stripe', payment_token: 'tok_ok' }, 'country_code');
 * result.charge_id; // the checkout charge, status success
 */
export function chargeCheckout(
  ctx: ServiceContext,
  token: string,
  payment: ChargeInput,
  countryKey: 'country' | 'country_code',
  announce = true,
): CheckoutCharge {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const checkout = findCheckout(store, token);
    const shipping = checkChargeable(store, checkout, countryKey);
    // No rate chosen: the first rate offered applies (the spec requires none before processing).
    const rate = checkout.shipping ?? offeredRates(store, checkout)[0] ?? null;
    const priced = priceCheckout(store, checkout, rate);
    const attempts = checkout.payment_attempts + 1;
    const outcome = payWithToken(store, payment.payment_token, attempts);
    if (outcome.kind === 'failure') {
      store.collections.checkouts.update(checkout.id, {
        payment_attempts: attempts,
        payment_processor: payment.payment_processor,
      });
      throw fail.paymentDeclined(outcome.errorType, outcome.error);
    }
    const billing = checkout.billing_address ?? shipping;
    const customer = findOrCreateCustomer(ctx, checkout, shipping);
    const card = cardFor(ctx, customer, payment, billing);
    // A code that lasts beyond one use goes on the address (unless it has one), so the recurring
    // charges carry it too.
    const code = priced.discount?.discount;
    const lasting = code && code.duration !== 'single_use' ? code.id : null;
    const address = addressFor(ctx, customer, checkout, shipping, card, lasting);
    const carried = lasting !== null && address.discount_id === lasting;
    const ids = checkout.line_items.map((line) => subscribe(ctx, checkout, address, line));
    const charge = checkoutCharge(ctx, checkout, address, ids, priced, carried, payment, outcome);
    const now = store.now();
    const completed = store.collections.checkouts.update(checkout.id, {
      ...priced.fields,
      payment_processor: payment.payment_processor,
      payment_processor_customer_id: card.processor_customer_token,
      payment_processor_transaction_id: outcome.transactionId,
      payment_attempts: attempts,
      customer_id: customer.id,
      charge_id: charge.id,
      completed_at: now,
      updated_at: now,
    });
    if (announce) announceCompleted(ctx, completed);
    return {
      authorization_token: outcome.kind === 'authorized' ? outcome.transactionId : null,
      charge_id: charge.id,
      free: toMinor(charge.total_price, charge.currency) === 0,
      payment_processor: payment.payment_processor,
      payment_processor_customer_id: card.processor_customer_token,
      payment_processor_transaction_id: outcome.transactionId,
      payment_token: payment.payment_token,
      payment_type: payment.payment_type ?? 'CREDIT_CARD',
      status: 'successful',
    };
  });
}
