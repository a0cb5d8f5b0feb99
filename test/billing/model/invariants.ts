/**
 * The billing rules of the spec and api-facts, checked after every step of a timeline: they read
 * the store whole (its snapshot) and the API in both versions. A broken rule throws with every
 * violation found, after the step that broke it.
 */
import type { Charge } from '../../../src/model/charge.js';
import type { Json } from '../../helpers/api.js';
import { addDays } from '../../../src/domain/dates.js';
import { TOPICS, type BillingSystem, type Records } from './system.js';

const CLOSED = 'CLOSED_MAX_RETRIES_REACHED';
const PAID = new Set<Charge['status']>(['success', 'refunded', 'partially_refunded', 'pending']);

const cents = (amount: string | number) => Math.round(Number(amount) * 100);
const inDunning = (c: Charge) => c.status === 'error' && c.error_type !== CLOSED;
const waitsOn = (c: Charge) =>
  inDunning(c) || c.status === 'pending' || c.status === 'pending_manual_payment';
const holds = (c: Charge, item: number) => c.line_items.some((line) => line.purchase_item_id === item);

/** Each address has at most one queued charge per date (spec rules 1-2). */
function oneQueuedChargePerDate(r: Records, out: string[]): void {
  const seen = new Map<string, number>();
  for (const c of r.charges.filter((x) => x.status === 'queued')) {
    const key = `${c.address_id}@${c.scheduled_at}`;
    const other = seen.get(key);
    if (other !== undefined) out.push(`two queued charges on address ${key}: ${other} and ${c.id}`);
    seen.set(key, c.id);
  }
}

/**
 * Every live item (active subscription, one-time item not yet charged) is on exactly one queued
 * charge of its address on its date, or waits on a charge being retried or captured on that date;
 * never on a date already past, nor on a date it was already charged or skipped on.
 */
function everyItemOnOneCharge(r: Records, out: string[]): void {
  const items = [
    ...r.subscriptions
      .filter((s) => s.status === 'active')
      .map((s) => ({
        what: `subscription ${s.id}`,
        id: s.id,
        address: s.address_id,
        date: s.next_charge_scheduled_at,
      })),
    ...r.onetimes
      .filter((o) => !o.is_cancelled)
      .map((o) => ({
        what: `one-time ${o.id}`,
        id: o.id,
        address: o.address_id,
        date: o.next_charge_scheduled_at,
      })),
  ];
  for (const item of items) {
    if (item.date === null) {
      out.push(`${item.what} is active without a next charge date`);
      continue;
    }
    const onDate = r.charges.filter(
      (c) => c.status !== 'queued' && c.scheduled_at === item.date && holds(c, item.id),
    );
    const inQueued = r.charges.filter((c) => c.status === 'queued' && holds(c, item.id));
    if (onDate.some(waitsOn)) {
      if (inQueued.length > 0)
        out.push(
          `${item.what} waits on charge ${onDate[0]?.id} and is also on queued charge ${inQueued[0]?.id}`,
        );
      continue;
    }
    if (onDate.length > 0)
      out.push(
        `${item.what} is due ${item.date}, already taken by ${onDate[0]?.status} charge ${onDate[0]?.id}: never billed again`,
      );
    if (item.date < r.today) out.push(`${item.what} is due ${item.date}, before today ${r.today}`);
    const right = inQueued.filter((c) => c.address_id === item.address && c.scheduled_at === item.date);
    if (inQueued.length !== 1 || right.length !== 1)
      out.push(
        `${item.what} due ${item.date} on address ${item.address} is on queued charges [${inQueued.map((c) => `${c.id}@${c.scheduled_at}`)}]`,
      );
  }
  for (const c of r.charges.filter((x) => x.status === 'queued')) {
    const ids = c.line_items.map((line) => line.purchase_item_id);
    if (new Set(ids).size !== ids.length) out.push(`queued charge ${c.id} holds an item twice`);
    if (ids.length === 0) out.push(`queued charge ${c.id} has no line items`);
  }
}

