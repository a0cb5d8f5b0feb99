/**
 * Request bodies are parsed with zod schemas at the edge; any problem becomes the documented 422
 * body with marshmallow-style messages, nested like the fields they name.
 */
import type { z } from 'zod';
import type { FieldErrors } from './api-error.js';
import { errors, FIELD } from './messages.js';

type Issue = z.core.$ZodIssue;

/** An object with no prototype: a field named `constructor` is a field like any other (decision 0021). */
const fieldMap = (): FieldErrors => Object.create(null) as FieldErrors;
type RawIssue = z.core.$ZodRawIssue;

function typeMessage(expected: string, input: unknown): string {
  if (input === undefined) return FIELD.required;
  if (input === null) return FIELD.notNull;
  switch (expected) {
    case 'string':
      return FIELD.notString;
    case 'int':
      return FIELD.notInteger;
    case 'number':
      return FIELD.notNumber;
    case 'boolean':
      return FIELD.notBoolean;
    case 'object':
    case 'record':
      return FIELD.notObject;
    case 'array':
      return FIELD.notList;
    default:
      return FIELD.invalidValue;
  }
}

/** zod error map producing the service's wording. */
export function messageFor(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return typeMessage(issue.expected, issue.input);
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array') return FIELD.tooShort(Number(issue.minimum));
      return `Must be greater than or equal to ${String(issue.minimum)}.`;
    case 'too_big':
      if (issue.origin === 'string' || issue.origin === 'array') return FIELD.tooLong(Number(issue.maximum));
      return `Must be less than or equal to ${String(issue.maximum)}.`;
    case 'invalid_format':
      return issue.format === 'email' ? FIELD.notEmail : FIELD.invalidValue;
    case 'invalid_value':
      // A missing enum field is missing, not a wrong value.
      return issue.input === undefined ? FIELD.required : FIELD.oneOf(issue.values.map(String));
    case 'custom':
      return issue.message ?? FIELD.invalidValue;
    case 'unrecognized_keys':
      return FIELD.unknownFields(issue.keys);
    default:
      return FIELD.invalidValue;
  }
}

function addAt(target: FieldErrors, path: readonly PropertyKey[], message: string): void {
  const [head, ...rest] = path;
  // Path keys may be the client's (a record's keys): read and write only own members.
  const key = head === undefined ? '_schema' : String(head);
  const existing = Object.hasOwn(target, key) ? target[key] : undefined;
  if (rest.length === 0) {
    target[key] = Array.isArray(existing) ? [...(existing as string[]), message] : [message];
    return;
  }
  const nested: FieldErrors =
    typeof existing === 'object' && existing !== null && !Array.isArray(existing)
      ? (existing as FieldErrors)
      : fieldMap();
  target[key] = nested;
  addAt(nested, rest, message);
}

/** Turns zod issues into `{"field": ["message"], "nested": {"field": [...]}}`. */
export function fieldErrors(issues: readonly Issue[]): FieldErrors {
  const result: FieldErrors = fieldMap();
  for (const issue of issues) addAt(result, issue.path, issue.message);
  return result;
}

/** Parses `input` with `schema`, or throws the documented 422. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { error: messageFor });
  if (!result.success) throw errors.validation(fieldErrors(result.error.issues));
  return result.data;
}
