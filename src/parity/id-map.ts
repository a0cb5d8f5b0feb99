/**
 * The pairing of the recording's ids with the emulator's. An id (or checkout token, or cursor)
 * that a recorded answer shows for the first time is paired with the value the emulator answered
 * at the same place; from then on requests are rewritten to carry the emulator's value, and a
 * later answer showing another value there is a difference. Pairs are kept per kind of record
 * (`customer`, `address`, ...), since the emulator numbers each collection on its own; a value
 * whose kind cannot be told (a path segment under an unknown collection) is looked up across kinds
 * when that is unambiguous.
 */
import { dictionary, own } from '../platform/dictionary.js';
import { idKindOf, isCursorParam, isIdField, isIdListField, singular } from './forms.js';

/** The result of pairing a recorded value with the emulator's. */
export type Pairing = { readonly ok: true } | { readonly ok: false; readonly expected: string };

export class IdMap {
  private readonly byKind = new Map<string, Map<string, string>>();
  private readonly reverse = new Map<string, Map<string, string>>();
  private readonly byValue = new Map<string, Set<string>>();

  /** Number of pairs known. */
  get size(): number {
    let size = 0;
    for (const pairs of this.byKind.values()) size += pairs.size;
    return size;
  }

  /**
   * Pairs `recorded` with `emulator` for `kind`, or says which emulator value it was paired with
   * before (the emulator's answer names another record than the recording's did).
   *
   * @example
   * map.pair('customer', 7123, 1); // { ok: true }
   * map.pair('customer', 7123, 2); // { ok: false, expected: '1' }
   */
  pair(kind: string, recorded: unknown, emulator: unknown): Pairing {
    const from = String(recorded);
    const to = String(emulator);
    let pairs = this.byKind.get(kind);
    if (!pairs) this.byKind.set(kind, (pairs = new Map()));
    let back = this.reverse.get(kind);
    if (!back) this.reverse.set(kind, (back = new Map()));
    const known = pairs.get(from);
    if (known !== undefined) return known === to ? { ok: true } : { ok: false, expected: known };
    const other = back.get(to);
    // Another recorded record answered as this same emulator record.
    if (other !== undefined && other !== from) return { ok: false, expected: `the pair of ${other}` };
    pairs.set(from, to);
    back.set(to, from);
    let values = this.byValue.get(from);
    if (!values) this.byValue.set(from, (values = new Set()));
    values.add(to);
    return { ok: true };
  }

  /** The emulator's value for a recorded one of `kind` (or, failing that, of any kind when unambiguous). */
  lookup(kind: string | undefined, recorded: string): string | undefined {
    const direct = kind === undefined ? undefined : this.byKind.get(kind)?.get(recorded);
    if (direct !== undefined) return direct;
    const candidates = this.byValue.get(recorded);
    if (candidates?.size === 1) return [...candidates][0];
    return undefined;
  }

  /** A value of `kind` rewritten to the emulator's, keeping its JSON type (a number stays a number). */
  private mapped(kind: string | undefined, value: unknown): unknown {
    if (typeof value !== 'string' && typeof value !== 'number') return value;
    const found = this.lookup(kind, String(value));
    if (found === undefined) return value;
    if (typeof value === 'number' && /^-?\d+$/.test(found)) return Number(found);
    return found;
  }

  /**
   * A request path with ids rewritten: a segment is looked up as an id of the collection before it.
   *
   * @example
   * map.path('/customers/7123/addresses'); // '/customers/1/addresses'
   */
  path(path: string): string {
    const segments = path.split('/');
    return segments
      .map((segment, index) => {
        if (index < 2 || segment === '') return segment;
        const kind = singular(decodeURIComponent(segments[index - 1] ?? ''));
        const found = this.lookup(kind, decodeURIComponent(segment));
        return found === undefined ? segment : encodeURIComponent(found);
      })
      .join('/');
  }

  /** A query string (`?a=1&b=2`, or empty) with ids, id lists and cursors rewritten. */
  query(search: string): string {
    if (search === '' || search === '?') return search;
    const params = new URLSearchParams(search);
    const out = new URLSearchParams();
    for (const [name, value] of params) {
      if (isCursorParam(name)) out.append(name, String(this.mapped('cursor', value)));
      else if (isIdListField(name))
        out.append(
          name,
          value
            .split(',')
            .map((part) => String(this.mapped(idKindOf(name, ''), part.trim())))
            .join(','),
        );
      else if (isIdField(name)) out.append(name, String(this.mapped(idKindOf(name, ''), value)));
      else out.append(name, value);
    }
    const text = out.toString();
    return text === '' ? '' : `?${text}`;
  }

  /** A JSON request body with the values of id fields (and id lists) rewritten, at any depth. */
  body(value: unknown, container = ''): unknown {
    if (Array.isArray(value)) return value.map((item) => this.body(item, container));
    if (typeof value !== 'object' || value === null) return value;
    const record = value as Record<string, unknown>;
    const out = dictionary<unknown>();
    for (const key of Object.keys(record)) {
      const item = own(record, key);
      if (isIdListField(key) && Array.isArray(item))
        out[key] = item.map((id) => this.mapped(idKindOf(key, container), id));
      else if (isIdListField(key) && typeof item === 'string')
        out[key] = item
          .split(',')
          .map((id) => String(this.mapped(idKindOf(key, container), id.trim())))
          .join(',');
      else if (isIdField(key) && (typeof item === 'string' || typeof item === 'number'))
        out[key] = this.mapped(idKindOf(key, container), item);
      else out[key] = this.body(item, key);
    }
    return out;
  }
}