/** No item is paid twice for one date. */
function paidOncePerDate(r: Records, out: string[]): void {
  const paid = new Map<string, number>();
  for (const c of r.charges.filter((x) => PAID.has(x.status))) {
    for (const line of c.line_items) {
      const key = `item ${line.purchase_item_id} on ${c.scheduled_at}`;
      const other = paid.get(key);
      if (other !== undefined) out.push(`${key} paid twice: charges ${other} and ${c.id}`);
      paid.set(key, c.id);
    }
  }
}

/** A paid charge has its orders: `orders_count` of them, every line in one. */
function paidChargesHaveOrders(r: Records, out: string[]): void {
  for (const c of r.charges.filter(
    (x) => x.status !== 'pending' && PAID.has(x.status) && x.type === 'recurring',
  )) {
    const orders = r.orders.filter((o) => o.charge_id === c.id);
    if (orders.length !== c.orders_count)
      out.push(`charge ${c.id} (orders_count ${c.orders_count}) has ${orders.length} orders`);
    for (const line of c.line_items) {
      if (!orders.some((o) => o.line_items.some((l) => l.purchase_item_id === line.purchase_item_id)))
        out.push(`charge ${c.id}: item ${line.purchase_item_id} is in none of its orders`);
    }
    if (
      !orders.some(
        (o) => (o.status === 'success' || o.status === 'refunded') && o.scheduled_at === c.scheduled_at,
      )
    )
      out.push(`charge ${c.id}: no submitted order on its date`);
  }
}

/** Line totals, discounts, shipping and taxes add up to the charge's totals; refunds stay within. */
function totalsAddUp(r: Records, out: string[]): void {
  for (const c of r.charges) {
    const lines = c.line_items.reduce((sum, line) => sum + cents(line.total_price), 0);
    const shipping = c.shipping_lines.reduce((sum, line) => sum + cents(line.price), 0);
    const tax = c.taxes_included ? 0 : cents(c.total_tax);
    const problems = [
      lines !== cents(c.total_line_items_price) &&
        `lines ${lines} ≠ total_line_items_price ${c.total_line_items_price}`,
      cents(c.subtotal_price) !== cents(c.total_line_items_price) - cents(c.total_discounts) &&
        `subtotal ${c.subtotal_price} ≠ ${c.total_line_items_price} - ${c.total_discounts}`,
      cents(c.total_price) !== cents(c.subtotal_price) + shipping + tax &&
        `total ${c.total_price} ≠ subtotal ${c.subtotal_price} + shipping ${shipping / 100} + tax ${tax / 100}`,
      cents(c.total_refunds) > cents(c.total_price) && `refunds ${c.total_refunds} > total ${c.total_price}`,
      c.status === 'refunded' &&
        cents(c.total_refunds) !== cents(c.total_price) &&
        `refunded but refunds ${c.total_refunds}`,
    ].filter(Boolean);
    for (const problem of problems) out.push(`charge ${c.id}: ${String(problem)}`);
  }
}

/** Dunning follows the store's schedule and stops at its limit. */
function dunningFollowsSchedule(r: Records, out: string[]): void {
  const retryDays = (r.settings.dunning?.retry_days ?? []) as number[];
  for (const c of r.charges.filter((x) => x.status === 'error')) {
    if (c.charge_attempts < 1 || c.charge_attempts > retryDays.length + 1)
      out.push(`error charge ${c.id} has ${c.charge_attempts} attempts (limit ${retryDays.length + 1})`);
    if (!inDunning(c)) {
      if (c.retry_date !== null) out.push(`closed charge ${c.id} still has retry_date ${c.retry_date}`);
      continue;
    }
    if (c.retry_date === null || c.retry_date < r.today) {
      out.push(`charge ${c.id} in dunning has retry_date ${c.retry_date} (today ${r.today})`);
      continue;
    }
    const tried = c.last_charge_attempt?.slice(0, 10);
    const wanted = tried && addDays(tried, retryDays[c.charge_attempts - 1] ?? 1);
    if (c.error_type !== 'CARD_UPDATED_NOW_PENDING_NEXT_ATTEMPT' && c.retry_date !== wanted)
      out.push(
        `charge ${c.id}: try ${c.charge_attempts} on ${tried} retries ${c.retry_date}, schedule says ${wanted}`,
      );
  }
}

