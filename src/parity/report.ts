/**
 * The parity report: every difference found, grouped by endpoint and API version, with a parity
 * score (answers identical in shape / answers compared). Its JSON form is documented in
 * docs/parity.md; `renderReport` is the text the CLI prints. It imports only the escaping of
 * control characters and the plural helper (both without imports), so the dashboard reads its types too.
 */
import { escapeControl } from '../platform/control-chars.js';
import { counted } from '../platform/plural.js';

/** What differs: the status, a key only one side has, a JSON kind, a value, a header. */
export type DifferenceKind = 'status' | 'missing' | 'extra' | 'kind' | 'value' | 'header';

/** An entry of the recording that was not replayed, and why. */
export interface SkippedEntry {
  readonly entry: number;
  readonly reason: string;
}

/** One difference, placed: which exchange, which endpoint and version. */
export interface ParityDifference {
  /** Index of the entry in the recording (0-based). */
  readonly entry: number;
  readonly method: string;
  readonly path: string;
  /** `GET /customers/{id}`: the path with ids as `{id}`. */
  readonly endpoint: string;
  readonly version: string;
  readonly kind: DifferenceKind;
  /** The field's path (`charge.line_items[].handle`), the header's name, `(status)` or `(body)`. */
  readonly at: string;
  readonly recorded: unknown;
  readonly emulator: unknown;
  /** The allow-list's reason when the difference is allowed. */
  readonly allowed?: string;
}

/** An answer as the report shows it beside a difference. */
export interface ShownAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** One replayed exchange. */
export interface ExchangeResult {
  readonly entry: number;
  readonly method: string;
  readonly path: string;
  readonly endpoint: string;
  readonly version: string;
  readonly identical: boolean;
  readonly differences: number;
  readonly ms: number;
  /** Both answers, for exchanges with a difference (null: identical in shape, not kept). */
  readonly answers: { readonly recorded: ShownAnswer; readonly emulator: ShownAnswer } | null;
}

export interface EndpointSummary {
  readonly endpoint: string;
  readonly version: string;
  readonly compared: number;
  readonly identical: number;
  readonly differences: number;
}

export interface ParityReport {
  /** What was replayed: the tool that wrote the recording and its number of entries. */
  readonly recording: { readonly creator: string; readonly entries: number };
  /** What the replay's store was made as, read from the recording. */
  readonly store: {
    readonly id: number;
    readonly header_prefix: string;
    readonly platform_word: string;
    readonly default_api_version: string;
    /** Records the recording reads but never creates, put into the store first, by collection. */
    readonly seeded: Readonly<Record<string, number>>;
    /** Such records that could not be seeded, with why. */
    readonly unseeded: readonly {
      readonly collection: string;
      readonly id: number | string | null;
      readonly reason: string;
    }[];
  };
  readonly compared: number;
  readonly identical: number;
  /** identical / compared (1 when nothing was compared). */
  readonly score: number;
  /** True when every difference is allowed. */
  readonly passed: boolean;
  readonly differences: readonly ParityDifference[];
  readonly endpoints: readonly EndpointSummary[];
  readonly exchanges: readonly ExchangeResult[];
  /** Entries not replayed (other hosts, preflights, unreadable), with why. */
  readonly skipped: readonly SkippedEntry[];
}

/**
 * The per-endpoint summary of exchanges and their differences, in first-seen order.
 *
 * @example
 * summarizeEndpoints(report.exchanges)[0]; // { endpoint: 'POST /customers', version: '2021-11', compared: 1, identical: 1, differences: 0 }
 */
export function summarizeEndpoints(exchanges: readonly ExchangeResult[]): EndpointSummary[] {
  const groups = new Map<
    string,
    { endpoint: string; version: string; compared: number; identical: number; differences: number }
  >();
  for (const exchange of exchanges) {
    const key = `${exchange.endpoint} ${exchange.version}`;
    let group = groups.get(key);
    if (!group)
      groups.set(
        key,
        (group = {
          endpoint: exchange.endpoint,
          version: exchange.version,
          compared: 0,
          identical: 0,
          differences: 0,
        }),
      );
    group.compared += 1;
    if (exchange.identical) group.identical += 1;
    group.differences += exchange.differences;
  }
  return [...groups.values()];
}

function shown(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * One difference as a line of text.
 *
 * @example
 * describeDifference(difference); // '#0 extra customer.tax_exempt: only the emulator has it (false)'
 */
export function describeDifference(difference: ParityDifference): string {
  const where = `#${difference.entry} ${difference.kind} ${difference.at}`;
  switch (difference.kind) {
    case 'missing':
      return `${where}: the emulator leaves it out (recorded ${shown(difference.recorded)})`;
    case 'extra':
      return `${where}: only the emulator has it (${shown(difference.emulator)})`;
    default:
      return `${where}: recorded ${shown(difference.recorded)}, emulator ${shown(difference.emulator)}`;
  }
}

/**
 * The report as text: each endpoint and version with its differences, then the score.
 *
 * @example
 * process.stdout.write(renderReport(report));
 */
export function renderReport(report: ParityReport): string {
  const lines: string[] = [];
  for (const group of report.endpoints) {
    const mark = group.differences === 0 ? '✓' : '✗';
    lines.push(
      `${mark} ${group.endpoint} (${group.version}): ${group.identical}/${group.compared} identical`,
    );
    for (const difference of report.differences)
      if (difference.endpoint === group.endpoint && difference.version === group.version)
        lines.push(
          `    ${describeDifference(difference)}${difference.allowed ? ` [allowed: ${difference.allowed}]` : ''}`,
        );
  }
  for (const skipped of report.skipped) lines.push(`- #${skipped.entry} skipped: ${skipped.reason}`);
  const allowed = report.differences.filter((difference) => difference.allowed).length;
  const failing = report.differences.length - allowed;
  const percent = (report.score * 100).toFixed(1);
  lines.push(
    `parity ${report.identical}/${report.compared} (${percent}%): ${counted(failing, 'difference')}` +
      `${allowed ? `, ${allowed} allowed` : ''}${report.skipped.length ? `, ${report.skipped.length} skipped` : ''}`,
  );
  // Every line quotes the recording: control characters escaped, a newline in a value shown as \n.
  return `${lines.map((line) => escapeControl(line, { lines: false })).join('\n')}\n`;
}
