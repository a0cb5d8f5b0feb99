/**
 * The scenario file format (YAML or JSON): store settings, a clock, a fixture, and a timeline of
 * steps with expectations. One schema serves parsing, error messages and the published JSON Schema
 * (`scenarios/scenario.schema.json`, generated from this file), so they cannot drift apart.
 *
 * A step is one request, as data: `api` (the emulated API), `control` (any `/_emulator` route) or
 * `advance` (shorthand for `control: POST /clock/advance`), or no request at all for a step that
 * only checks. `save` keeps values of the answer for `${name}` in later steps.
 */
import * as z from 'zod';
import { fixtureSchema } from '../fixtures/fixture.schema.js';
import { parseTimestampMs } from '../platform/calendar.js';
import { generatorSchema } from '../fixtures/generator/sizes.js';
import { storeSettingsSchema } from '../store/settings.js';
import { API_VERSIONS } from '../model/versions.js';

export const SCENARIO_KIND = 'billing-emulator/scenario';

/** `$` operators of a matcher; any other value is compared as it is (objects by their fields). */
export const OPERATORS = [
  '$exists',
  '$matches',
  '$contains',
  '$length',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$not',
] as const;

const REQUEST_LINE = /^(GET|POST|PUT|PATCH|DELETE)\s+\/\S*$/;
const ADVANCE_SHORTHAND = /^(\d+(?:\.\d+)?)\s*(s|min|h|d|w)$|^next_job$/;

const requestLine = (where: string) =>
  z
    .string()
    .regex(REQUEST_LINE, `Write the method and the path, e.g. "POST /customers".`)
    .describe(`Method and path of ${where}, e.g. "POST /customers?limit=5"; may hold \${...}`);

const matcher = z
  .unknown()
  .describe(
    `A value the field must equal (objects: the fields given; arrays: element by element), or $ operators: ${OPERATORS.join(', ')}`,
  );

const topics = z
  .union([
    z
      .array(z.string())
      .describe('Topics that must all be among them (a topic listed twice must appear twice)'),
    z
      .object({
        include: z.array(z.string()).optional().describe('Must all appear (with repeats)'),
        exclude: z.array(z.string()).optional().describe('Must not appear'),
        equal: z.array(z.string()).optional().describe('Exactly these, in this order'),
        count: z
          .record(z.string(), matcher)
          .optional()
          .describe('How many of a topic, e.g. {charge/failed: 8}'),
      })
      .strict(),
  ])
  .describe('Topics (`charge/paid`) of what happened during the step');

const expectation = z
  .object({
    status: z
      .union([z.number().int(), z.array(z.number().int())])
      .optional()
      .describe('Status of the answer (default: any 2xx)'),
    body: z
      .record(z.string(), matcher)
      .optional()
      .describe(
        'Fields of the answer by path (`charge.status`, `charges.0.id`, `charges` for the whole list)',
      ),
    events: topics.optional().describe('Events recorded during the step (GET /events)'),
    deliveries: topics
      .optional()
      .describe('Webhook deliveries made during the step (GET /_emulator/webhooks/deliveries)'),
    counts: z
      .record(z.string(), matcher)
      .optional()
      .describe(
        'Records a 2021-11 list finds after the step, e.g. {customers: 25, "charges?status=error": 2}',
      ),
  })
  .strict();

export const stepSchema = z
  .object({
    name: z.string().optional().describe('What the step does, shown in reports'),
    api: requestLine('an emulated API request').optional(),
    control: requestLine('a control API request (below /_emulator)').optional(),
    advance: z
      .union([
        z
          .string()
          .regex(ADVANCE_SHORTHAND, 'Write an amount and a unit (30d, 12h, 90min, 45s, 2w) or next_job.'),
        z
          .object({
            seconds: z.number().optional(),
            minutes: z.number().optional(),
            hours: z.number().optional(),
            days: z.number().optional(),
            to: z.string().optional(),
            until: z.literal('next_job').optional(),
          })
          .strict(),
      ])
      .optional()
      .describe(
        'Moves the clock (POST /_emulator/clock/advance): "30d", "12h", {to: "2025-03-01T00:00:00Z"}, ...',
      ),
    body: z.record(z.string(), z.unknown()).optional().describe('JSON body of the request; may hold ${...}'),
    query: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
      .optional()
      .describe('Query parameters of the request'),
    version: z
      .enum(API_VERSIONS)
      .optional()
      .describe("API version (X-Service-Version); the store's default when absent"),
    token: z
      .string()
      .nullable()
      .optional()
      .describe(
        "Access token (e.g. one saved earlier); null sends none; the scenario store's token when absent",
      ),
    save: z
      .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Names are letters, digits and _.'), z.string())
      .optional()
      .describe(
        'Values to keep for ${name} in later steps, by path in the answer: {customer_id: body.customer.id}',
      ),
    expect: expectation.optional(),
  })
  .strict()
  .superRefine((step, ctx) => {
    const requests = (['api', 'control', 'advance'] as const).filter((key) => step[key] !== undefined);
    if (requests.length > 1)
      ctx.addIssue({
        code: 'custom',
        path: [requests[1] ?? ''],
        message: `A step makes one request: ${requests.join(' and ')} given.`,
      });
    if (requests.length === 0) {
      for (const key of ['body', 'query', 'version', 'token', 'save'] as const)
        if (step[key] !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'Only a step with api, control or advance sends a request.',
          });
      if (step.expect === undefined)
        ctx.addIssue({ code: 'custom', path: [], message: 'A step needs api, control, advance or expect.' });
    }
    if (step.advance !== undefined && step.body !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['body'],
        message: 'advance takes its amount in advance itself.',
      });
    if (step.expect?.body !== undefined && requests.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['expect', 'body'],
        message: 'A step without a request has no answer to check.',
      });
  });

export const fixtureRefSchema = z
  .union([
    z
      .object({ file: z.string().min(1).describe('A fixture file (JSON), relative to the scenario file') })
      .strict(),
    z.object({ generate: generatorSchema.describe('Generate the fixture: a seed and sizes') }).strict(),
    fixtureSchema,
  ])
  .describe('What the store is seeded with: a fixture file, the generator, or records written here');

export const scenarioSchema = z
  .object({
    $schema: z.string().optional(),
    kind: z.literal(SCENARIO_KIND).optional(),
    version: z.literal(1).optional(),
    name: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'Lowercase letters, digits and -.')
      .optional()
      .describe("The scenario's name; the file's name when absent"),
    description: z.string().min(1).describe('One line saying what the scenario is for'),
    settings: storeSettingsSchema
      .optional()
      .describe('Settings of the store (as POST /_emulator/stores takes them)'),
    clock: z
      .object({
        now: z
          .string()
          .refine((value) => parseTimestampMs(value) !== null, 'Not a valid ISO-8601 datetime.')
          .optional()
          .describe('Virtual time the store starts at (ISO 8601); wall-clock time when absent'),
        mode: z.enum(['frozen', 'realtime']).optional(),
      })
      .strict()
      .optional(),
    fixture: fixtureRefSchema.optional(),
    timeline: z
      .array(stepSchema)
      .optional()
      .describe('Steps run in order by `billing-emulator scenario run`; seeding a store does not run them'),
  })
  .strict()
  .describe(
    'A billing-emulator scenario: a seeded store and, optionally, a timeline of steps and expectations',
  );

export type ScenarioFile = z.output<typeof scenarioSchema>;
export type Step = z.output<typeof stepSchema>;
export type Expectation = NonNullable<Step['expect']>;
export type TopicsExpectation = NonNullable<Expectation['events']>;