export function recordInvariants(r: Records): string[] {
  const out: string[] = [];
  oneQueuedChargePerDate(r, out);
  everyItemOnOneCharge(r, out);
  paidOncePerDate(r, out);
  paidChargesHaveOrders(r, out);
  totalsAddUp(r, out);
  dunningFollowsSchedule(r, out);
  return out;
}

/** What the customer records say agrees with the records they count, in both versions. */
async function countersAgree(s: BillingSystem, out: string[]): Promise<void> {
  const r = s.records;
  for (const { customerId } of s.shoppers) {
    const subs = r.subscriptions.filter((x) => x.customer_id === customerId);
    const active = subs.filter((x) => x.status === 'active').length;
    const pending =
      r.charges.some((c) => c.customer_id === customerId && c.status === 'queued') ||
      r.orders.some((o) => o.customer_id === customerId && o.status === 'queued');
    const status = active > 0 || (subs.length > 0 && pending) ? 'ACTIVE' : 'INACTIVE';
    const dunning = r.charges.some((c) => c.customer_id === customerId && inDunning(c));
    const modern = (await s.call('GET', `/customers/${customerId}`)).body.customer as Json;
    const legacy = (await s.call('GET', `/customers/${customerId}`, undefined, '2021-01')).body
      .customer as Json;
    const facts = [
      ['subscriptions_active_count', modern.subscriptions_active_count, active],
      ['subscriptions_total_count', modern.subscriptions_total_count, subs.length],
      ['has_payment_method_in_dunning', modern.has_payment_method_in_dunning, dunning],
      ['number_active_subscriptions (2021-01)', legacy.number_active_subscriptions, active],
      ['has_card_error_in_dunning (2021-01)', legacy.has_card_error_in_dunning, dunning],
      ['status (2021-01)', legacy.status, status],
    ] as const;
    for (const [field, shown, wanted] of facts)
      if (shown !== wanted)
        out.push(`customer ${customerId}: ${field} is ${String(shown)}, records say ${String(wanted)}`);
    const last = r.events
      .filter(
        (e) =>
          e.object_type === 'customer' &&
          e.object_id === customerId &&
          (e.verb === 'activated' || e.verb === 'deactivated'),
      )
      .at(-1);
    const byEvents = last?.verb === 'activated' ? 'ACTIVE' : 'INACTIVE';
    if (byEvents !== status)
      out.push(
        `customer ${customerId} is ${status} but its last status event is ${last ? `customer/${last.verb}` : 'none'}`,
      );
  }
}

