/**
 * The user-facing page of every record's fields (`docs/records.md`), rendered from the record
 * tables: a field, its kind in each version and where it comes from. `npm run docs:records` writes
 * it (formatted by prettier); test/resources/record-docs.test.ts fails when the committed page
 * differs, so the page says what the serializers answer.
 */
import { API_VERSIONS, type ApiVersion } from '../../model/versions.js';
import { RECORD_SHAPES, type RecordEntry } from './index.js';
import type { Field, Kind } from './kinds.js';
import { SOURCES, type SourceId } from './sources.js';

const SCALAR_TEXT = {
  integer: 'integer',
  number: 'number',
  string: 'string',
  boolean: 'boolean',
  bit: '`0` or `1`',
  decimal: 'decimal string',
  datetime: 'timestamp',
  date: 'date',
  http_date: 'HTTP date',
  precise_datetime: 'timestamp with microseconds',
  any: 'any JSON',
} as const;

/** A kind in words: `string or null`, `array of objects`, `"active"`. */
export function kindText(kind: Kind): string {
  let text: string;
  switch (kind.type) {
    case 'scalar':
      text = SCALAR_TEXT[kind.name];
      break;
    case 'values':
      text = kind.values.map((value) => `\`${JSON.stringify(value)}\``).join(', ');
      break;
    case 'object':
      text = Object.keys(kind.fields).length === 0 ? '`{}`' : 'object';
      break;
    case 'array':
      text = kind.of.type === 'object' ? 'array of objects' : `array of ${kindText(kind.of)}`;
      break;
    case 'one_of':
      text = kind.kinds.map(kindText).join(' or ');
      break;
  }
  if (kind.nullable) text += ' or null';
  if (kind.optional) text += ' (absent at times)';
  if (kind.absentWhen) {
    const held = kind.absentWhen.values.map((value) => `\`${JSON.stringify(value)}\``).join(' or ');
    text += ` (absent while \`${kind.absentWhen.field}\` is ${held})`;
  }
  return text;
}

interface Row {
  readonly kind: Kind;
  readonly source: SourceId;
}

/** The objects a kind holds fields of (an object, an array's objects, a one-of's objects). */
function nestedObjects(kind: Kind): { suffix: string; fields: Readonly<Record<string, Field>> }[] {
  if (kind.type === 'object') return [{ suffix: '', fields: kind.fields }];
  if (kind.type === 'array') return nestedObjects(kind.of).map((o) => ({ ...o, suffix: `[]${o.suffix}` }));
  if (kind.type === 'one_of') return kind.kinds.flatMap(nestedObjects);
  return [];
}

/** Every field of a record, nested ones as `line_items[].handle`, in the table's order. */
function flatten(
  fields: Readonly<Record<string, Field>>,
  source: SourceId,
  prefix: string,
  out: Map<string, Row>,
) {
  for (const [name, field] of Object.entries(fields)) {
    const path = `${prefix}${name}`;
    const own = field.source ?? source;
    out.set(path, { kind: field.kind, source: own });
    for (const nested of nestedObjects(field.kind))
      flatten(nested.fields, own, `${path}${nested.suffix}.`, out);
  }
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function sourceCell(rows: readonly (Row | undefined)[], versions: readonly ApiVersion[]): string {
  const named = rows.map((row, index) =>
    row ? { version: versions[index], name: SOURCES[row.source].name } : undefined,
  );
  const distinct = new Set(named.filter((n) => n !== undefined).map((n) => n.name));
  if (distinct.size <= 1) return [...distinct].join('');
  return named
    .filter((n) => n !== undefined)
    .map((n) => `${n.name} (${n.version})`)
    .join(', ');
}

function anchor(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .trim()
    .replace(/ /g, '-');
}

function recordSection(entry: RecordEntry): string {
  const versions = API_VERSIONS.filter((version) => entry.versions[version]);
  const byVersion = versions.map((version) => {
    const rows = new Map<string, Row>();
    const shape = entry.versions[version];
    if (shape) flatten(shape.fields, 'spec', '', rows);
    return rows;
  });
  const paths: string[] = [];
  for (const rows of byVersion) for (const path of rows.keys()) if (!paths.includes(path)) paths.push(path);
  const header = `| Field | ${versions.join(' | ')} | Source |\n| --- | ${versions.map(() => '---').join(' | ')} | --- |`;
  const lines = paths.map((path) => {
    const rows = byVersion.map((byPath) => byPath.get(path));
    const kinds = rows.map((row) => (row ? cell(kindText(row.kind)) : '—'));
    return `| \`${path}\` | ${kinds.join(' | ')} | ${sourceCell(rows, versions)} |`;
  });
  return `## ${entry.title}\n\nServed as ${entry.servedAs}.\n\n${header}\n${lines.join('\n')}\n`;
}

const INTRO = `# Record fields

Every record the emulated API answers, field by field: the kind of value each field holds in each
API version, and where the field comes from. The serializers are checked against this table for
every kind of record in both versions (\`test/resources/record-shapes.test.ts\`: no field missing,
none extra, none of another kind), and this page is rendered from it (\`npm run docs:records\`), so
it says what the emulator answers. The rule behind it: the spec where it names a field, a type or a
rule; the real service's recorded answers where the spec is silent; where a recorded answer names a
field differently from the spec, both names are answered (docs/api-behaviour.md, "Record fields").

Names are the spec's neutral ones. A store's dialect renames them on the wire (docs/api-behaviour.md,
"The real service's names"): \`platform_product_id\` is \`shopify_product_id\` with \`--platform-word
shopify\`, \`my_platform_domain\` is \`my_shopify_domain\`, and \`service_product_id\` carries the
service's own word, the header prefix in lowercase (\`recharge_product_id\` with \`--header-prefix
Recharge\`).

Kinds: a _timestamp_ is \`2025-01-15T12:00:00\` in 2021-01 and \`2025-01-15T12:00:00+00:00\` in
2021-11; a _decimal string_ is money or a rate as text (\`"12.50"\`); an _HTTP date_ is
\`Wed, 15 Jan 2025 12:00:00 GMT\`; — means the version does not answer the field. Nested fields
are written \`billing_address.city\`, and fields of the objects in an array \`line_items[].sku\`.
`;

function sourcesSection(): string {
  const rows = Object.values(SOURCES).map((source) => `| ${source.name} | ${cell(source.where)} |`);
  return `## Sources\n\n| Source | Where |\n| --- | --- |\n${rows.join('\n')}\n`;
}

/** The whole page. */
export function recordsMarkdown(): string {
  const entries: RecordEntry[] = Object.values(RECORD_SHAPES);
  const contents = entries.map((entry) => `- [${entry.title}](#${anchor(entry.title)})`).join('\n');
  return [
    INTRO,
    `## Contents\n\n- [Sources](#sources)\n${contents}\n`,
    sourcesSection(),
    ...entries.map(recordSection),
  ].join('\n');
}
