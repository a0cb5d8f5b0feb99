/** Stores, tokens and reset: isolated merchants for parallel test suites. */
import * as z from 'zod';
import { onFirstUse } from '../platform/first-use.js';
import { errors } from '../errors/messages.js';
import { pathId } from '../http/params.js';
import { parseWith } from '../errors/validation.js';
import { parseTimestampMs } from '../platform/calendar.js';
import { SCOPES } from '../store/scopes.js';
import {
  completeSettings,
  settingsEnvelope,
  storeSettingsSchema,
  withSettingsDefaults,
} from '../store/settings.js';
import type { StoreRegistry } from '../store/registry.js';
import type { Store } from '../store/store.js';
import type { TokenRecord } from '../model/token.js';
import type { ControlDeps, ControlEndpoint } from './control.types.js';
import type { Body } from '../http/types.js';
import { cloneBody, createClonedStore } from './clone-store.js';

/** The request schemas of these routes, built on first use (src/platform/first-use.ts). */
const storeSchemas = onFirstUse(() => {
  const timestamp = z
    .string()
    .refine((value) => parseTimestampMs(value) !== null, 'Not a valid ISO-8601 datetime.');

  const createStoreBody = z
    .object({
      name: z.string().min(1).max(255).optional(),
      settings: storeSettingsSchema.optional(),
      token: z.string().min(8).max(200).optional(),
      clock: z
        .object({ now: timestamp.optional(), mode: z.enum(['frozen', 'realtime']).optional() })
        .strict()
        .optional(),
      scenario: z
        .string()
        .min(1)
        .optional()
        .describe(
          'A built-in scenario (GET /_emulator/scenarios) to seed the store with; settings and clock given here win',
        ),
      clone: cloneBody()
        .optional()
        .describe(
          "Fill the store with a copy of a store read through the API at clone.from (docs/clone.md); settings given here win, clock.now is the clone's time",
        ),
    })
    .strict()
    .refine((body) => body.scenario === undefined || body.clone === undefined, {
      message: 'Give a scenario or a clone, not both.',
      path: ['clone'],
    });

  const createTokenBody = z
    .object({
      name: z.string().min(1).max(255),
      scopes: z.array(z.enum(SCOPES)),
      token: z.string().min(8).max(200).optional(),
    })
    .strict();
  return { createStore: createStoreBody, createToken: createTokenBody };
});

type StoreSchemas = ReturnType<typeof storeSchemas>;

/** What a store holds, at a glance (each from an index: as cheap for a large shop as for an empty one). */
export function storeCounts(store: Store): Record<string, number> {
  const { customers, subscriptions, charges, deliveries } = store.collections;
  return {
    customers: customers.size,
    active_subscriptions: subscriptions.countBy('status', 'active'),
    queued_charges: charges.countBy('status', 'queued'),
    failed_charges: charges.countBy('status', 'error'),
    pending_deliveries: (['pending', 'retrying', 'paused'] as const).reduce(
      (sum, status) => sum + deliveries.countBy('status', status),
      0,
    ),
  };
}

/** The control API's view of a store; `registry` tells whether it is the default store. */
export function describeStore(store: Store, registry: StoreRegistry): Record<string, unknown> {
  return {
    id: store.id,
    name: store.name,
    default: store === registry.defaultStore,
    settings: store.settings,
    clock: { now: store.clock.iso(), mode: store.clock.mode },
    installed: store.uninstalledAt === null,
    created_at: store.created_at,
    counts: storeCounts(store),
  };
}

/**
 * The answer to `POST /stores`: the new store, its token and secret, and what filled it (`extra`).
 *
 * @example createdStore(deps, store, token, { scenario: { name: 'small-shop', records } })
 */
export function createdStore(
  deps: ControlDeps,
  store: Store,
  token: TokenRecord,
  extra: Record<string, unknown> = {},
): { status: 201; body: Record<string, unknown> } {
  return {
    status: 201,
    body: {
      store: describeStore(store, deps.registry),
      token: token.token,
      client_secret: store.clientSecret,
      ...extra,
    },
  };
}

