/**
 * Hostile input for the no-500 tests: values and keys a careless or malicious client sends, and the
 * request fields of each endpoint, learnt from the zod schemas its handler parses with.
 *
 * The emulated API's endpoint table names no body schemas; a test file that wants them mocks
 * `src/http/validation.js` with `recordingValidation` (vi.mock is hoisted per file), then asks
 * `fieldsOf` while sending an endpoint a request: every schema `parseWith` sees meanwhile is the
 * endpoint's.
 */
import type { z } from 'zod';

/** Keys named like `Object.prototype` members: a lookup by them must not find the prototype. */
export const PROTO_KEYS = ['hasOwnProperty', 'constructor', '__proto__', 'toString', 'valueOf'] as const;

/** An object whose own keys are the prototype's names (JSON.parse makes `__proto__` an own key). */
export const PROTO_OBJECT: unknown = JSON.parse(
  '{"__proto__":{"x":1},"constructor":{"prototype":{}},"hasOwnProperty":1,"toString":"a","valueOf":null}',
);

export const NASTY_VALUES: readonly unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  1e308,
  '',
  ' ',
  'x'.repeat(5000),
  '2025-13-45',
  '9999-12-31T23:59:59Z',
  '../../etc/passwd',
  '%00',
  '\u0000\uffff',
  ...PROTO_KEYS,
  [],
  [null],
  [PROTO_OBJECT],
  {},
  { $gt: '' },
  PROTO_OBJECT,
  { nested: { deeper: [1, { a: null }] } },
];

/** A path to a field of a body: keys, and 0 for an array's items. */
export type FieldPath = readonly (string | 0)[];

interface Def {
  readonly type: string;
  readonly innerType?: z.ZodType;
  readonly in?: z.ZodType;
  readonly out?: z.ZodType;
  readonly options?: readonly z.ZodType[];
  readonly shape?: Record<string, z.ZodType>;
  readonly element?: z.ZodType;
  readonly left?: z.ZodType;
  readonly right?: z.ZodType;
  readonly getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The field paths a schema names, down to `depth` levels (objects, arrays, unions, wrappers). */
export function fieldPaths(schema: z.ZodType, depth = 3, prefix: FieldPath = []): FieldPath[] {
  if (depth === 0) return [];
  const def = defOf(schema);
  const inner = [def.innerType, def.in, def.left, def.right, ...(def.options ?? [])];
  if (def.type === 'lazy' && def.getter) inner.push(def.getter());
  const paths: FieldPath[] = [];
  for (const child of inner) if (child) paths.push(...fieldPaths(child, depth, prefix));
  if (def.type === 'array' && def.element) paths.push(...fieldPaths(def.element, depth, [...prefix, 0]));
  if (def.type === 'object' && def.shape) {
    for (const [key, child] of Object.entries(def.shape)) {
      paths.push([...prefix, key]);
      paths.push(...fieldPaths(child, depth - 1, [...prefix, key]));
    }
  }
  return paths;
}

/** A body with `value` at `path` (`['line_items', 0, 'quantity']` → `{line_items: [{quantity: value}]}`). */
export function bodyWith(path: FieldPath, value: unknown): Record<string, unknown> {
  let current: unknown = value;
  for (let i = path.length - 1; i >= 0; i--) {
    const key = path[i];
    current =
      key === 0 ? [current] : Object.defineProperty({}, key as string, { value: current, enumerable: true });
  }
  return current as Record<string, unknown>;
}

/** Schemas `parseWith` received while recording. */
let recording: Set<z.ZodType> | null = null;

/**
 * The validation module with a `parseWith` that records the schemas it is given.
 *
 * @example
 * vi.mock('../../src/errors/validation.js', async (original) =>
 *   (await import('../helpers/hostile.js')).recordingValidation(await original()));
 */
export function recordingValidation<M extends { parseWith: (schema: z.ZodType, input: unknown) => unknown }>(
  actual: M,
): M {
  return {
    ...actual,
    parseWith: (schema: z.ZodType, input: unknown) => {
      recording?.add(schema);
      return actual.parseWith(schema, input);
    },
  };
}

/** The field paths of the schemas parsed while `send` runs (needs `recordingValidation`). */
export async function fieldsOf(send: () => Promise<unknown>): Promise<FieldPath[]> {
  const schemas = new Set<z.ZodType>();
  recording = schemas;
  try {
    await send();
  } finally {
    recording = null;
  }
  const unique = new Map<string, FieldPath>();
  for (const schema of schemas) for (const path of fieldPaths(schema)) unique.set(JSON.stringify(path), path);
  return [...unique.values()];
}
