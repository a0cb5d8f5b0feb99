/**
 * The operations of a random billing timeline, as fast-check model commands. A command names its
 * target by an index among what exists when it runs (the 2nd queued charge, the 1st subscription,
 * modulo how many there are), so any sequence is valid and shrinks well; a refusal (4xx) is an
 * answer like any other, and the invariants are checked after every step (`invariants.ts`).
 * Each command prints as the call it makes, so a failure's shrunk sequence reads as a timeline.
 */
import fc from 'fast-check';
import type { AsyncCommand } from 'fast-check';
import { addDays } from '../../../src/domain/dates.js';
import { checkInvariants } from './invariants.js';
import { BillingSystem } from './system.js';

/** What the model keeps: nothing the store does not say better (targets are picked at run time). */
export type BillingModel = Record<string, never>;
type Version = '2021-01' | '2021-11';

abstract class Step implements AsyncCommand<BillingModel, BillingSystem> {
  check(): boolean {
    return true;
  }
  async run(_model: BillingModel, system: BillingSystem): Promise<void> {
    await this.act(system);
    await system.refresh();
    await checkInvariants(system, this.toString());
  }
  abstract act(system: BillingSystem): Promise<void>;
  abstract toString(): string;
}

const queued = (s: BillingSystem) => s.records.charges.filter((c) => c.status === 'queued');
const activeSubscriptions = (s: BillingSystem) =>
  s.records.subscriptions.filter((x) => x.status === 'active');

class CreateSubscription extends Step {
  constructor(
    readonly shopper: number,
    readonly address: number,
    readonly daysAhead: number,
    readonly unit: 'day' | 'week' | 'month',
    readonly every: number,
    readonly prepaid: number,
    readonly expireAfter: number | null,
    readonly variant: number,
  ) {
    super();
  }
  async act(s: BillingSystem) {
    const shopper = BillingSystem.pick(s.shoppers, this.shopper);
    const addressId = shopper && BillingSystem.pick(shopper.addressIds, this.address);
    await s.call('POST', '/subscriptions', {
      address_id: addressId,
      next_charge_scheduled_at: addDays(s.records.today, this.daysAhead),
      order_interval_unit: this.unit,
      order_interval_frequency: this.every,
      charge_interval_frequency: this.every * this.prepaid,
      ...(this.expireAfter === null ? {} : { expire_after_specific_number_of_charges: this.expireAfter }),
      quantity: 1,
      external_variant_id: { ecommerce: `var-${this.variant}` },
      external_product_id: { ecommerce: `prod-${this.variant}` },
      product_title: `Product ${this.variant}`,
      price: `${10 + this.variant * 5}.00`,
    });
  }
  toString() {
    const kind = this.prepaid > 1 ? `prepaid x${this.prepaid}` : 'pay-as-you-go';
    const expires = this.expireAfter === null ? '' : `, expires after ${this.expireAfter}`;
    return `subscribe(shopper ${this.shopper}, address ${this.address}, in ${this.daysAhead} days, every ${this.every} ${this.unit} ${kind}${expires}, var-${this.variant})`;
  }
}

class CreateOnetime extends Step {
  constructor(
    readonly shopper: number,
    readonly address: number,
    readonly daysAhead: number,
  ) {
    super();
  }
  async act(s: BillingSystem) {
    const shopper = BillingSystem.pick(s.shoppers, this.shopper);
    await s.call('POST', '/onetimes', {
      address_id: shopper && BillingSystem.pick(shopper.addressIds, this.address),
      next_charge_scheduled_at: addDays(s.records.today, this.daysAhead),
      external_variant_id: { ecommerce: 'var-mug' },
      product_title: 'Mug',
      price: '8.00',
      quantity: 1,
    });
  }
  toString() {
    return `onetime(shopper ${this.shopper}, address ${this.address}, in ${this.daysAhead} days)`;
  }
}

class SkipCharge extends Step {
  constructor(
    readonly charge: number,
    readonly some: boolean,
    readonly version: Version,
  ) {
    super();
  }
  async act(s: BillingSystem) {
    const charge = BillingSystem.pick(queued(s), this.charge);
    if (!charge) return;
    const first = charge.line_items[0]?.purchase_item_id;
    const ids = this.some && charge.line_items.length > 1 && first !== undefined ? [first] : undefined;
    const field = this.version === '2021-01' ? 'subscription_ids' : 'purchase_item_ids';
    await s.call('POST', `/charges/${charge.id}/skip`, ids ? { [field]: ids } : {}, this.version);
  }
  toString() {
    return `skip(queued charge ${this.charge}${this.some ? ', its first item' : ''}, ${this.version})`;
  }
}

