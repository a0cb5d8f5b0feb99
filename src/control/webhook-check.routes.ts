/**
 * `POST /_emulator/webhooks/check`: checks a webhook handler (src/webhook-check/run.ts) from a
 * store made for the check (kept afterwards, its journal and records to be looked at), or from the
 * store of the access token sent, and answers the graded report.
 */
import * as z from 'zod';
import { onFirstUse } from '../platform/first-use.js';
import { parseWith } from '../errors/validation.js';
import { isTopic } from '../domain/events/topics.js';
import { API_VERSIONS } from '../model/versions.js';
import { VERSION } from '../platform/version.js';
import { storeSettingsSchema } from '../store/settings.js';
import { runWebhookCheck } from '../webhook-check/run.js';
import type { ControlEndpoint } from './control.types.js';

/** The service's time budget for an answer (api-facts: 5 s). */
export const CHECK_TIMEOUT_MS = 5000;

/** The body of a check, built on first use (src/platform/first-use.ts). */
const checkSchemas = onFirstUse(() => ({
  check: z
    .object({
      url: z
        .string()
        .url()
        .refine((url) => /^https?:\/\//i.test(url), 'Not an http:// or https:// URL.')
        .describe('The webhook handler to check: every request of the check goes there, and only there'),
      topics: z
        .array(z.string().refine(isTopic, 'Not a webhook topic.'))
        .max(100)
        .optional()
        .describe("Topics of the valid deliveries (default those of the store's webhooks at url, else all)"),
      api_version: z
        .enum(API_VERSIONS)
        .optional()
        .describe("Version of the payloads (default the webhook's, else the store's)"),
      secret: z
        .string()
        .min(1)
        .max(1000)
        .optional()
        .describe(
          "The secret the handler verifies with (default the store's client secret, shown in the report)",
        ),
      timeout_ms: z
        .number()
        .int()
        .min(1)
        .max(60_000)
        .default(CHECK_TIMEOUT_MS)
        .describe('An answer later than this is a failure (default 5000, as the service)'),
      store: z
        .enum(['new', 'current'])
        .default('new')
        .describe('new: a store made for the check (kept); current: the store of the access token sent'),
      platform_word: z.string().optional().describe("A new store's platform word"),
      value_names: z.record(z.string(), z.string()).optional().describe("A new store's value names"),
    })
    .strict(),
}));

export const webhookCheckControlEndpoints: readonly ControlEndpoint[] = [
  {
    method: 'POST',
    path: '/webhooks/check',
    summary:
      'Check a webhook handler: a battery of signed deliveries (valid, forged, duplicated, out of order, unknown topic, extra fields) sent to url only, each answer graded; answers the report',
    body: () => checkSchemas().check,
    // It makes a store of its own by default: across stores, the admin token on a shared instance.
    access: 'admin',
    handle: async ({ deps, store, body }) => {
      const input = parseWith(checkSchemas().check, body);
      const fresh = input.store === 'new';
      const asked = {
        ...(input.platform_word === undefined ? {} : { platform_word: input.platform_word }),
        ...(input.value_names === undefined ? {} : { value_names: input.value_names }),
        ...(input.api_version === undefined ? {} : { default_api_version: input.api_version }),
      };
      // Refused with the settings' own 422; the emulator's defaults fill the rest.
      if (fresh) parseWith(storeSettingsSchema, asked);
      const made = fresh
        ? deps.registry.create({
            name: `Webhook check of ${input.url}`.slice(0, 255),
            settings: deps.registry.newStoreSettings(asked),
          })
        : undefined;
      const report = await runWebhookCheck({
        store: made?.store ?? store,
        newStore: fresh,
        token: made?.token.token ?? null,
        url: input.url,
        topics: input.topics,
        apiVersion: input.api_version,
        secret: input.secret,
        timeoutMs: input.timeout_ms,
        headers: deps.headers,
        userAgent: `billing-emulator/${VERSION}`,
      });
      return { body: { report } };
    },
  },
];
