/**
 * Skip and gift (POST /subscriptions/skip_gift): each subscription's next charge is skipped for it
 * and the product goes to a recipient instead, as a free one-time item on the recipient's address
 * on the same date. The recipient is found by email or created.
 */
import { runCommand } from '../command.js';
import { fail } from '../failures.js';
import { createAddress, type AddressFields } from '../addresses/addresses.service.js';
import { createCustomer } from '../customers/customers.service.js';
import type { Onetime } from '../../model/onetime.js';
import { createOnetime } from '../onetimes/onetimes.service.js';
import type { ServiceContext } from '../service-context.js';
import { skipCharge } from '../charges/charge-actions.js';
import { recordEvent } from '../events/event-log.js';

export interface GiftRecipient {
  readonly email: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly address: AddressFields;
}

export function skipAndGift(
  ctx: ServiceContext,
  subscriptionIds: readonly number[],
  recipient: GiftRecipient,
): Onetime[] {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const plans = subscriptionIds.map((id) => {
      const subscription = store.collections.subscriptions.get(id);
      if (!subscription || subscription.status !== 'active' || !subscription.next_charge_scheduled_at) {
        throw fail.field('purchase_item_ids', `No active subscription ${id}.`);
      }
      const charge = store.collections.charges
        .findBy('purchase_item_id', id)
        .find((c) => c.status === 'queued' && c.scheduled_at === subscription.next_charge_scheduled_at);
      if (!charge) throw fail.field('purchase_item_ids', `Subscription ${id} has no queued charge to skip.`);
      return { subscription, charge };
    });
    const customer =
      store.collections.customers.findOne('email', recipient.email.toLowerCase()) ??
      createCustomer(ctx, {
        email: recipient.email,
        first_name: recipient.first_name,
        last_name: recipient.last_name,
      });
    const address = createAddress(ctx, customer.id, recipient.address, 'country_code');
    return plans.map(({ subscription, charge }) => {
      skipCharge(ctx, charge.id, [subscription.id]);
      const gift = createOnetime(ctx, address.id, {
        external_product_id: subscription.external_product_id,
        external_variant_id: subscription.external_variant_id,
        product_title: subscription.product_title,
        variant_title: subscription.variant_title,
        sku: subscription.sku,
        price: '0.00',
        quantity: subscription.quantity,
        properties: [
          ...subscription.properties,
          { name: 'gift_from_subscription', value: String(subscription.id) },
        ],
        next_charge_scheduled_at: charge.scheduled_at,
      });
      const now = store.now();
      const purchase = store.collections.gift_purchases.insert({
        id: store.nextId('gift_purchases'),
        sender_customer_id: subscription.customer_id,
        subscription_id: subscription.id,
        recipient_customer_id: customer.id,
        recipient_address_id: address.id,
        onetime_id: gift.id,
        status: 'created',
        redeemed_at: null,
        created_at: now,
        updated_at: now,
      });
      recordEvent(store, ctx.actor, {
        object_type: 'gift_purchase',
        verb: 'created',
        object_id: purchase.id,
        customer_id: subscription.customer_id,
      });
      return gift;
    });
  });
}
