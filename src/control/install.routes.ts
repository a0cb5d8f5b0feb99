/**
 * Uninstalling: the service from the store (every API call of the store then gets 403 until
 * reinstalled; `service/uninstalled`), or an OAuth app, i.e. one of its tokens (the token stops
 * working; `app/uninstalled`). The event is delivered to the store's webhooks before the change.
 */
import * as z from 'zod';
import { onFirstUse } from '../platform/first-use.js';
import { errors } from '../errors/messages.js';
import { parseWith } from '../errors/validation.js';
import { recordEvent } from '../domain/events/event-log.js';
import { EMULATOR_ACTOR } from '../model/actor.js';
import type { ControlEndpoint } from './control.types.js';
import { describeStore } from './stores.routes.js';

/** The body of the uninstall route, built on first use (src/platform/first-use.ts). */
const uninstallBody = onFirstUse(() =>
  z.discriminatedUnion('target', [
    z.object({ target: z.literal('service') }).strict(),
    z.object({ target: z.literal('app'), token_id: z.number().int().positive() }).strict(),
  ]),
);

export const installControlEndpoints: readonly ControlEndpoint[] = [
  {
    method: 'POST',
    path: '/uninstall',
    access: 'store',
    summary:
      'Uninstall the service ({"target":"service"}: API calls get 403 until reinstalled) or an app ({"target":"app","token_id":N}: its token is revoked); fires service/uninstalled or app/uninstalled',
    body: uninstallBody,
    handle: ({ deps, store, body }) => {
      const input = parseWith(uninstallBody(), body);
      if (input.target === 'service') {
        if (store.uninstalledAt !== null) throw errors.field('target', 'The service is already uninstalled.');
        recordEvent(store, EMULATOR_ACTOR, {
          object_type: 'service',
          verb: 'uninstalled',
          object_id: store.id,
        });
        store.setUninstalled(store.now());
      } else {
        if (!store.tokens.some((token) => token.id === input.token_id))
          throw errors.field('token_id', 'The store has no such token.');
        recordEvent(store, EMULATOR_ACTOR, { object_type: 'app', verb: 'uninstalled', object_id: store.id });
        deps.registry.revokeToken(store, input.token_id);
      }
      return { body: { store: describeStore(store, deps.registry) } };
    },
  },
  {
    method: 'POST',
    path: '/reinstall',
    access: 'store',
    summary: 'Install the service again after an uninstall: API calls work again',
    handle: ({ deps, store }) => {
      store.setUninstalled(null);
      return { body: { store: describeStore(store, deps.registry) } };
    },
  },
];
