/** zod building blocks of the catalog's request bodies (products, plans, collections). */
import { FIELD } from '../../errors/messages.js';
import * as z from 'zod';
import { numeric } from '../schema-parts.js';
import { fromMinor, isAmount, toMinor } from '../../domain/money.js';
import { parseTimestampMs } from '../../platform/calendar.js';
import { toIso } from '../../platform/clock.js';
import { onFirstUse } from '../../platform/first-use.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The catalog's parts, built with the first schema that uses one (see schemaParts). */
export const catalogParts = onFirstUse(() => ({
  /**
   * An external (platform) id: a string, also taken as a safe integer (clients of 2021-01 send
   * platform ids as numbers) or as the 2021-11 `{ecommerce: "..."}` wrapper.
   */
  externalIdField: z.preprocess(
    (value) => {
      const inner = isRecord(value) && 'ecommerce' in value ? value.ecommerce : value;
      return typeof inner === 'number' && Number.isSafeInteger(inner) && inner >= 0 ? String(inner) : inner;
    },
    z
      .string()
      .trim()
      .min(1)
      .max(255)
      .regex(/^[^/?#]+$/, 'Must not contain /, ? or #.'),
  ),

  /**
   * A money amount: a decimal string (`"19.99"`), or a number as 2021-01 clients send, normalized to
   * two decimals (`"19.90"`).
   */
  amountField: z.preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
    z.string().transform((value, ctx) => {
      const text = value.trim();
      if (!isAmount(text)) {
        ctx.addIssue({ code: 'custom', message: FIELD.notAmount });
        return z.NEVER;
      }
      return fromMinor(toMinor(text));
    }),
  ),

  /** An ISO-8601 datetime, stored as the canonical `YYYY-MM-DDTHH:MM:SSZ`. */
  timestampField: z.string().transform((value, ctx) => {
    const ms = parseTimestampMs(value);
    if (ms === null) {
      ctx.addIssue({ code: 'custom', message: FIELD.notDatetime });
      return z.NEVER;
    }
    return toIso(ms);
  }),

  /** A positive integer, also taken as a numeric string (2021-01 frequencies are strings). */
  countField: numeric(z.number().int().min(1).max(1000)),
}));
