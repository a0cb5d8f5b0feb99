/**
 * The user-facing table of every endpoint (`docs/endpoints.md`), rendered from the endpoint table
 * itself: versions, scope and gate come from the same objects the router serves, so the page
 * cannot say anything the routes do not do. `npm run docs:endpoints` writes it (formatted by
 * prettier); `test/core/endpoint-docs.test.ts` fails when the committed page differs.
 */
import { API_VERSIONS } from '../model/versions.js';
import type { Endpoint, Gate } from './types.js';

/** `/customers/:id` as the spec writes it: `/customers/{id}`. */
export function specPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
}

function scopeOf(endpoint: Endpoint): string {
  const scope = endpoint.scope;
  if (scope === null) return 'none';
  if (typeof scope === 'string') return `\`${scope}\``;
  return `${scope.note} (checked per request)`;
}

/** What a store needs for the endpoint, and what it gets without it. */
export function gateText(gate: Gate | undefined): string {
  if (!gate) return '';
  const parts: string[] = [];
  if (gate.platforms)
    parts.push(`platforms ${gate.platforms.map((p) => `\`${p}\``).join(', ')} (406 elsewhere)`);
  if (gate.plan === 'pro') parts.push('Pro plan (403 on `standard`)');
  if (gate.retention) parts.push('retention product (403 without `retention_enabled`)');
  if (gate.countries) parts.push(`${gate.countries.join(', ')} addresses only (422 for others)`);
  return parts.join('; ');
}

/** The group an endpoint is listed under: the first segment of its path. */
function groupOf(endpoint: Endpoint): string {
  return `/${endpoint.path.split('/')[1] ?? ''}`;
}

const HEADER = [
  '<!-- Generated from the endpoint table by `npm run docs:endpoints`; do not edit by hand. -->',
  '',
  '# Endpoints',
  '',
  'Every endpoint of the emulated API, generated from the route definitions (`src/resources/*/*.routes.ts`),',
  'so it lists exactly what the emulator serves. A version marked – answers **501** there. **Scope** is',
  'the token scope needed (403 without it, checked before the gate). **Gate** is what the store needs',
  '(spec rules 5-7): its `platform`, the `pro` plan, the retention product (`retention_enabled`), or an',
  'address in a given country. Behaviour beyond the spec is described in',
  '[api-behaviour.md](api-behaviour.md); the control API under `/_emulator` is described by',
  '`GET /_emulator/openapi.json`.',
];

/**
 * The markdown page listing `endpoints`, grouped by the first path segment in table order.
 *
 * @example endpointTableMarkdown(endpoints).startsWith('<!-- Generated'); // true
 */
export function endpointTableMarkdown(endpoints: readonly Endpoint[]): string {
  const groups = new Map<string, Endpoint[]>();
  for (const endpoint of endpoints) {
    const group = groups.get(groupOf(endpoint)) ?? [];
    group.push(endpoint);
    groups.set(groupOf(endpoint), group);
  }
  const names = [...groups.keys()].sort();
  // A table of contents: GitHub's anchor of `## /bundle_selections` is `bundle_selections`.
  const lines = [...HEADER, '', ...names.map((name) => `- [${name}](#${name.slice(1).toLowerCase()})`)];
  for (const name of names) {
    lines.push('', `## ${name}`, '');
    lines.push(`| Method | Path | ${API_VERSIONS.join(' | ')} | Scope | Gate | What it does |`);
    lines.push(`| --- | --- | ${API_VERSIONS.map(() => ':-:').join(' | ')} | --- | --- | --- |`);
    for (const endpoint of groups.get(name) ?? []) {
      const versions = API_VERSIONS.map((v) =>
        !endpoint.versions || endpoint.versions.includes(v) ? '✓' : '–',
      );
      const row = [
        endpoint.method,
        `\`${specPath(endpoint.path)}\``,
        ...versions,
        scopeOf(endpoint),
        gateText(endpoint.gate),
        endpoint.summary,
      ];
      lines.push(`| ${row.map(cell).join(' | ')} |`);
    }
  }
  lines.push('');
  return lines.join('\n');
}
