/**
 * The stores an emulator starts with: those of its data file, or a default store made new, seeded
 * from a scenario or cloned from a store of the real service, with the start options applied.
 */
import { billingJobKinds } from './domain/jobs.js';
import { domainObservers } from './domain/observers.js';
import { eventBody } from './resources/webhooks/payloads.js';
import type { HeaderNames } from './http/headers.js';
import { deliverWebhooks, webhookJobKinds } from './webhooks/dispatcher.js';
import { VERSION } from './platform/version.js';
import { TOPICS } from './domain/events/topics.js';
import { createWebhook } from './domain/webhooks/webhooks.service.js';
import type { Store, StoreJobKinds } from './store/store.js';
import type { Persistence } from './platform/persistence/database.js';
import { RegistryChanges } from './store/registry-changes.js';
import { readStored } from './store/persistence.js';
import { StoreRegistry } from './store/registry.js';
import { brandOf } from './store/dialect-settings.js';
import { completeSettings, storeSettingsSchema } from './store/settings.js';
import type { Scenario } from './scenarios/scenario.js';
import {
  settingsDefaultsOf,
  withDialectOptions,
  withTrafficOptions,
  type EmulatorCloneOptions,
  type EmulatorOptions,
  type Loaded,
} from './emulator.options.js';

/** The name of a scenario option (a built-in's name or a file's path as given). */
function scenarioName(scenario: EmulatorOptions['scenario']): string | undefined {
  return typeof scenario === 'string' ? scenario : scenario?.name;
}

const JOB_KINDS: StoreJobKinds = new Map([...billingJobKinds, ...webhookJobKinds]);

/** Subscribes a store to every topic at `url` (topics it already sends there are left as they are). */
export function subscribeToEverything(store: Store, url: string): void {
  if (!/^https?:\/\/\S+$/.test(url)) throw new Error(`Invalid webhook URL: ${url}`);
  const existing = new Set<string>();
  for (const webhook of store.collections.webhooks.values())
    if (webhook.address === url) existing.add(webhook.topic);
  for (const topic of Object.keys(TOPICS)) {
    if (!existing.has(topic))
      createWebhook(store, { address: url, topic, included_objects: [] }, store.settings.default_api_version);
  }
}

/**
 * The registry an emulator starts with, and what it was loaded from: the data file's stores (the
 * start options applied to its default store), else a new default store, seeded from
 * `options.scenario` or cloned from `options.clone` when asked.
 *
 * @example
 * const { registry, loaded } = await loadRegistry({ scenario: 'small-shop' }, database, headerNames('Service'));
 */
