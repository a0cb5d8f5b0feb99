/**
 * `include=<a>,<b>` on list and retrieve GETs (spec: Extending responses). Each resource names the
 * values each version accepts and how to resolve them; the result sits under the record's
 * `include` key.
 */
import { errors, FIELD } from '../../errors/messages.js';
import type { ApiVersion } from '../../model/versions.js';
import type { ApiRequest } from '../types.js';

/** What resolving an include needs: the store and the version to render in (a request has both). */
export type IncludeContext = Pick<ApiRequest, 'store' | 'version'>;

export interface IncludeSpec<T> {
  readonly allowed: Readonly<Record<ApiVersion, readonly string[]>>;
  readonly resolve: (row: T, name: string, context: IncludeContext) => unknown;
}

export function parseIncludes<T>(
  spec: IncludeSpec<T> | undefined,
  raw: string | undefined,
  version: ApiVersion,
): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  const allowed = spec?.allowed[version] ?? [];
  const names = [...new Set(raw.split(',').map((name) => name.trim()))];
  for (const name of names) {
    if (!allowed.includes(name)) {
      throw errors.field(
        'include',
        allowed.length ? FIELD.oneOf(allowed) : 'No related objects can be included.',
      );
    }
  }
  return names;
}

export function withIncludes<T>(
  serialized: unknown,
  row: T,
  names: readonly string[],
  spec: IncludeSpec<T> | undefined,
  request: IncludeContext,
): unknown {
  if (!names.length || !spec || typeof serialized !== 'object' || serialized === null) return serialized;
  const include: Record<string, unknown> = {};
  for (const name of names) include[name] = spec.resolve(row, name, request);
  return { ...serialized, include };
}
