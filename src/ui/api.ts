/**
 * How the dashboard talks to the emulator: the control API (`/_emulator/...`) and the emulated API,
 * both as the store the user opened (its token), with the admin token when the emulator has one.
 * Nothing else: every screen is something a test could do over HTTP too.
 */

function meta(name: string, fallback: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? fallback;
}

/** Header names and whether an admin token is needed, written into the page by the emulator. */
export const config = {
  tokenHeader: meta('emulator-token-header', 'X-Service-Access-Token'),
  versionHeader: meta('emulator-version-header', 'X-Service-Version'),
  adminTokenRequired: meta('emulator-admin-token', 'none') === 'required',
};

/** An answer outside 2xx: its status and body, shown as they are. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly what: string,
  ) {
    super(`${what}: ${status}`);
  }
}

const ADMIN_KEY = 'billing-emulator.admin-token';

/** The admin token typed by the user, kept for this tab only. */
export const admin = {
  get token(): string {
    return sessionStorage.getItem(ADMIN_KEY) ?? '';
  },
  set token(value: string) {
    if (value) sessionStorage.setItem(ADMIN_KEY, value);
    else sessionStorage.removeItem(ADMIN_KEY);
  },
};

export type Json = Record<string, unknown>;

async function parse(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface CallOptions {
  readonly body?: unknown;
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  /** The store token; none: the control API acts on the default store. */
  readonly token?: string;
  /** The emulated API's version (2021-11 unless told: a few routes exist in 2021-01 only). */
  readonly version?: string;
}

function urlOf(path: string, query: CallOptions['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== '') params.set(name, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export function headersFor(options: {
  token?: string;
  control: boolean;
  version?: string;
}): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers[config.tokenHeader] = options.token;
  if (options.control && admin.token) headers.Authorization = `Bearer ${admin.token}`;
  if (!options.control) headers[config.versionHeader] = options.version ?? '2021-11';
  return headers;
}

/** An answer in 2xx: what was asked (`POST /charges/12/process`), its status and body. */
export interface Answer<T = Json> {
  readonly what: string;
  readonly status: number;
  readonly body: T;
}

async function call<T>(
  control: boolean,
  method: string,
  path: string,
  options: CallOptions,
): Promise<Answer<T>> {
  const headers = headersFor({ token: options.token, control, version: options.version });
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  const url = urlOf(control ? `/_emulator${path}` : path, options.query);
  const response = await fetch(url, { method, headers, body });
  const parsed = await parse(response);
  const what = `${method} ${url}`;
  if (!response.ok) throw new ApiFailure(response.status, parsed, what);
  return { what, status: response.status, body: parsed as T };
}

/** A control API call (`path` below `/_emulator`); a string body is sent as it is (a snapshot file). */
export async function control<T = Json>(method: string, path: string, options: CallOptions = {}): Promise<T> {
  return (await call<T>(true, method, path, options)).body;
}

/** An emulated API call in version 2021-11. */
export async function api<T = Json>(method: string, path: string, options: CallOptions = {}): Promise<T> {
  return (await call<T>(false, method, path, options)).body;
}

/** A control API call answering its status too (actions show what was asked and answered). */
export function controlAnswer<T = Json>(
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  return call<T>(true, method, path, options);
}

/** An emulated API call answering its status too. */
export function apiAnswer<T = Json>(
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  return call<T>(false, method, path, options);
}
