/**
 * The simulated payment processor. A charge's outcome comes from the payment method's token:
 * documented test tokens decline, fail once, or authorize only; any other token succeeds.
 */
import type { Charge } from '../../model/charge.js';
import type { PaymentDetails, PaymentMethod, PaymentType } from '../../model/payment-method.js';
import type { Timestamp } from '../../model/shared.js';
import type { Store } from '../../store/store.js';
import { own } from '../../platform/dictionary.js';

export type PaymentOutcome =
  | { readonly kind: 'success'; readonly transactionId: string }
  | { readonly kind: 'authorized'; readonly transactionId: string }
  | { readonly kind: 'failure'; readonly errorType: string; readonly error: string };

/** The card a test token stands for: what a payment method saved with it describes (`payment_details`). */
export interface TestCard {
  readonly brand: string;
  readonly last4: string;
  /** An expired card expires the December before the store's date; the others four years after it. */
  readonly expired?: boolean;
}

interface TokenBehaviour {
  readonly description: string;
  readonly card: TestCard;
  readonly outcome: (attempt: number) => 'success' | 'authorized' | { errorType: string; error: string };
}

const decline = (errorType: string, error: string) => () => ({ errorType, error });

/** Test tokens (README: "Test payment tokens"). Any token not listed succeeds. */
export const TEST_TOKENS: Readonly<Record<string, TokenBehaviour>> = {
  tok_ok: { description: 'succeeds', card: { brand: 'visa', last4: '4242' }, outcome: () => 'success' },
  tok_declined: {
    description: 'declined: CARD_DECLINED',
    card: { brand: 'visa', last4: '0002' },
    outcome: decline('CARD_DECLINED', 'Your card was declined.'),
  },
  tok_insufficient_funds: {
    description: 'declined: INSUFFICIENT_FUNDS',
    card: { brand: 'visa', last4: '9995' },
    outcome: decline('INSUFFICIENT_FUNDS', 'Your card has insufficient funds.'),
  },
  tok_expired: {
    description: 'declined: CARD_EXPIRED',
    card: { brand: 'visa', last4: '0069', expired: true },
    outcome: decline('CARD_EXPIRED', 'Your card has expired.'),
  },
  tok_needs_update: {
    description: 'declined: CUSTOMER_NEEDS_TO_UPDATE_CARD',
    card: { brand: 'visa', last4: '0341' },
    outcome: decline('CUSTOMER_NEEDS_TO_UPDATE_CARD', 'The customer needs to update their card.'),
  },
  tok_fail_then_ok: {
    description: 'the first try of a charge is declined (CARD_DECLINED), later tries succeed',
    card: { brand: 'mastercard', last4: '4444' },
    outcome: (attempt) =>
      attempt === 1 ? { errorType: 'CARD_DECLINED', error: 'Your card was declined.' } : 'success',
  },
  tok_authorize_only: {
    description: 'authorized only: the charge waits for capture_payment (7 days)',
    card: { brand: 'amex', last4: '0005' },
    outcome: () => 'authorized',
  },
};

/** The card of any token that is not a test token: it succeeds, as `tok_ok` does. */
const ANY_CARD: TestCard = { brand: 'visa', last4: '4242' };

/** Payment types that carry no card: their `payment_details` stay null. */
const CARDLESS: ReadonlySet<PaymentType> = new Set(['PAYPAL', 'SEPA_DEBIT']);

/**
 * What a payment method saved with `token` describes: the token's documented card (README, "Test
 * payment tokens"), expiring relative to `now` (the store's date), or nothing for a payment type
 * without a card (PayPal, SEPA debit).
 *
 * @example
 * cardDetails('tok_declined', 'CREDIT_CARD', '2025-01-15T12:00:00Z'); // { brand: 'visa', exp_month: 12, exp_year: 2029, last4: '0002' }
 */
export function cardDetails(token: string | null, type: PaymentType, now: Timestamp): PaymentDetails {
  if (CARDLESS.has(type)) return { brand: null, exp_month: null, exp_year: null, last4: null };
  const card = (token === null ? undefined : own(TEST_TOKENS, token)?.card) ?? ANY_CARD;
  const year = Number(now.slice(0, 4));
  return {
    brand: card.brand,
    exp_month: 12,
    exp_year: card.expired ? year - 1 : year + 4,
    last4: card.last4,
  };
}

/** The payment method a charge is paid with: its address's, else the customer's default. */
export function paymentMethodFor(store: Store, charge: Charge): PaymentMethod | undefined {
  const address = store.collections.addresses.get(charge.address_id);
  const own = address?.payment_method_id
    ? store.collections.payment_methods.get(address.payment_method_id)
    : undefined;
  if (own) return own;
  const methods = store.collections.payment_methods.findBy('customer_id', charge.customer_id);
  return methods.find((method) => method.default) ?? methods.at(-1);
}

/** Tries to take payment for `charge`; `attempt` counts from 1 for each charge. */
export function attemptPayment(
  store: Store,
  method: PaymentMethod | undefined,
  attempt: number,
): PaymentOutcome {
  if (!method || method.status === 'invalid' || method.status === 'empty') {
    return {
      kind: 'failure',
      errorType: 'INVALID_PAYMENT_METHOD',
      error: 'The customer has no valid payment method.',
    };
  }
  return payWithToken(
    store,
    method.processor_payment_method_token ?? method.processor_customer_token ?? '',
    attempt,
  );
}

/**
 * What the processor answers for a payment token (a checkout pays with the token it is given).
 *
 * @example payWithToken(store, 'tok_declined', 1); // { kind: 'failure', errorType: 'CARD_DECLINED', ... }
 */
export function payWithToken(store: Store, token: string, attempt: number): PaymentOutcome {
  // The token is the client's: `constructor` is an unknown token, not Object's member.
  const behaviour = own(TEST_TOKENS, token)?.outcome(attempt) ?? 'success';
  const transactionId = `txn_${store.random.hex(24)}`;
  if (behaviour === 'success') return { kind: 'success', transactionId };
  if (behaviour === 'authorized') return { kind: 'authorized', transactionId };
  return { kind: 'failure', ...behaviour };
}