class UnskipCharge extends Step {
  constructor(
    readonly charge: number,
    readonly version: Version,
  ) {
    super();
  }
  async act(s: BillingSystem) {
    const charge = BillingSystem.pick(
      s.records.charges.filter((c) => c.status === 'skipped'),
      this.charge,
    );
    if (charge) await s.call('POST', `/charges/${charge.id}/unskip`, {}, this.version);
  }
  toString() {
    return `unskip(skipped charge ${this.charge}, ${this.version})`;
  }
}

class SetNextChargeDate extends Step {
  constructor(
    readonly subscription: number,
    readonly daysAhead: number,
    readonly ontoCharge: number | null,
    readonly version: Version,
  ) {
    super();
  }
  async act(s: BillingSystem) {
    const subscription = BillingSystem.pick(activeSubscriptions(s), this.subscription);
    if (!subscription) return;
    // Onto the date of another charge of its address (merge, or a date already paid or skipped).
    const others = s.records.charges.filter((c) => c.address_id === subscription.address_id);
    const onto = this.ontoCharge === null ? undefined : BillingSystem.pick(others, this.ontoCharge);
    const date = onto?.scheduled_at ?? addDays(s.records.today, this.daysAhead);
    await s.call('POST', `/subscriptions/${subscription.id}/set_next_charge_date`, { date }, this.version);
  }
  toString() {
    const where =
      this.ontoCharge === null
        ? `in ${this.daysAhead} days`
        : `onto charge ${this.ontoCharge} of its address`;
    return `set_next_charge_date(active subscription ${this.subscription}, ${where}, ${this.version})`;
  }
}

class ChangeChargeDate extends Step {
  constructor(
    readonly charge: number,
    readonly daysAhead: number,
    readonly ontoCharge: number | null,
  ) {
    super();
  }
  async act(s: BillingSystem) {
    const charge = BillingSystem.pick(queued(s), this.charge);
    if (!charge) return;
    const others = s.records.charges.filter((c) => c.address_id === charge.address_id && c.id !== charge.id);
    const onto = this.ontoCharge === null ? undefined : BillingSystem.pick(others, this.ontoCharge);
    const date = onto?.scheduled_at ?? addDays(s.records.today, this.daysAhead);
    await s.call(
      'POST',
      `/charges/${charge.id}/change_next_charge_date`,
      { next_charge_date: date },
      '2021-01',
    );
  }
  toString() {
    const where =
      this.ontoCharge === null
        ? `in ${this.daysAhead} days`
        : `onto charge ${this.ontoCharge} of its address`;
    return `change_next_charge_date(queued charge ${this.charge}, ${where}, 2021-01)`;
  }
}

class ChangeCard extends Step {
  constructor(
    readonly shopper: number,
    readonly token: string,
  ) {
    super();
  }
  async act(s: BillingSystem) {
    const shopper = BillingSystem.pick(s.shoppers, this.shopper);
    if (shopper)
      await s.call('PUT', `/payment_methods/${shopper.cardId}`, {
        processor_payment_method_token: this.token,
      });
  }
  toString() {
    return `card(shopper ${this.shopper}, ${this.token})`;
  }
}

class ProcessCharge extends Step {
  constructor(readonly charge: number) {
    super();
  }
  async act(s: BillingSystem) {
    const due = s.records.charges.filter((c) => c.status === 'queued' || c.status === 'error');
    const charge = BillingSystem.pick(due, this.charge);
    if (charge) await s.call('POST', `/charges/${charge.id}/process`, {});
  }
  toString() {
    return `process(queued or error charge ${this.charge})`;
  }
}

class Refund extends Step {
  constructor(
    readonly charge: number,
    readonly full: boolean,
  ) {
    super();
  }
  async act(s: BillingSystem) {
    const paid = s.records.charges.filter((c) => c.status === 'success' || c.status === 'partially_refunded');
    const charge = BillingSystem.pick(paid, this.charge);
    if (!charge) return;
    const body = this.full ? { amount: charge.total_price, full_refund: true } : { amount: '1.00' };
    await s.call('POST', `/charges/${charge.id}/refund`, body);
  }
  toString() {
    return `refund(paid charge ${this.charge}, ${this.full ? 'full' : '1.00'})`;
  }
}

