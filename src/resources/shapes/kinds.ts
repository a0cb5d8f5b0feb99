/**
 * The vocabulary of the record tables (src/resources/shapes/): the kind of value each field of an
 * answer holds (`integer`, a decimal string, a timestamp in the version's form, an object with
 * exactly these fields, ...), and the check that compares a serialized record with its table
 * (missing fields, extra fields, values of another kind). Kinds are data, so the same tables
 * render the user-facing page of fields (docs/records.md).
 */
import type { ApiVersion } from '../../model/versions.js';
import type { SourceId } from './sources.js';

/** Scalar kinds: each a predicate on a JSON value. */
export const SCALARS = {
  integer: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  bit: '0 or 1',
  decimal: 'a decimal string ("12.50")',
  datetime: "a timestamp in the version's form",
  date: 'a date ("2025-01-15")',
  http_date: 'an HTTP date ("Wed, 15 Jan 2025 12:00:00 GMT")',
  precise_datetime: 'a timestamp with microseconds and offset ("2025-01-15T12:00:00.250000+00:00")',
  any: 'any JSON value',
} as const;

export type ScalarName = keyof typeof SCALARS;

/** A field: its kind and, where it differs from its record's or parent's, where it comes from. */
export interface Field {
  readonly kind: Kind;
  readonly source?: SourceId;
}

/**
 * A field a record shows or leaves out by the value of another of its fields (one shape per
 * status): absent while `field` holds one of `values`, present otherwise.
 */
export interface AbsentWhen {
  readonly field: string;
  readonly values: readonly string[];
}

/**
 * What every kind may add: null allowed, the field left out (a record that shows it only at
 * times), or left out by the value of another field (`absentWhen`).
 */
interface KindFlags {
  readonly nullable: boolean;
  readonly optional?: boolean;
  readonly absentWhen?: AbsentWhen;
}

export type Kind = KindFlags &
  (
    | { readonly type: 'scalar'; readonly name: ScalarName }
    | { readonly type: 'values'; readonly values: readonly (string | number)[] }
    | { readonly type: 'object'; readonly fields: Readonly<Record<string, Field>> }
    | { readonly type: 'array'; readonly of: Kind }
    | { readonly type: 'one_of'; readonly kinds: readonly Kind[] }
  );

/** A field entry as tables write it: a kind, or a kind with its source. */
export type FieldEntry = Kind | readonly [Kind, SourceId];

const scalar = (name: ScalarName): Kind => ({ type: 'scalar', name, nullable: false });

export const integer = scalar('integer');
export const number = scalar('number');
export const string = scalar('string');
export const boolean = scalar('boolean');
export const bit = scalar('bit');
export const decimal = scalar('decimal');
export const datetime = scalar('datetime');
export const date = scalar('date');
export const httpDate = scalar('http_date');
export const preciseDatetime = scalar('precise_datetime');
export const anyValue = scalar('any');

/** The same kind, or null. @example orNull(string) */
export function orNull(kind: Kind): Kind {
  return { ...kind, nullable: true };
}

/** The same kind, or no such field at all. @example optional(object({ country_is_supported: boolean })) */
export function optional(kind: Kind): Kind {
  return { ...kind, optional: true };
}

/**
 * The same kind, left out of the record while its `field` holds one of `values`, present
 * otherwise. @example absentWhen(orNull(datetime), 'status', ['queued'])
 */
export function absentWhen(kind: Kind, field: string, values: readonly string[]): Kind {
  return { ...kind, absentWhen: { field, values } };
}

/** A string (or number) out of a fixed list. @example values('active', 'cancelled') */
export function values(...allowed: readonly (string | number)[]): Kind {
  return { type: 'values', values: allowed, nullable: false };
}

function toField(entry: FieldEntry): Field {
  return Array.isArray(entry)
    ? { kind: entry[0] as Kind, source: entry[1] as SourceId }
    : { kind: entry as Kind };
}

/** An object with exactly these fields. @example object({ ecommerce: string }) */
export function object(fields: Readonly<Record<string, FieldEntry>>): Kind {
  const out: Record<string, Field> = {};
  for (const [name, entry] of Object.entries(fields)) out[name] = toField(entry);
  return { type: 'object', fields: out, nullable: false };
}

/** An array whose items are all of one kind. @example arrayOf(object({ name: string, value: string })) */
export function arrayOf(of: Kind): Kind {
  return { type: 'array', of, nullable: false };
}

