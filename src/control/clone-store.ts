/**
 * `POST /_emulator/stores` with `clone`: a new store holding a copy of a store of the real API (or
 * of another emulator), read through that API by the emulator itself (src/clone). The store is
 * created only when the whole store was read and imported; an upstream that refuses or keeps
 * failing gets 502 with its reason, and no store is left behind.
 */
import * as z from 'zod';
import { ApiError } from '../errors/api-error.js';
import { parseTimestampMs } from '../platform/calendar.js';
import { parseWith } from '../errors/validation.js';
import { onFirstUse } from '../platform/first-use.js';
import { API_VERSIONS } from '../model/versions.js';
import { completeSettings, mergedSettings, storeSettingsSchema } from '../store/settings.js';
import { LIST_NAMES } from '../clone/lists.js';
import type { ControlDeps } from './control.types.js';

/** The `clone` of `POST /_emulator/stores`, built on first use (src/platform/first-use.ts). */
export const cloneBody = onFirstUse(() =>
  z
    .object({
      from: z
        .string()
        .regex(/^https?:\/\/\S+$/, 'Must be an http(s) URL.')
        .describe('Base URL of the API to read the store from'),
      token: z.string().min(1).max(500).describe("The store's API token there (read scopes are enough)"),
      header_prefix: z
        .string()
        .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,40}$/)
        .optional()
        .describe("Middle word of its headers (X-<prefix>-Access-Token); default the emulator's"),
      platform_word: z
        .string()
        .optional()
        .describe("Its word for the platform (shopify for shopify_product_id); default the emulator's"),
      value_names: z
        .record(z.string(), z.string())
        .optional()
        .describe("Its names for neutral values; default the emulator's"),
      api_version: z
        .enum(API_VERSIONS)
        .optional()
        .describe('Version lists are read in where both exist (default 2021-11)'),
      only: z
        .array(z.enum(LIST_NAMES as [string, ...string[]]))
        .optional()
        .describe('Lists to read (with what they need); all when absent'),
      customers: z
        .array(z.number().int().positive())
        .max(1000)
        .optional()
        .describe('Clone only these customers and their records (the catalog whole)'),
      page_size: z.number().int().min(1).max(250).optional().describe('Records per page (default 250)'),
      redact_pii: z
        .boolean()
        .optional()
        .describe('Replace emails, phones, names and street lines with stand-ins, consistently'),
    })
    .strict(),
);

/** What `POST /stores` also takes besides `clone` (its name, token, settings and clock). */
interface StoreFields {
  readonly name?: string;
  readonly token?: string;
  readonly clock?: { readonly now?: string };
  readonly settings?: Record<string, unknown>;
}

/**
 * Reads the store, then creates one holding it: 201 `{store, token, client_secret, clone: summary}`.
 * Settings given beside `clone` win over the cloned ones.
 */
export async function createClonedStore(
  deps: ControlDeps,
  input: z.output<ReturnType<typeof cloneBody>>,
  fields: StoreFields,
): Promise<{ status: 201; body: Record<string, unknown> }> {
  // Loaded on first use: nothing of the clone is needed to start.
  const { cloneStore, CloneError, RefusedUpstream } = await import('../clone/clone.js');
  const { cloneIntoRegistry } = await import('../clone/into.js');
  const { createdStore } = await import('./stores.routes.js');
  const now = fields.clock?.now === undefined ? undefined : (parseTimestampMs(fields.clock.now) ?? undefined);
  // What the clone does not say, the emulator was started with (as for every store made later).
  const defaults = deps.registry.settingsDefaults;
  let result;
  try {
    result = await cloneStore({
      baseUrl: input.from,
      token: input.token,
      headerPrefix: input.header_prefix ?? deps.headers.prefix,
      platformWord: input.platform_word ?? defaults.platform_word,
      valueNames: input.value_names ?? defaults.value_names,
      apiVersion: input.api_version,
      only: input.only,
      customers: input.customers,
      pageSize: input.page_size,
      redactPii: input.redact_pii,
      now,
      outbound: deps.outbound,
    });
  } catch (error) {
    // An address refused is the caller's input, as an invalid URL is: 422 on `from`.
    if (error instanceof RefusedUpstream)
      throw new ApiError(422, { errors: { clone: { from: [error.message] } } });
    if (error instanceof CloneError) throw new ApiError(502, { error: error.message });
    throw error;
  }
  const settings = fields.settings
    ? completeSettings(
        parseWith(z.object({ settings: storeSettingsSchema }), {
          settings: mergedSettings(result.settings, fields.settings),
        }).settings,
      )
    : result.settings;
  const { store, token } = await cloneIntoRegistry(
    deps.registry,
    { ...result, settings },
    {
      name: fields.name,
      token: fields.token,
    },
  );
  return createdStore(deps, store, token, { clone: result.summary });
}
