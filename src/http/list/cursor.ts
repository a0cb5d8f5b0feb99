/**
 * Opaque, tamper-evident list cursors. A cursor remembers the list it belongs to, its filters and
 * sort (the raw query parameters), the position (sort key and id of an edge item) and the
 * direction. It is signed with the store's secret, so a forged or edited cursor gives 422
 * `{"errors": {"cursor": ["Invalid value"]}}` (api-facts: Cursors).
 */
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { errors, FIELD } from '../../errors/messages.js';

export type SortKey = string | number;

export interface CursorState {
  /** The list it was issued for, e.g. `customers`. */
  readonly list: string;
  /** Query parameters (other than limit and cursor) of the request that started the walk. */
  readonly params: Readonly<Record<string, string>>;
  /** Sort key and id of the edge item: the last one for `next`, the first one for `previous`. */
  readonly key: SortKey;
  readonly id: number;
  readonly direction: 'next' | 'previous';
}

/** Signatures made lately, by secret and payload: a page asked for again signs the same cursors. */
const signatures = new Map<string, string>();
/** Keys made from the stores' secrets: preparing one costs about as much as the HMAC itself. */
const keys = new Map<string, KeyObject>();
/** Bounds both maps (a few hundred bytes an entry); past it they start again empty. */
const REMEMBERED = 1024;

function remember<V>(map: Map<string, V>, key: string, value: V): V {
  if (map.size >= REMEMBERED) map.clear();
  map.set(key, value);
  return value;
}

/**
 * The payload's signature. Only payloads this emulator made are remembered (`issued`): one a
 * client sends is checked, never kept, so no client decides what the map holds.
 */
function sign(payload: string, secret: string, issued: boolean): string {
  const known = signatures.get(`${secret}.${payload}`);
  if (known !== undefined) return known;
  const key = keys.get(secret) ?? remember(keys, secret, createSecretKey(Buffer.from(secret)));
  const signature = createHmac('sha256', key).update(payload).digest('base64url').slice(0, 22);
  return issued ? remember(signatures, `${secret}.${payload}`, signature) : signature;
}

export function encodeCursor(state: CursorState, secret: string): string {
  const payload = Buffer.from(
    JSON.stringify([state.list, state.params, state.key, state.id, state.direction === 'next' ? 'n' : 'p']),
  ).toString('base64url');
  return `${payload}.${sign(payload, secret, true)}`;
}

/** Decodes a cursor of `list`, or throws the documented 422 (`name` is the parameter it came in). */
export function decodeCursor(raw: string, list: string, secret: string, name: string): CursorState {
  const invalid = errors.field(name, FIELD.invalidValue);
  const [payload, signature, ...rest] = raw.split('.');
  if (!payload || !signature || rest.length > 0 || sign(payload, secret, false) !== signature) throw invalid;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(decoded) || decoded.length !== 5) throw invalid;
  const [cursorList, params, key, id, direction] = decoded as unknown[];
  if (cursorList !== list || typeof id !== 'number' || (typeof key !== 'string' && typeof key !== 'number')) {
    throw invalid;
  }
  if (typeof params !== 'object' || params === null || (direction !== 'n' && direction !== 'p'))
    throw invalid;
  return {
    list,
    params: params as Record<string, string>,
    key,
    id,
    direction: direction === 'n' ? 'next' : 'previous',
  };
}
