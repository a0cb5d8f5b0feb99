/** Fault rules of the calling store: add, list (with how often each fired), remove. */
import { errors } from '../errors/messages.js';
import { pathId } from '../http/params.js';
import { parseWith } from '../errors/validation.js';
import { faultRuleSchema } from '../platform/faults/fault.schema.js';
import type { ControlEndpoint } from './control.types.js';

export const faultControlEndpoints: readonly ControlEndpoint[] = [
  {
    method: 'POST',
    path: '/faults',
    access: 'store',
    summary:
      'Add a fault rule: match {method?, path, version?}, action (status, latency, reset, truncate), ' +
      'when (always, next n, after n, probability p with a seed), after: "commit" to fail once the request is served',
    status: 201,
    body: faultRuleSchema,
    handle: ({ store, body }) => ({
      status: 201,
      body: { fault: store.traffic.faults.add(parseWith(faultRuleSchema(), body)) },
    }),
  },
  {
    method: 'GET',
    path: '/faults',
    access: 'store',
    summary:
      "The calling store's fault rules in the order they are tried, with the requests each saw and answered",
    handle: ({ store }) => ({ body: { faults: store.traffic.faults.list() } }),
  },
  {
    method: 'DELETE',
    path: '/faults/:id',
    access: 'store',
    summary: 'Remove a fault rule',
    status: 204,
    handle: ({ store, params }) => {
      if (!store.traffic.faults.remove(pathId({ params }))) throw errors.notFound();
      return { status: 204 };
    },
  },
  {
    method: 'DELETE',
    path: '/faults',
    access: 'store',
    summary: 'Remove every fault rule of the calling store (and forget X-Emulator-Fault positions)',
    status: 204,
    handle: ({ store }) => {
      store.traffic.faults.clear();
      store.traffic.headerFaults.clear();
      return { status: 204 };
    },
  },
];