class Discount extends Step {
  constructor(
    readonly charge: number,
    readonly remove: boolean,
  ) {
    super();
  }
  async act(s: BillingSystem) {
    const charge = BillingSystem.pick(queued(s), this.charge);
    if (!charge) return;
    if (this.remove) await s.call('POST', `/charges/${charge.id}/remove_discount`, {});
    else await s.call('POST', `/charges/${charge.id}/apply_discount`, { discount_id: s.discountIds[0] });
  }
  toString() {
    return `${this.remove ? 'remove_discount' : 'apply_discount'}(queued charge ${this.charge})`;
  }
}

class Cancel extends Step {
  constructor(
    readonly subscription: number,
    readonly version: Version,
  ) {
    super();
  }
  async act(s: BillingSystem) {
    const subscription = BillingSystem.pick(activeSubscriptions(s), this.subscription);
    if (subscription)
      await s.call(
        'POST',
        `/subscriptions/${subscription.id}/cancel`,
        { cancellation_reason: 'model' },
        this.version,
      );
  }
  toString() {
    return `cancel(active subscription ${this.subscription}, ${this.version})`;
  }
}

class Activate extends Step {
  constructor(readonly subscription: number) {
    super();
  }
  async act(s: BillingSystem) {
    const ended = s.records.subscriptions.filter((x) => x.status !== 'active');
    const subscription = BillingSystem.pick(ended, this.subscription);
    if (subscription) await s.call('POST', `/subscriptions/${subscription.id}/activate`, {});
  }
  toString() {
    return `activate(ended subscription ${this.subscription})`;
  }
}

class Advance extends Step {
  constructor(
    readonly days: number,
    readonly hours: number,
  ) {
    super();
  }
  async act(s: BillingSystem) {
    await s.advance(this.days > 0 ? { days: this.days } : { hours: this.hours });
  }
  toString() {
    return this.days > 0 ? `advance(${this.days} days)` : `advance(${this.hours} hours)`;
  }
}

const index = fc.nat({ max: 5 });
const version = fc.constantFrom<Version>('2021-01', '2021-11');
const ahead = fc.integer({ min: 0, max: 40 });

const subscribe = fc
  .tuple(
    index,
    index,
    fc.integer({ min: 0, max: 20 }),
    fc.constantFrom<'day' | 'week' | 'month'>('day', 'week', 'month', 'month'),
    fc.integer({ min: 1, max: 2 }),
    fc.constantFrom(1, 1, 2, 3),
    fc.option(fc.integer({ min: 1, max: 3 }), { freq: 3 }),
    fc.nat({ max: 2 }),
  )
  .map((a) => new CreateSubscription(...a));
const onetime = fc.tuple(index, index, ahead).map((a) => new CreateOnetime(...a));

/** Every operation of a timeline, weighted towards what makes charges. */
export const billingCommands = [
  subscribe,
  subscribe,
  subscribe,
  onetime,
  onetime,
  fc.tuple(index, fc.boolean(), version).map((a) => new SkipCharge(...a)),
  fc.tuple(index, version).map((a) => new UnskipCharge(...a)),
  fc.tuple(index, ahead, fc.option(index, { freq: 2 }), version).map((a) => new SetNextChargeDate(...a)),
  fc.tuple(index, ahead, fc.option(index, { freq: 2 })).map((a) => new ChangeChargeDate(...a)),
  fc
    .tuple(index, fc.constantFrom('tok_ok', 'tok_declined', 'tok_insufficient_funds', 'tok_fail_then_ok'))
    .map((a) => new ChangeCard(...a)),
  index.map((a) => new ProcessCharge(a)),
  fc.tuple(index, fc.boolean()).map((a) => new Refund(...a)),
  fc.tuple(index, fc.boolean()).map((a) => new Discount(...a)),
  fc.tuple(index, version).map((a) => new Cancel(...a)),
  index.map((a) => new Activate(a)),
  fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 23 })).map((a) => new Advance(...a)),
  fc.tuple(fc.integer({ min: 1, max: 10 }), fc.constant(0)).map((a) => new Advance(...a)),
];
