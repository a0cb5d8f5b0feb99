/**
 * The contract between the HTTP layer and resource routes: an endpoint is data (method, path,
 * scope, versions) plus a handler that gets a parsed request and returns status and body.
 * Handlers never see Koa.
 */
import type { Actor } from '../model/actor.js';
import type { Scope } from '../store/scopes.js';
import type { Store } from '../store/store.js';
import type { StoreSettings } from '../store/settings.js';
import type { TokenRecord } from '../model/token.js';
import type { ApiVersion } from '../model/versions.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Query = Readonly<Record<string, string>>;
export type Body = Readonly<Record<string, unknown>>;

export interface ApiRequest {
  readonly store: Store;
  /** The version the answer speaks: record shapes, names, timestamps. */
  readonly version: ApiVersion;
  /**
   * The version whose route serves the request: `version`, except for a request that named no
   * version served by a route of the latest version (`endpointFor`). Statuses that differ by
   * version (201/204 against 200/`{}`: src/resources/responses.ts) follow the route.
   */
  readonly routeVersion: ApiVersion;
  readonly token: TokenRecord;
  readonly actor: Actor;
  readonly params: Readonly<Record<string, string>>;
  /** Query parameters; a repeated parameter keeps its first value. */
  readonly query: Query;
  /** The JSON object body (`{}` when the request has none). */
  readonly body: Body;
  /** `scheme://host` the request was sent to, for URLs in `Link` headers. */
  readonly origin: string;
  readonly path: string;
  /** Throws 403 unless the token holds `scope` (for scopes that depend on the request). */
  authorize(scope: Scope): void;
}

export interface ApiResponse {
  readonly status?: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** What a store needs to use an endpoint: the Pro plan, some platforms, the retention product. */
export interface Gate {
  readonly plan?: 'pro';
  /** Spec rules 5-6: the platforms the resource exists on; other stores get 406. */
  readonly platforms?: readonly StoreSettings['platform'][];
  readonly retention?: true;
  /**
   * Spec rule 5's regional tags (USA-only): the addresses the endpoint serves. The country is in
   * the request body, so the handler refuses the others (422); the gate states it for the docs.
   */
  readonly countries?: readonly string[];
}

/** A scope the handler checks itself because it depends on the request (e.g. a metafield's owner). */
export interface HandlerScope {
  readonly checkedBy: 'handler';
  readonly note: string;
}

export interface Endpoint {
  readonly method: HttpMethod;
  /** Path with `:param` segments, e.g. `/customers/:id`. */
  readonly path: string;
  readonly scope: Scope | HandlerScope | null;
  /** Versions that serve it; the others answer 501. All versions when absent. */
  readonly versions?: readonly ApiVersion[];
  readonly summary: string;
  /** Who may use it (spec rules 5-7); anyone when absent. */
  readonly gate?: Gate;
  /**
   * The address this write edits (itself or a child): held while the handler runs, so a second
   * concurrent write to it gets 409 (spec: "two concurrent edits of an address or its children").
   */
  readonly locks?: (request: ApiRequest) => number | undefined;
  /**
   * The handler only reads: it runs without a store command (no savepoint to take, nothing to
   * undo or publish: decision 0052). The endpoint table (`src/resources/index.ts`) sets it on every
   * `GET`; test/core/read-only-endpoints.test.ts runs every endpoint so marked against a seeded
   * store and fails if one writes anything.
   */
  readonly readOnly?: true;
  readonly handle: (request: ApiRequest) => ApiResponse | Promise<ApiResponse>;
}

export const ok = (body: unknown): ApiResponse => ({ status: 200, body });
export const created = (body: unknown): ApiResponse => ({ status: 201, body });
export const noContent = (): ApiResponse => ({ status: 204 });