/** A store seeded from a built-in scenario: its settings and clock (the request's win), then its fixture. */
async function createSeededStore(
  deps: ControlDeps,
  input: z.output<StoreSchemas['createStore']>,
  body: Body,
  signal?: AbortSignal,
): Promise<{ status: 201; body: Record<string, unknown> }> {
  // Loaded on first use: the scenario machinery (YAML, faker) is not needed to start.
  const { builtinScenario, builtinScenarioNames } = await import('../scenarios/scenario.js');
  const { mergeSettings, scenarioClock, seedScenario } = await import('../scenarios/seed.js');
  const name = input.scenario ?? '';
  const scenario = await builtinScenario(name);
  if (!scenario)
    throw errors.field(
      'scenario',
      `No built-in scenario ${name}; built-ins: ${(await builtinScenarioNames()).join(', ')}.`,
    );
  const { checkGenerated } = await import('./scenarios.routes.js');
  await checkGenerated(scenario, deps, 'scenario');
  const requested = (body.settings ?? {}) as Record<string, unknown>;
  const settings = completeSettings(
    parseWith(settingsEnvelope, {
      settings: mergeSettings(
        withSettingsDefaults(deps.registry.settingsDefaults, scenario.settings),
        requested,
      ),
    }).settings,
  );
  const { store, token } = deps.registry.create({
    name: input.name ?? scenario.name,
    settings,
    token: input.token,
    clock: scenarioClock(scenario, {
      now: input.clock?.now,
      mode: input.clock?.mode,
    }),
  });
  let records;
  try {
    records = await seedScenario(store, scenario, { signal });
  } catch (error) {
    deps.registry.delete(store.id);
    throw errors.field('scenario', (error as Error).message);
  }
  return createdStore(deps, store, token, { scenario: { name: scenario.name, records } });
}

function issueToken(
  deps: ControlDeps,
  store: Store,
  body: Body,
): { status: 201; body: Record<string, unknown> } {
  const input = parseWith(storeSchemas().createToken, body);
  if (input.token && deps.registry.isTokenInUse(input.token))
    throw errors.field('token', 'Token already in use.');
  const token = deps.registry.issueToken(store, input);
  return {
    status: 201,
    body: { token: { id: token.id, name: token.name, scopes: token.scopes, token: token.token } },
  };
}

export const storeControlEndpoints: readonly ControlEndpoint[] = [
  {
    method: 'POST',
    path: '/stores',
    access: 'admin',
    summary:
      'Create an isolated store (settings not given take the platform word, value names and API version the emulator was started with); answers its first token (all scopes) and client secret',
    status: 201,
    body: () => storeSchemas().createStore,
    handle: ({ deps, body, abandoned }) => {
      const input = parseWith(storeSchemas().createStore, body);
      deps.registry.checkRoomForStore();
      if (input.token && deps.registry.isTokenInUse(input.token))
        throw errors.field('token', 'Token already in use.');
      if (input.scenario !== undefined) return createSeededStore(deps, input, body, abandoned);
      if (input.clone !== undefined)
        return createClonedStore(deps, input.clone, {
          ...input,
          settings: body.settings as Record<string, unknown> | undefined,
        });
      const now = input.clock?.now ? (parseTimestampMs(input.clock.now) ?? undefined) : undefined;
      const { store, token } = deps.registry.create({
        name: input.name,
        // Validated above; the emulator's defaults fill what the request leaves out.
        settings: deps.registry.newStoreSettings((body.settings ?? {}) as Record<string, unknown>),
        token: input.token,
        clock: { now, mode: input.clock?.mode },
      });
      return createdStore(deps, store, token);
    },
  },
  {
    method: 'GET',
    path: '/stores',
    access: 'admin',
    summary: 'List stores',
    handle: ({ deps }) => ({
      body: { stores: deps.registry.list().map((store) => describeStore(store, deps.registry)) },
    }),
  },
  {
    method: 'GET',
    path: '/stores/:id',
    access: 'admin',
    summary: 'Retrieve a store',
    handle: ({ deps, params }) => {
      const store = deps.registry.get(pathId({ params }));
      if (!store) throw errors.notFound();
      return { body: { store: describeStore(store, deps.registry) } };
    },
  },
  {
    method: 'DELETE',
    path: '/stores/:id',
    access: 'admin',
    summary: 'Delete a store and its tokens (not the default store)',
    status: 204,
    handle: ({ deps, params }) => {
      const id = pathId({ params });
      const store = deps.registry.get(id);
      if (!store) throw errors.notFound();
      if (store === deps.registry.defaultStore)
        throw errors.field('id', 'The default store cannot be deleted; reset it instead.');
      deps.registry.delete(id);
      return { status: 204 };
    },
  },
  {
    method: 'POST',
    path: '/stores/:id/tokens',
    access: 'admin',
    summary:
      'Issue a token with chosen scopes for a store named by id (how the dashboard opens a store it did not create)',
    status: 201,
    body: () => storeSchemas().createToken,
    handle: ({ deps, params, body }) => {
      const store = deps.registry.get(pathId({ params }));
      if (!store) throw errors.notFound();
      return issueToken(deps, store, body);
    },
  },
  {
    method: 'POST',
    path: '/reset',
    access: 'store',
    summary: "Empty the calling token's store (settings, tokens, secret and clock stay)",
    handle: ({ deps, store }) => {
      deps.registry.reset(store);
      return { body: { store: describeStore(store, deps.registry) } };
    },
  },
  {
    method: 'POST',
    path: '/tokens',
    access: 'admin',
    summary: "Issue a token with chosen scopes for the calling token's store",
    status: 201,
    body: () => storeSchemas().createToken,
    handle: ({ deps, store, body }) => issueToken(deps, store, body),
  },
];
