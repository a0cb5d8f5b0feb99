/** `explain_charge`: why a charge is where it is, as one story in order. */
import * as z from 'zod';
import { chargeStory, type StoryCharge, type StoryEvent, type StoryOrder } from '../charge-story.js';
import { callApi, controlOf } from '../target.js';
import { answer, storeToken, type ToolModule } from '../tool.js';

/** Events of a customer read for one story (the newest first). */
const EVENT_PAGE = 250;

export const explainTools: ToolModule = (server, target) => {
  server.registerTool(
    'explain_charge',
    {
      title: 'Explain a charge',
      description:
        'The whole story of a charge in order: created, merged, each attempt with its outcome and error, the retries ' +
        'scheduled, its events and webhook deliveries with the answers they got, the requests that named it, its ' +
        'orders, and what is still scheduled for it.',
      inputSchema: { store_token: storeToken(), charge_id: z.number().int().min(1) },
      annotations: { readOnlyHint: true },
    },
    ({ store_token, charge_id }) =>
      answer(async () => {
        const get = <T>(path: string) => callApi<T>(target, store_token, 'GET', path);
        const control = controlOf(target, store_token);
        const { charge } = await get<{ charge: StoryCharge }>(`/charges/${charge_id}`);
        const { orders } = await get<{ orders: StoryOrder[] }>(`/orders?charge_id=${charge_id}&limit=250`);
        const customer = charge.customer?.id;
        const { events } = await get<{ events: StoryEvent[] }>(
          customer === undefined
            ? `/events?object_type=charge&object_id=${charge_id}&limit=${EVENT_PAGE}`
            : `/events?customer_id=${customer}&limit=${EVENT_PAGE}`,
        );
        const orderIds = new Set(orders.map((order) => order.id));
        const first = events.find(
          (e) => e.object_type === 'charge' && e.object_id === charge_id && e.verb === 'created',
        );
        const mine = events.filter(
          (e) =>
            (e.object_type === 'charge' && e.object_id === charge_id) ||
            (e.object_type === 'order' && orderIds.has(e.object_id)) ||
            // The customer's card changes after the charge was made: often why a retry paid.
            ((e.object_type === 'payment_method' || e.verb === 'payment_method_updated') &&
              (first === undefined || e.id > first.id)),
        );
        const eventIds = new Set(mine.map((e) => e.id));
        const deliveries = (await control.deliveries({ limit: 1000 })).filter(
          (delivery) => delivery.event_id !== null && eventIds.has(delivery.event_id),
        );
        const requests = [
          ...(await control.requests({ path: `/charges/${charge_id}`, limit: 100 })),
          ...(await control.requests({ path: `/charges/${charge_id}/**`, limit: 100 })),
        ].filter((entry, index, all) => all.findIndex((other) => other.id === entry.id) === index);
        const jobs = (await control.scheduledJobs(100)).jobs.filter(
          (job) => job.subject === `charge:${charge_id}`,
        );
        return chargeStory({ charge, events: mine, deliveries, orders, requests, jobs });
      }),
  );
};
