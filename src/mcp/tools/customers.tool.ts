/** A customer with a test card, an address and a subscription, in one call. */
import * as z from 'zod';
import { callApi, controlOf } from '../target.js';
import { answer, storeToken, type ToolModule } from '../tool.js';

interface Created {
  readonly id: number;
}

export const customerTools: ToolModule = (server, target) => {
  server.registerTool(
    'setup_customer',
    {
      title: 'Set up a customer with a subscription',
      description:
        'Creates a customer, a payment method with a test card token (tok_ok pays, tok_declined is declined: ' +
        'see the payment tokens in the time-travel guide), an address and a monthly subscription, ' +
        'and answers their ids and the queued charge the subscription made.',
      inputSchema: {
        store_token: storeToken(),
        email: z.email().optional().describe('Default ada@example.com'),
        first_name: z.string().min(1).optional(),
        last_name: z.string().min(1).optional(),
        card_token: z
          .string()
          .min(1)
          .optional()
          .describe('Test payment token: tok_ok (default), tok_declined, tok_insufficient_funds, ...'),
        product_title: z.string().min(1).optional().describe('Default Coffee'),
        price: z
          .string()
          .regex(/^\d+(\.\d{1,2})?$/)
          .optional()
          .describe('Default 20.00'),
        next_charge_date: z.iso
          .date()
          .optional()
          .describe('First charge day, YYYY-MM-DD; default the day after the store clock'),
        interval_unit: z.enum(['day', 'week', 'month']).optional().describe('Default month'),
        interval_frequency: z.number().int().min(1).max(365).optional().describe('Default 1'),
      },
    },
    (input) =>
      answer(async () => {
        const token = input.store_token;
        const call = <T>(path: string, body: unknown) => callApi<T>(target, token, 'POST', path, body);
        const first_name = input.first_name ?? 'Ada';
        const last_name = input.last_name ?? 'Lovelace';
        const email = input.email ?? 'ada@example.com';
        const card = input.card_token ?? 'tok_ok';
        let day = input.next_charge_date;
        if (day === undefined) {
          const { now } = await controlOf(target, token).clock();
          day = new Date(Date.parse(now) + 86_400_000).toISOString().slice(0, 10);
        }
        const { customer } = await call<{ customer: Created }>('/customers', {
          email,
          first_name,
          last_name,
        });
        const { payment_method } = await call<{ payment_method: Created }>('/payment_methods', {
          customer_id: customer.id,
          processor_name: 'stripe',
          processor_customer_token: `cus_${customer.id}`,
          processor_payment_method_token: card,
        });
        const { address } = await call<{ address: Created }>('/addresses', {
          customer_id: customer.id,
          first_name,
          last_name,
          phone: '',
          address1: '350 Fifth Avenue',
          city: 'New York',
          province: 'NY',
          zip: '10118',
          country_code: 'US',
        });
        const frequency = input.interval_frequency ?? 1;
        const title = input.product_title ?? 'Coffee';
        const { subscription } = await call<{ subscription: Created }>('/subscriptions', {
          address_id: address.id,
          external_variant_id: { ecommerce: `${title.toLowerCase().replace(/\W+/g, '-')}-1` },
          quantity: 1,
          product_title: title,
          price: input.price ?? '20.00',
          next_charge_scheduled_at: day,
          charge_interval_frequency: frequency,
          order_interval_frequency: frequency,
          order_interval_unit: input.interval_unit ?? 'month',
        });
        const { charges } = await callApi<{
          charges: { id: number; scheduled_at: string; total_price: string }[];
        }>(target, token, 'GET', `/charges?customer_id=${customer.id}&status=queued`);
        return [
          `customer ${customer.id} (${email}), payment method ${payment_method.id} (${card}), address ${address.id}`,
          `subscription ${subscription.id}: ${title} at ${input.price ?? '20.00'} every ${frequency} ${input.interval_unit ?? 'month'}, first charge ${day}`,
          ...charges.map(
            (charge) => `queued charge ${charge.id} on ${charge.scheduled_at} for ${charge.total_price}`,
          ),
        ];
      }),
  );
};
