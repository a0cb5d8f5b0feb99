/** What an update changed, for the `updated_attributes` of its event. */

/**
 * The fields `after` holds with another value than `before` (`updated_at` aside), or null.
 *
 * @example changedFields({ quantity: 1 }, { quantity: 2 }) // { quantity: 2 }
 */
export function changedFields<T extends object>(before: T, after: T): Record<string, unknown> | null {
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (key === 'updated_at') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[String(key)] = after[key];
  }
  return Object.keys(changed).length ? changed : null;
}
