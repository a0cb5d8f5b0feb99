/**
 * The control API as an OpenAPI 3.1 document, generated from the control endpoint table (method,
 * path, summary, success status, zod body schema), so a route is documented by being added to the
 * table. Served at `/_emulator/openapi.json`; test/core/openapi.test.ts holds it to the live routes.
 */
import * as z from 'zod';
import type { HeaderNames } from '../http/headers.js';
import { VERSION } from '../platform/version.js';
import { CONTROL_PREFIX, type ControlEndpoint } from './control.types.js';
import type { ControlAccess } from './access.js';

type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly required: boolean;
  readonly description?: string;
  readonly schema: JsonSchema;
}

export interface OpenApiOperation {
  readonly operationId: string;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly parameters: readonly OpenApiParameter[];
  readonly requestBody?: {
    readonly required: true;
    readonly content: { readonly 'application/json': { readonly schema: JsonSchema } };
  };
  readonly responses: Readonly<Record<string, { readonly description: string; readonly content?: unknown }>>;
  /** `[]`: no credentials; `[{}, {adminToken: []}]`: the admin token when the emulator has one. */
  readonly security: readonly Readonly<Record<string, readonly string[]>>[];
  /** Who may call it on a shared instance (`--admin-token`): src/control/access.ts. */
  readonly 'x-access': ControlAccess;
}

export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly paths: Readonly<Record<string, Readonly<Record<string, OpenApiOperation>>>>;
  readonly components: { readonly securitySchemes: Readonly<Record<string, unknown>> };
}

/**
 * The OpenAPI form of a control path.
 *
 * @example
 * openApiPath('/stores/:id'); // '/_emulator/stores/{id}'
 */
export function openApiPath(path: string): string {
  return `${CONTROL_PREFIX}${path.replace(/:(\w+)/g, '{$1}')}`;
}

function bodySchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
}

const errorResponse = {
  description: 'An error: `{"error": "..."}` or `{"errors": {...}}`',
  content: {
    'application/json': {
      schema: { type: 'object', properties: { error: { type: 'string' }, errors: {} } },
    },
  },
};

function operationOf(endpoint: ControlEndpoint, headers: HeaderNames): OpenApiOperation {
  const pathParameters: OpenApiParameter[] = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => ({
    name: match[1] ?? '',
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const queryParameters: OpenApiParameter[] = Object.entries(endpoint.query?.().shape ?? {}).map(
    ([name, schema]) => ({
      name,
      in: 'query',
      required: !schema.safeParse(undefined).success,
      schema: bodySchema(schema),
    }),
  );
  const tokenParameter: OpenApiParameter = {
    name: headers.accessToken,
    in: 'header',
    required: false,
    description: 'Access token of the store to act on; the default store when absent',
    schema: { type: 'string' },
  };
  const status = endpoint.status ?? 200;
  const words = endpoint.path.split(/[/:._-]+/).filter(Boolean);
  return {
    operationId: [endpoint.method.toLowerCase(), ...words.map((w) => w[0]?.toUpperCase() + w.slice(1))].join(
      '',
    ),
    summary: endpoint.summary,
    tags: [words[0] ?? 'control'],
    parameters:
      endpoint.access === 'public'
        ? [...pathParameters, ...queryParameters]
        : [...pathParameters, ...queryParameters, tokenParameter],
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: bodySchema(endpoint.body()) } },
          },
        }
      : {}),
    responses: {
      [String(status)]: { description: status === 204 ? 'Done; no body' : 'Success (JSON)' },
      default: errorResponse,
    },
    security: endpoint.access === 'public' ? [] : [{}, { adminToken: [] }],
    'x-access': endpoint.access,
  };
}

/**
 * The OpenAPI document of `endpoints`, with the header names the emulator was started with.
 *
 * @example
 * const doc = controlOpenApi(controlEndpoints, headerNames('Service'));
 * doc.paths['/_emulator/clock/advance']?.post?.summary; // 'Move the clock forward, ...'
 */
export function controlOpenApi(endpoints: readonly ControlEndpoint[], headers: HeaderNames): OpenApiDocument {
  const paths: Record<string, Record<string, OpenApiOperation>> = {};
  for (const endpoint of endpoints) {
    const item = (paths[openApiPath(endpoint.path)] ??= {});
    item[endpoint.method.toLowerCase()] = operationOf(endpoint, headers);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'billing-emulator control API',
      version: VERSION,
      description:
        'Routes under /_emulator that create stores and tokens, reset stores, move their virtual clocks, ' +
        'show the notifications a store would have sent, seed credit accounts, ' +
        'inject faults into the emulated API and read its request journal. ' +
        `Each acts on the store of the ${headers.accessToken} sent, or on the default store when none is sent.`,
    },
    paths,
    components: {
      securitySchemes: {
        adminToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'Needed only when the emulator was started with --admin-token, and then only by the routes whose x-access is admin (or inbox, for an inbox no webhook of the calling store points at); a store token is enough for the others',
        },
      },
    },
  };
}

/** `GET /openapi.json`: the document of `endpoints()` (a function, as the table lists this route too). */
export function openApiEndpoint(endpoints: () => readonly ControlEndpoint[]): ControlEndpoint {
  return {
    method: 'GET',
    path: '/openapi.json',
    access: 'public',
    summary: 'This OpenAPI 3.1 document of the control API (no token needed)',
    handle: ({ deps }) => ({ body: controlOpenApi(endpoints(), deps.headers) }),
  };
}
