import { errors } from '../errors/messages.js';
import type { ApiRequest } from './types.js';

/** An integer id from the path; anything else is an unknown resource (404). */
export function pathId(request: Pick<ApiRequest, 'params'>, name = 'id'): number {
  const raw = request.params[name] ?? '';
  if (!/^\d{1,15}$/.test(raw)) throw errors.notFound();
  return Number(raw);
}

/**
 * An integer id named in the body (sent as a number or, as the real service accepts, a numeric
 * string), for locking before the body is parsed; undefined when it is neither.
 *
 * @example bodyId({ body: { address_id: '12' } }, 'address_id') // 12
 */
export function bodyId(request: Pick<ApiRequest, 'body'>, name: string): number | undefined {
  const raw = request.body[name];
  if (typeof raw === 'number') return raw;
  return typeof raw === 'string' && /^\s*\d{1,15}\s*$/.test(raw) ? Number(raw) : undefined;
}
