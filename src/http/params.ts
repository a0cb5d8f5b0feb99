import { errors } from '../errors/messages.js';
import type { ApiRequest } from './types.js';

/** An integer id from the path; anything else is an unknown resource (404). */
export function pathId(request: Pick<ApiRequest, 'params'>, name = 'id'): number {
  const raw = request.params[name] ?? '';
  if (!/^\d{1,15}$/.test(raw)) throw errors.notFound();
  return Number(raw);
}
