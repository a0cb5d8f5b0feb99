/**
 * Compares one recorded answer with the emulator's answer to the same request: the status; every
 * key at every level both ways (missing, extra); JSON kinds; enum-like values and booleans exactly;
 * ids through the id map; everything else (money, dates, tokens, free text) by form only; and the
 * recorded headers the service defines (`X-<prefix>-*`, `Link`). Each difference is reported once
 * per place (`charge.line_items[].handle`), however many list items show it.
 */
import { formOf, idKindOf, isEnumField, isIdField, isRedacted, kindOf } from './forms.js';
import { headerValue, type HeaderPair } from './har.js';
import type { IdMap } from './id-map.js';
import type { DifferenceKind } from './report.js';

/** One difference of an answer, before it is placed in the report. */
export interface Difference {
  readonly kind: DifferenceKind;
  /** The field's path (`charge.line_items[].handle`), the header's name, or `(status)`/`(body)`. */
  readonly at: string;
  readonly recorded: unknown;
  readonly emulator: unknown;
}

/** An answer as compared: status, headers and body text. */
export interface Answer {
  readonly status: number;
  readonly headers: readonly HeaderPair[];
  readonly body: string;
}

const BODY = '(body)';

function parseJson(text: string): { json: unknown } | null {
  if (text.trim() === '') return null;
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

class Walker {
  readonly differences: Difference[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly ids: IdMap) {}

  add(difference: Difference): void {
    const key = `${difference.kind} ${difference.at}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.differences.push(difference);
  }

  /** Compares two values found at `path`, under field `field` of an object named `container`. */
  walk(recorded: unknown, emulator: unknown, path: string, field: string, container: string): void {
    if (isRedacted(recorded)) return;
    const at = path === '' ? BODY : path;
    const recordedKind = kindOf(recorded);
    const emulatorKind = kindOf(emulator);
    if (recordedKind !== emulatorKind) {
      this.add({ kind: 'kind', at, recorded: recordedKind, emulator: emulatorKind });
      return;
    }
    switch (recordedKind) {
      case 'object':
        return this.object(
          recorded as Record<string, unknown>,
          emulator as Record<string, unknown>,
          path,
          field,
        );
      case 'array':
        return this.array(recorded as unknown[], emulator as unknown[], path, field, container);
      case 'null':
        return;
      default:
        return this.scalar(recorded, emulator, at, field, container);
    }
  }

  private object(
    recorded: Record<string, unknown>,
    emulator: Record<string, unknown>,
    path: string,
    name: string,
  ): void {
    for (const key of Object.keys(recorded)) {
      const at = join(path, key);
      if (!Object.hasOwn(emulator, key))
        this.add({ kind: 'missing', at, recorded: recorded[key], emulator: undefined });
      else this.walk(recorded[key], emulator[key], at, key, name);
    }
    for (const key of Object.keys(emulator))
      if (!Object.hasOwn(recorded, key))
        this.add({ kind: 'extra', at: join(path, key), recorded: undefined, emulator: emulator[key] });
  }

  private array(
    recorded: unknown[],
    emulator: unknown[],
    path: string,
    field: string,
    container: string,
  ): void {
    if (recorded.length !== emulator.length)
      this.add({
        kind: 'value',
        at: `${path === '' ? BODY : path}.length`,
        recorded: recorded.length,
        emulator: emulator.length,
      });
    const items = Math.min(recorded.length, emulator.length);
    // Items are named after the list: the `id` of an item of `addresses` is an address's.
    for (let i = 0; i < items; i++)
      this.walk(recorded[i], emulator[i], `${path}[]`, field, field || container);
  }

  private scalar(recorded: unknown, emulator: unknown, at: string, field: string, container: string): void {
    if (isIdField(field) && (typeof recorded === 'string' || typeof recorded === 'number')) {
      const pairing = this.ids.pair(idKindOf(field, container), recorded, emulator);
      if (!pairing.ok) this.add({ kind: 'value', at, recorded, emulator });
      return;
    }
    if (typeof recorded === 'boolean' || isEnumField(field)) {
      if (recorded !== emulator) this.add({ kind: 'value', at, recorded, emulator });
      return;
    }
    if (formOf(recorded) !== formOf(emulator))
      this.add({
        kind: 'value',
        at,
        recorded: `${formOf(recorded)}: ${String(recorded)}`,
        emulator: `${formOf(emulator)}: ${String(emulator)}`,
      });
  }
}

/** Rels of a `Link` header with the `page_info` of each (`<url?page_info=x>; rel="next"`). */
function linkRels(value: string | undefined): Map<string, string | null> {
  const rels = new Map<string, string | null>();
  for (const part of (value ?? '').split(/,(?=\s*<)/)) {
    const match = /<([^>]*)>\s*;\s*rel="?([^";]+)"?/.exec(part);
    if (!match) continue;
    let pageInfo: string | null = null;
    try {
      pageInfo = new URL(match[1] ?? '', 'http://link.invalid').searchParams.get('page_info');
    } catch {
      // not a URL: the rel alone is compared
    }
    rels.set(match[2] ?? '', pageInfo);
  }
  return rels;
}

function compareHeaders(
  walker: Walker,
  ids: IdMap,
  recorded: Answer,
  emulator: Answer,
  prefix: string,
): void {
  const own = `x-${prefix.toLowerCase()}-`;
  const names = new Map<string, string>();
  // The service's own headers, both ways: a header only one side sends is a difference too.
  for (const { name } of [...recorded.headers, ...emulator.headers]) {
    const lower = name.toLowerCase();
    if ((lower.startsWith(own) || lower === 'link') && !names.has(lower)) names.set(lower, name);
  }
  for (const [lower, name] of names) {
    const recordedValue = headerValue(recorded.headers, lower);
    const emulatorValue = headerValue(emulator.headers, lower);
    if (recordedValue === undefined || emulatorValue === undefined) {
      walker.add({
        kind: 'header',
        at: name,
        recorded: recordedValue ?? null,
        emulator: emulatorValue ?? null,
      });
      continue;
    }
    if (isRedacted(recordedValue)) continue;
    if (lower === 'link') {
      const before = linkRels(recordedValue);
      const after = linkRels(emulatorValue);
      const same = before.size === after.size && [...before.keys()].every((rel) => after.has(rel));
      if (!same) walker.add({ kind: 'header', at: name, recorded: recordedValue, emulator: emulatorValue });
      else
        for (const [rel, pageInfo] of before)
          if (pageInfo !== null && after.get(rel)) ids.pair('cursor', pageInfo, after.get(rel));
      continue;
    }
    // The version is a value; other headers (the rate limit's `39/40`) by form.
    const exact = lower.endsWith('-version');
    const form = formOf(recordedValue);
    const differs = exact
      ? recordedValue !== emulatorValue
      : form !== formOf(emulatorValue) ||
        (form === 'text' && shapeOf(recordedValue) !== shapeOf(emulatorValue));
    if (differs) walker.add({ kind: 'header', at: name, recorded: recordedValue, emulator: emulatorValue });
  }
}

/** A header value's shape: digits as 9, letters as a (`39/40` → `99/99`, kept to its punctuation). */
function shapeOf(value: string): string {
  return value.replace(/\d+/g, '9').replace(/[A-Za-z]+/g, 'a');
}

/**
 * The differences between a recorded answer and the emulator's, pairing ids in `ids` on the way.
 *
 * @example
 * compareAnswers(recorded, emulator, { ids: new IdMap(), headerPrefix: 'Recharge' });
 * // [{ kind: 'extra', at: 'customer.tax_exempt', recorded: undefined, emulator: false }]
 */
export function compareAnswers(
  recorded: Answer,
  emulator: Answer,
  options: { readonly ids: IdMap; readonly headerPrefix: string },
): Difference[] {
  const walker = new Walker(options.ids);
  if (recorded.status !== emulator.status) {
    walker.add({ kind: 'status', at: '(status)', recorded: recorded.status, emulator: emulator.status });
    return walker.differences;
  }
  const before = parseJson(recorded.body);
  const after = parseJson(emulator.body);
  if (before && after) walker.walk(before.json, after.json, '', '', '');
  else if (before || after)
    walker.add({
      kind: 'kind',
      at: BODY,
      recorded: before ? kindOf(before.json) : recorded.body === '' ? 'empty' : 'text',
      emulator: after ? kindOf(after.json) : emulator.body === '' ? 'empty' : 'text',
    });
  compareHeaders(walker, options.ids, recorded, emulator, options.headerPrefix);
  return walker.differences;
}
