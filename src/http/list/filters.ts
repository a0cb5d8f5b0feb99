/** Builders for the filter parameters lists share (`customer_id`, `ids`, `created_at_min`, ...). */
import { errors, FIELD } from '../../errors/messages.js';
import type { Collection, Identified, IndexKey } from '../../platform/persistence/collection.js';
import type { Store } from '../../store/store.js';
import type { FilterParser } from './list.js';
import {
  parseBooleanParam,
  parseDateParam,
  parseDayParam,
  parseInteger,
  parseIntegerList,
} from './params.js';

/** `ids=1,2,3`: the records with those ids. */
export function idsFilter<T extends Identified>(): FilterParser<T> {
  return (raw, _request, name) => ({ candidates: parseIntegerList(name, raw) });
}

/** An integer equality looked up in an index of the collection. */
export function indexedIntegerFilter<T extends Identified>(
  collection: (store: Store) => Collection<T>,
  index: string,
): FilterParser<T> {
  return (raw, request, name) => ({
    candidates: collection(request.store).idsBy(index, parseInteger(name, raw)),
  });
}

/** A string equality looked up in an index (with the index's normalization). */
export function indexedStringFilter<T extends Identified>(
  collection: (store: Store) => Collection<T>,
  index: string,
  normalize: (value: string) => IndexKey = (value) => value,
): FilterParser<T> {
  return (raw, request) => ({ candidates: collection(request.store).idsBy(index, normalize(raw.trim())) });
}

export function integerFilter<T>(get: (row: T) => number | null): FilterParser<T> {
  return (raw, _request, name) => {
    const value = parseInteger(name, raw);
    return { test: (row) => get(row) === value };
  };
}

export function stringFilter<T>(get: (row: T) => string | null, caseInsensitive = false): FilterParser<T> {
  return (raw) => {
    const value = caseInsensitive ? raw.trim().toLowerCase() : raw.trim();
    return {
      test: (row) => {
        const field = get(row);
        return field !== null && (caseInsensitive ? field.toLowerCase() : field) === value;
      },
    };
  };
}

export function booleanFilter<T>(get: (row: T, store: Store) => boolean): FilterParser<T> {
  return (raw, request, name) => {
    const value = parseBooleanParam(name, raw);
    return { test: (row) => get(row, request.store) === value };
  };
}

/** One value or a comma-separated list of allowed values (compared case-insensitively). */
export function enumFilter<T>(
  allowed: readonly string[],
  get: (row: T, store: Store) => string,
): FilterParser<T> {
  // Values are matched in their canonical case, so rows are compared without allocating.
  const canonical = new Map(allowed.map((value) => [value.toLowerCase(), value]));
  return (raw, request, name) => {
    const wanted = new Set<string>();
    for (const part of raw.split(',')) {
      const value = canonical.get(part.trim().toLowerCase());
      if (value === undefined) throw errors.field(name, FIELD.oneOf(allowed));
      wanted.add(value);
    }
    return { test: (row) => wanted.has(get(row, request.store)) };
  };
}

/** `<field>_min`: timestamp at or after the value. */
export function minTimeFilter<T>(get: (row: T) => string | null): FilterParser<T> {
  return (raw, _request, name) => {
    const bound = parseDateParam(name, raw);
    return { test: (row) => (get(row) ?? '') >= bound };
  };
}

/** `<field>_max`: timestamp at or before the value. */
export function maxTimeFilter<T>(get: (row: T) => string | null): FilterParser<T> {
  return (raw, _request, name) => {
    const bound = parseDateParam(name, raw);
    return {
      test: (row) => {
        const value = get(row);
        return value !== null && value <= bound;
      },
    };
  };
}

/** A `YYYY-MM-DD` field compared with a date (`date`, `date_min`, `date_max`). */
export function dayFilter<T>(get: (row: T) => string | null, compare: 'eq' | 'min' | 'max'): FilterParser<T> {
  return (raw, _request, name) => {
    const bound = parseDayParam(name, raw);
    return {
      // Prefix comparisons: a timestamp `YYYY-MM-DDT...` falls on its date without slicing it.
      test: (row) => {
        const value = get(row);
        if (!value) return false;
        if (compare === 'min') return value >= bound;
        return value.startsWith(bound) || (compare === 'max' && value < bound);
      },
    };
  };
}

/** The created/updated time-range filters most lists share. */
export function timestampFilters<T extends { created_at: string; updated_at: string }>(): Record<
  string,
  FilterParser<T>
> {
  return {
    created_at_min: minTimeFilter((row) => row.created_at),
    created_at_max: maxTimeFilter((row) => row.created_at),
    updated_at_min: minTimeFilter((row) => row.updated_at),
    updated_at_max: maxTimeFilter((row) => row.updated_at),
  };
}