export async function loadRegistry(
  options: EmulatorOptions,
  database: Persistence,
  headers: HeaderNames,
): Promise<{ registry: StoreRegistry; loaded: Loaded }> {
  if (options.scenario !== undefined && options.clone !== undefined)
    throw new Error('Seed the default store from a scenario or a clone, not both.');
  const changes = new RegistryChanges();
  const observers = [
    ...domainObservers,
    deliverWebhooks({
      headers,
      userAgent: `billing-emulator/${VERSION}`,
      render: eventBody,
      allowMetadataAddresses: options.allowMetadataAddresses,
      lookup: options.outboundLookup,
    }),
    ...(options.observers ?? []),
  ];
  const registry = new StoreRegistry({
    seed: options.seed,
    settingsDefaults: settingsDefaultsOf(options),
    limits: {
      maxStores: options.maxStores,
      maxGenerate: options.maxGenerate,
      journalBytes: options.journalBytes,
    },
    jobKinds: JOB_KINDS,
    // The change tracker comes first: it notes each write before other listeners write more.
    observers: database.persistent ? [changes.observe, ...observers] : observers,
    brand: brandOf(options.headerPrefix ?? 'Service'),
    onChange: database.persistent
      ? (storeId) => {
          changes.onChange(storeId);
          database.markDirty();
        }
      : () => undefined,
  });
  const doc = await readStored(database, options.data);
  if (doc) registry.load(doc);
  changes.attach(registry);
  database.attach(changes);
  if (doc) {
    const store = registry.defaultStore;
    if (options.token && !registry.isTokenInUse(options.token)) {
      registry.issueToken(store, {
        name: 'Start token',
        scopes: store.tokens[0]?.scopes ?? [],
        token: options.token,
      });
    }
    const settings = options.apiVersion
      ? { ...store.settings, default_api_version: options.apiVersion }
      : store.settings;
    const wanted = withDialectOptions(withTrafficOptions(settings, options), options);
    if (wanted !== store.settings) store.updateSettings(wanted);
    const scenario = scenarioName(options.scenario);
    return {
      registry,
      loaded: {
        storesFromData: doc.stores.length,
        ...(scenario === undefined ? {} : { scenario: { name: scenario, seeded: false } }),
        ...(options.clone === undefined ? {} : { clone: { from: options.clone.from, cloned: false } }),
      },
    };
  }
  if (options.scenario !== undefined) {
    const seeded = await seededRegistry(registry, options, options.scenario);
    return {
      registry: seeded.registry,
      loaded: {
        storesFromData: 0,
        scenario: {
          name: seeded.name,
          seeded: true,
          customers: seeded.customers,
          subscriptions: seeded.subscriptions,
        },
      },
    };
  }
  if (options.clone !== undefined) {
    const counts = await cloneDefaultStore(registry, options, options.clone);
    return {
      registry,
      loaded: { storesFromData: 0, clone: { from: options.clone.from, cloned: true, counts } },
    };
  }
  const settings = withDialectOptions(
    withTrafficOptions(
      completeSettings(
        storeSettingsSchema.parse({
          ...options.settings,
          ...(options.apiVersion ? { default_api_version: options.apiVersion } : {}),
        }),
      ),
      options,
    ),
    options,
  );
  registry.create({ settings, token: options.token });
  return { registry, loaded: { storesFromData: 0 } };
}

/** Creates the default store from a scenario: its settings (the options' win), clock and fixture. */
async function seededRegistry(
  registry: StoreRegistry,
  options: EmulatorOptions,
  wanted: string | Scenario,
): Promise<{ registry: StoreRegistry; name: string; customers: number; subscriptions: number }> {
  // Loaded only when asked for: the scenario machinery (YAML, faker) is not needed to start.
  const { resolveScenario } = await import('./scenarios/scenario.js');
  const { mergeSettings, scenarioClock, seedScenario } = await import('./scenarios/seed.js');
  const scenario = typeof wanted === 'string' ? await resolveScenario(wanted) : wanted;
  const settings = withDialectOptions(
    withTrafficOptions(
      completeSettings(
        storeSettingsSchema.parse({
          ...mergeSettings(scenario.settings, options.settings as Record<string, unknown> | undefined),
          ...(options.apiVersion ? { default_api_version: options.apiVersion } : {}),
        }),
      ),
      options,
    ),
    options,
  );
  const { store } = registry.create({ settings, token: options.token, clock: scenarioClock(scenario) });
  const seeded = await seedScenario(store, scenario, { onProgress: options.onSeedProgress });
  return {
    registry,
    name: scenario.name,
    customers: seeded?.customers ?? 0,
    subscriptions: seeded?.subscriptions ?? 0,
  };
}

/**
 * Creates the default store from a clone: the settings it read, with the options' over them.
 * Returns the records it copied, by list.
 */
async function cloneDefaultStore(
  registry: StoreRegistry,
  options: EmulatorOptions,
  clone: EmulatorCloneOptions,
): Promise<Record<string, number>> {
  // Loaded only when asked for: nothing of the clone is needed to start.
  const { cloneStore } = await import('./clone/clone.js');
  const { cloneIntoRegistry } = await import('./clone/into.js');
  const result = await cloneStore({
    baseUrl: clone.from,
    token: clone.token,
    headerPrefix: clone.headerPrefix ?? options.headerPrefix,
    platformWord: options.platformWord,
    valueNames: options.valueNames,
    only: clone.only,
    onProgress: clone.onProgress,
    outbound: { allowMetadataAddresses: options.allowMetadataAddresses, lookup: options.outboundLookup },
  });
  const base = options.apiVersion
    ? { ...result.settings, default_api_version: options.apiVersion }
    : result.settings;
  const settings = withDialectOptions(withTrafficOptions(base, options), options);
  await cloneIntoRegistry(registry, { ...result, settings }, { token: options.token });
  return result.summary.counts;
}