/** A value of any of these kinds. @example oneOf(object({}), imageSizes) */
export function oneOf(...kinds: readonly Kind[]): Kind {
  return { type: 'one_of', kinds, nullable: false };
}

/** A record's table: every field with its source. */
export interface RecordShape {
  readonly fields: Readonly<Record<string, Field & { readonly source: SourceId }>>;
}

/** A record's table; every top-level field names its source. @example record({ id: [integer, 'spec'] }) */
export function record(fields: Readonly<Record<string, readonly [Kind, SourceId]>>): RecordShape {
  const out: Record<string, Field & { source: SourceId }> = {};
  for (const [name, [kind, source]] of Object.entries(fields)) out[name] = { kind, source };
  return { fields: out };
}

/** The same table with some fields left out and others added (a record's form in another version). */
export function derive(
  base: RecordShape,
  change: {
    readonly omit?: readonly string[];
    readonly add?: Readonly<Record<string, readonly [Kind, SourceId]>>;
  },
): RecordShape {
  const omit = new Set(change.omit ?? []);
  for (const name of omit) if (!(name in base.fields)) throw new Error(`derive: no field ${name} to omit`);
  const kept = Object.entries(base.fields).filter(([name]) => !omit.has(name));
  return { fields: { ...Object.fromEntries(kept), ...record(change.add ?? {}).fields } };
}

/** The object kind of a record's table, for nesting a record in another (a delivery's payment method). */
export function asKind(shape: RecordShape): Kind {
  return { type: 'object', fields: shape.fields, nullable: false };
}

const TIMESTAMP: Record<ApiVersion, RegExp> = {
  '2021-01': /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/,
  '2021-11': /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/,
};

const HTTP_DATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$/;

function scalarFits(name: ScalarName, value: unknown, version: ApiVersion): boolean {
  switch (name) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'bit':
      return value === 0 || value === 1;
    case 'decimal':
      return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value);
    case 'datetime':
      return typeof value === 'string' && TIMESTAMP[version].test(value);
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d\d-\d\d$/.test(value);
    case 'http_date':
      return typeof value === 'string' && HTTP_DATE.test(value);
    case 'precise_datetime':
      return typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/.test(value);
    case 'any':
      return true;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Where `value` departs from `kind`, as `path: problem` lines (empty when it fits).
 *
 * @example kindProblems({ id: '7' }, asKind(record({ id: [integer, 'spec'] })), '2021-11', 'customer')
 * // ['customer.id: "7" is not an integer']
 */
export function kindProblems(value: unknown, kind: Kind, version: ApiVersion, path: string): string[] {
  if (value === null) return kind.nullable ? [] : [`${path}: null where the table allows no null`];
  switch (kind.type) {
    case 'scalar':
      return scalarFits(kind.name, value, version)
        ? []
        : [`${path}: ${JSON.stringify(value)} is not ${SCALARS[kind.name]}`];
    case 'values':
      return kind.values.includes(value as string | number)
        ? []
        : [
            `${path}: ${JSON.stringify(value)} is none of ${kind.values.map((v) => JSON.stringify(v)).join(', ')}`,
          ];
    case 'array':
      if (!Array.isArray(value)) return [`${path}: ${JSON.stringify(value)} is not an array`];
      return value.flatMap((item, index) => kindProblems(item, kind.of, version, `${path}[${index}]`));
    case 'one_of': {
      const tries = kind.kinds.map((k) => kindProblems(value, k, version, path));
      return tries.some((problems) => problems.length === 0) ? [] : (tries[0] ?? []);
    }
    case 'object': {
      if (!isPlainObject(value)) return [`${path}: ${JSON.stringify(value)} is not an object`];
      const problems: string[] = [];
      for (const [name, field] of Object.entries(kind.fields)) {
        const rule = field.kind.absentWhen;
        const held = rule ? value[rule.field] : undefined;
        const absent = rule !== undefined && typeof held === 'string' && rule.values.includes(held);
        if (!(name in value)) {
          if (!field.kind.optional && !absent) problems.push(`${path}.${name}: missing`);
        } else if (absent) {
          problems.push(`${path}.${name}: present where ${rule.field} is ${JSON.stringify(held)}`);
        } else problems.push(...kindProblems(value[name], field.kind, version, `${path}.${name}`));
      }
      for (const name of Object.keys(value)) {
        if (!(name in kind.fields)) problems.push(`${path}.${name}: not in the table`);
      }
      return problems;
    }
  }
}