/** The same records read in 2021-01 and 2021-11 say the same. */
async function versionsAgree(s: BillingSystem, out: string[]): Promise<void> {
  const query = '?limit=250';
  const [modernSubs, legacySubs, modernCharges, legacyCharges] = await Promise.all([
    s.call('GET', `/subscriptions${query}`),
    s.call('GET', `/subscriptions${query}`, undefined, '2021-01'),
    s.call('GET', `/charges${query}`),
    s.call('GET', `/charges${query}`, undefined, '2021-01'),
  ]);
  const queuedItems = new Set(
    s.records.charges
      .filter((c) => c.status === 'queued')
      .flatMap((c) => c.line_items.map((l) => l.purchase_item_id)),
  );
  const legacyById = new Map<number, Json>((legacySubs.body.subscriptions as Json[]).map((x) => [x.id, x]));
  for (const sub of modernSubs.body.subscriptions as Json[]) {
    const old = legacyById.get(sub.id);
    if (!old) out.push(`subscription ${sub.id} is listed in 2021-11, not in 2021-01`);
    else if (
      old.status !== String(sub.status).toUpperCase() ||
      String(old.next_charge_scheduled_at ?? '').slice(0, 10) !==
        String(sub.next_charge_scheduled_at ?? '').slice(0, 10) ||
      cents(old.price) !== cents(sub.price) ||
      Boolean(old.has_queued_charges) !== sub.has_queued_charges
    )
      out.push(
        `subscription ${sub.id} differs: 2021-11 ${JSON.stringify(pick(sub))}, 2021-01 ${JSON.stringify(pick(old))}`,
      );
    if (sub.has_queued_charges !== queuedItems.has(sub.id))
      out.push(
        `subscription ${sub.id}: has_queued_charges ${sub.has_queued_charges}, records say ${queuedItems.has(sub.id)}`,
      );
  }
  const legacyCharge = new Map<number, Json>((legacyCharges.body.charges as Json[]).map((x) => [x.id, x]));
  for (const charge of modernCharges.body.charges as Json[]) {
    const old = legacyCharge.get(charge.id);
    if (!old) out.push(`charge ${charge.id} is listed in 2021-11, not in 2021-01`);
    else if (
      String(old.status).toLowerCase() !== charge.status ||
      String(old.scheduled_at).slice(0, 10) !== String(charge.scheduled_at).slice(0, 10) ||
      cents(old.total_price) !== cents(charge.total_price)
    )
      out.push(
        `charge ${charge.id} differs: 2021-11 ${charge.status} ${charge.total_price}, 2021-01 ${old.status} ${old.total_price}`,
      );
  }
}

function pick(sub: Json) {
  return {
    status: sub.status,
    next: sub.next_charge_scheduled_at,
    price: sub.price,
    queued: sub.has_queued_charges,
  };
}

/** Every event of a subscribed topic reached the inbox once, no more. */
async function eventsDeliveredOnce(s: BillingSystem, out: string[]): Promise<void> {
  const subscribed = new Set<string>(TOPICS);
  const fresh = s.records.events.filter((e) => e.id > s.eventsChecked && subscribed.has(e.topic));
  s.eventsChecked = Math.max(s.eventsChecked, ...s.records.events.map((e) => e.id));
  const view = await s.inbox.read();
  const arrived = view.entries.filter((entry) => entry.id > s.inboxSeen);
  const lost = view.received - s.inboxReceived - arrived.length;
  s.inboxSeen = Math.max(s.inboxSeen, ...view.entries.map((entry) => entry.id));
  s.inboxReceived = view.received;
  if (lost > 0) return; // more arrived than the inbox keeps: nothing to compare one by one
  const count = (keys: string[]) => {
    const counts = new Map<string, number>();
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    return counts;
  };
  const sent = count(fresh.map((e) => `${e.topic} ${e.object_id}`));
  const got = count(
    arrived.map((entry) => {
      const body = JSON.parse(entry.body) as Record<string, { id?: unknown } | undefined>;
      return `${entry.topic} ${String(Object.values(body)[0]?.id)}`;
    }),
  );
  for (const key of new Set([...sent.keys(), ...got.keys()])) {
    if ((sent.get(key) ?? 0) !== (got.get(key) ?? 0))
      out.push(`webhook ${key}: ${sent.get(key) ?? 0} events, ${got.get(key) ?? 0} deliveries`);
  }
}

/** Checks every invariant; throws with all violations after `step`. */
export async function checkInvariants(s: BillingSystem, step: string): Promise<void> {
  const out = [
    ...s.serverErrors.map((e) => `answered ${e}`),
    ...s.failedJobs.map((j) => `job failed inside: ${j}`),
  ];
  out.push(...recordInvariants(s.records));
  await Promise.all([countersAgree(s, out), versionsAgree(s, out), eventsDeliveredOnce(s, out)]);
  if (out.length > 0) throw new Error(`after ${step} (store day ${s.records.today}):\n  ${out.join('\n  ')}`);
}
