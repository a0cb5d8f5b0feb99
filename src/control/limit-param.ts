/** The `limit` query parameter of the control API's reads (clock jobs, requests, inbox, stream). */
import * as z from 'zod';

/**
 * An optional count of at least 1 (at most `max`) as a query string carries it: digits only, so
 * `limit=abc` and `limit=-1` get the usual 422. Call it inside a schema's builder.
 *
 * @example
 * z.object({ limit: limitParam(100) }).parse({ limit: '25' }); // { limit: 25 }
 */
export function limitParam(max?: number) {
  const count = z.number().min(1);
  return z
    .string()
    .regex(/^\d{1,6}$/, 'Not a valid integer.')
    .transform(Number)
    .pipe(max === undefined ? count : count.max(max))
    .optional();
}
