/**
 * Matches a request path against a table of route patterns (`/customers/:id/addresses`): static
 * segments compare as strings, `:name` segments capture one segment. Routes are indexed by
 * segment count and first segment, so a lookup tries only a handful of patterns whatever the
 * number of endpoints (decision 0004: @koa/router's per-request scan and composition did not fit
 * the GET-by-id throughput target).
 */

export interface RouteMatch<T> {
  /** The values registered for the matched pattern, by method. */
  readonly methods: ReadonlyMap<string, T>;
  readonly params: Record<string, string>;
}

interface Pattern<T> {
  readonly segments: readonly string[];
  /** For each segment, the name it captures (`id` for `:id`), or null for a static one: made once. */
  readonly names: readonly (string | null)[];
  readonly methods: Map<string, T>;
}

export class RouteTable<T> {
  /** Patterns by segment count, then by first segment (`:` for a parameter). */
  private readonly buckets = new Map<number, Map<string, Pattern<T>[]>>();

  /** Registers `value` for `method` on `path`; static patterns win over `:param` ones. */
  add(method: string, path: string, value: T): void {
    const segments = path.split('/').slice(1);
    const first = segments[0] ?? '';
    const key = first.startsWith(':') ? WILDCARD : first;
    let byFirst = this.buckets.get(segments.length);
    if (!byFirst) {
      byFirst = new Map();
      this.buckets.set(segments.length, byFirst);
    }
    const bucket = byFirst.get(key) ?? [];
    let pattern = bucket.find((p) => p.segments.join('/') === segments.join('/'));
    if (!pattern) {
      const names = segments.map((segment) => (segment.startsWith(':') ? segment.slice(1) : null));
      pattern = { segments, names, methods: new Map() };
      bucket.push(pattern);
      bucket.sort((a, b) => specificity(a.segments).localeCompare(specificity(b.segments)));
      byFirst.set(key, bucket);
    }
    if (pattern.methods.has(method)) throw new Error(`${method} ${path} is registered twice`);
    pattern.methods.set(method, value);
  }

  /** The pattern matching `path`, or undefined (404). A malformed %-escape never matches. */
  match(path: string): RouteMatch<T> | undefined {
    const segments = path.split('/');
    segments.shift();
    if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
    // The bucket of the first segment, then the one of patterns starting with a parameter; no
    // array or key is built for the lookup (decisions 0048, 0052).
    const byFirst = this.buckets.get(segments.length);
    if (byFirst === undefined) return undefined;
    return (
      this.matchIn(byFirst.get(segments[0] ?? ''), segments) ?? this.matchIn(byFirst.get(WILDCARD), segments)
    );
  }

  private matchIn(bucket: Pattern<T>[] | undefined, segments: readonly string[]): RouteMatch<T> | undefined {
    if (bucket === undefined) return undefined;
    for (const pattern of bucket) {
      const params = capture(pattern, segments);
      if (params) return { methods: pattern.methods, params };
    }
    return undefined;
  }
}

const WILDCARD = ':';

function specificity(segments: readonly string[]): string {
  return segments.map((segment) => (segment.startsWith(':') ? '1' : '0')).join('');
}

function capture<T>(pattern: Pattern<T>, segments: readonly string[]): Record<string, string> | null {
  let params: Record<string, string> | null = null;
  const expected = pattern.segments;
  for (let i = 0; i < expected.length; i++) {
    const actual = segments[i] as string;
    const name = pattern.names[i];
    if (name === null || name === undefined) {
      if (expected[i] !== actual) return null;
    } else {
      if (actual === '') return null;
      // Without a `%` there is nothing to decode (ids, handles): the common case skips the call.
      if (!actual.includes('%')) (params ??= {})[name] = actual;
      else
        try {
          (params ??= {})[name] = decodeURIComponent(actual);
        } catch {
          return null;
        }
    }
  }
  return params ?? {};
}
