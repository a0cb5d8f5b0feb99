/**
 * Calls endpoints of the emulated API without HTTP, exactly as the router does (version choice,
 * scope and gate checks, address hold: src/http/endpoint-request.ts), as one token of one store.
 * Seeding a store from a fixture goes through here, so seeded records pass the API's validation
 * and get the same derived state (queued charges, events) as records created over HTTP.
 */
import { apiErrorOf } from './failures.js';
import { authenticated } from '../store/registry.js';
import type { Store } from '../store/store.js';
import type { TokenRecord } from '../model/token.js';
import type { ApiVersion } from '../model/versions.js';
import { dialectOf } from './dialect.js';
import { jsonValue } from './json-text.js';
import { checkAccess, endpointFor, endpointRequest, invokeEndpoint } from './endpoint-request.js';
import { RouteTable } from './route-table.js';
import type { Body, Endpoint, HttpMethod, Query } from './types.js';

export interface ApiCall {
  readonly method: HttpMethod;
  /** Path with its parameters filled in, e.g. `/addresses/12/apply_discount`. */
  readonly path: string;
  readonly body?: Body;
  readonly query?: Query;
  /** The store's default version when absent. */
  readonly version?: ApiVersion;
}

export interface ApiAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** Sends one request; answers its status and body (errors included, as an HTTP client would see them). */
export type Invoke = (call: ApiCall) => Promise<ApiAnswer>;

const tables = new WeakMap<readonly Endpoint[], RouteTable<Endpoint[]>>();

function tableOf(endpoints: readonly Endpoint[]): RouteTable<Endpoint[]> {
  let table = tables.get(endpoints);
  if (!table) {
    table = new RouteTable<Endpoint[]>();
    const groups = new Map<string, Endpoint[]>();
    for (const endpoint of endpoints) {
      const key = `${endpoint.method} ${endpoint.path}`;
      const group = groups.get(key);
      if (group) group.push(endpoint);
      else {
        const created = [endpoint];
        groups.set(key, created);
        table.add(endpoint.method, endpoint.path, created);
      }
    }
    tables.set(endpoints, table);
  }
  return table;
}

/**
 * A client of `endpoints` acting as `token` of `store`.
 *
 * @example
 * const invoke = inProcessClient(endpoints, store, store.tokens[0]);
 * const { status, body } = await invoke({ method: 'POST', path: '/customers', body: { email: 'a@example.com', ... } });
 */
export function inProcessClient(endpoints: readonly Endpoint[], store: Store, token: TokenRecord): Invoke {
  const table = tableOf(endpoints);
  const auth = authenticated(store, token);
  return async (call) => {
    try {
      const match = table.match(call.path);
      const group = match?.methods.get(call.method);
      if (!match || !group) return { status: 404, body: { errors: 'Not Found' } };
      const identity = { auth, version: call.version ?? store.settings.default_api_version };
      const endpoint = endpointFor(group, identity.version);
      checkAccess(endpoint, identity);
      const request = endpointRequest({
        identity,
        params: match.params,
        query: call.query ?? {},
        body: call.body ?? {},
        path: call.path,
        origin: () => 'http://in-process',
      });
      const response = await invokeEndpoint(endpoint, request);
      // Answered in the store's words, as over HTTP.
      const answer = dialectOf(store).writeResponse(response);
      const status = answer.status ?? 200;
      // Values, as a client parsing the answer gets (a list page may come as JSON text).
      return { status, body: status === 204 ? null : (jsonValue(answer.body) ?? {}) };
    } catch (error) {
      const answer = apiErrorOf(error);
      if (answer) return { status: answer.status, body: dialectOf(store).writeError(answer.body) };
      throw error;
    }
  };
}
