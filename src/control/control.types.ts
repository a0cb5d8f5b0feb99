/** The control API (`/_emulator/...`): endpoints as data, like the emulated API's. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import type { Logger } from '../platform/logger.js';
import type { OutboundOptions } from '../platform/outbound.js';
import type { PersistenceHealth } from '../platform/persistence/write-health.js';
import type { HttpMethod, Body, Query, ApiResponse } from '../http/types.js';
import type { BodyOptions } from '../http/body.js';
import type { HeaderNames } from '../http/headers.js';
import type { StoreRegistry } from '../store/registry.js';
import type { Store } from '../store/store.js';
import type { ControlAccess } from './access.js';

/** Where the control API is served: never under the emulated API's paths. */
export const CONTROL_PREFIX = '/_emulator';

export interface ControlDeps {
  readonly registry: StoreRegistry;
  readonly headers: HeaderNames;
  readonly logger: Logger;
  /**
   * When set (a shared instance), a store's token drives its own store and routes across stores
   * need `Authorization: Bearer <adminToken>` (src/control/access.ts).
   */
  readonly adminToken?: string;
  /** The emulator's own loopback URL once it listens (scenario runs call it over HTTP). */
  readonly selfUrl?: () => string | undefined;
  /** The data files' state (health reports a failing write); absent or null in memory. */
  readonly persistence?: { health(): PersistenceHealth | null };
  /** Aborted when the emulator closes: responses that never end by themselves (the stream) end then. */
  readonly closing?: AbortSignal;
  /** Whether clones may read link-local and cloud metadata addresses (refused by default). */
  readonly outbound?: OutboundOptions;
}

export interface ControlRequest {
  readonly deps: ControlDeps;
  /** The store of the access token sent, or the default store when none is sent. */
  readonly store: Store;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Query;
  readonly body: Body;
  /** The raw request body, for endpoints with `streamsBody` (their `body` is empty). */
  readonly bodyStream?: AsyncIterable<Buffer>;
  /** For endpoints with `rawBody`: the request's headers and body bytes, whatever their type. */
  readonly received?: { readonly headers: Readonly<Record<string, string>>; readonly bytes: Buffer };
  readonly origin: string;
  /** The caller may reach across stores: no admin token is set, or it was sent (src/control/access.ts). */
  readonly acrossStores: boolean;
  /** For endpoints with `takesOver`: the Node request and response, which the handler answers on itself. */
  readonly exchange?: { readonly req: IncomingMessage; readonly res: ServerResponse };
  /** Aborted when the client leaves before the answer: long work stops at its next step. */
  readonly abandoned?: AbortSignal;
}

export interface ControlEndpoint {
  readonly method: HttpMethod;
  /** Path below `/_emulator`, e.g. `/clock/advance`. */
  readonly path: string;
  readonly summary: string;
  /** Success status when it is not 200 (documents the route). */
  readonly status?: 201 | 204;
  /** Request body schema (also documents the route), as a getter: it is built on first use. */
  readonly body?: () => z.ZodType;
  /** Size and nesting limits of its body when larger than the API's (a whole store's snapshot). */
  readonly bodyOptions?: BodyOptions;
  /** The handler reads the JSON body itself from `bodyStream`, as it arrives (a whole store). */
  readonly streamsBody?: true;
  /** The handler takes any body as bytes, with the request's headers (the webhook inbox). */
  readonly rawBody?: true;
  /** Query parameters (documents the route; the handler parses them), as a getter like `body`. */
  readonly query?: () => z.ZodObject;
  /**
   * Who may call it on a shared instance (`--admin-token`): `public` (no token), `store` (the
   * calling store's own token), `inbox` (a store whose webhooks point at the inbox), `admin` (routes
   * across stores). Decided in one place: `authorize` in src/control/access.ts.
   */
  readonly access: ControlAccess;
  /**
   * The handler answers on the raw Node response itself (the MCP transport), after the same checks
   * as any route; it reads the body itself, runs outside a store command, and what it returns is not sent.
   */
  readonly takesOver?: true;
  /** The answer stays open until the client leaves or its `limit` is reached (server-sent events). */
  readonly endless?: true;
  readonly handle: (request: ControlRequest) => ApiResponse | Promise<ApiResponse>;
}
