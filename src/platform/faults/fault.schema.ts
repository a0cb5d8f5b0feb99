/** The body of `POST /_emulator/faults`, parsed with zod (a bad rule gets 422 naming its fields). */
import * as z from 'zod';
import { API_VERSIONS } from '../../model/versions.js';
import { onFirstUse } from '../first-use.js';
import { pathPatternProblem } from '../path-glob.js';
import type { FaultRuleInput } from './fault.types.js';

/** Longest latency a rule may add: long enough for any client time-out worth testing. */
export const MAX_LATENCY_MS = 120_000;

/** A fault rule, built on first use (src/platform/first-use.ts). */
export const faultRuleSchema = onFirstUse(() => {
  const path = z.string().superRefine((value, ctx) => {
    const problem = pathPatternProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

  const latencyMs = z.number().int().min(0).max(MAX_LATENCY_MS);
  const count = z.number().int().min(1);

  const faultMatchSchema = z
    .object({
      method: z.enum(['GET', 'POST', 'PUT', 'DELETE', 'HEAD']).optional(),
      path,
      version: z.enum(API_VERSIONS).optional(),
    })
    .strict();

  const faultActionSchema = z.discriminatedUnion('type', [
    z
      .object({
        type: z.literal('status'),
        status: z.number().int().min(200).max(599),
        body: z.record(z.string(), z.unknown()).optional(),
      })
      .strict(),
    z
      .object({
        type: z.literal('latency'),
        ms: latencyMs.optional(),
        min_ms: latencyMs.optional(),
        max_ms: latencyMs.optional(),
      })
      .strict()
      .superRefine((action, ctx) => {
        const range = action.min_ms !== undefined || action.max_ms !== undefined;
        if ((action.ms !== undefined) === range) {
          ctx.addIssue({ code: 'custom', path: [], message: 'Send either ms, or min_ms and max_ms.' });
        } else if (range && (action.min_ms === undefined || action.max_ms === undefined)) {
          ctx.addIssue({ code: 'custom', path: [], message: 'Send both min_ms and max_ms.' });
        } else if (range && (action.min_ms ?? 0) > (action.max_ms ?? 0)) {
          ctx.addIssue({ code: 'custom', path: ['max_ms'], message: 'Must not be less than min_ms.' });
        }
      }),
    z.object({ type: z.literal('reset') }).strict(),
    z
      .object({
        type: z.literal('truncate'),
        status: z.number().int().min(200).max(599).optional(),
        bytes: z.number().int().min(0).optional(),
      })
      .strict(),
  ]);

  const faultWhenSchema = z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('always') }).strict(),
    z.object({ mode: z.literal('next'), n: count }).strict(),
    z.object({ mode: z.literal('after'), n: z.number().int().min(0), times: count.optional() }).strict(),
    z
      .object({
        mode: z.literal('probability'),
        p: z.number().min(0).max(1),
        seed: z.number().int().min(0).max(0xffffffff).optional(),
        times: count.optional(),
      })
      .strict(),
  ]);

  return z
    .object({
      match: faultMatchSchema,
      action: faultActionSchema,
      when: faultWhenSchema.optional(),
      after: z.literal('commit').optional(),
    })
    .strict();
});

// The hand-written types of the client and the schema must describe the same rules.
type Parsed = z.output<ReturnType<typeof faultRuleSchema>>;
const _sameShape: [
  Parsed extends FaultRuleInput ? true : false,
  FaultRuleInput extends Parsed ? true : false,
] = [true, true];
void _sameShape;
