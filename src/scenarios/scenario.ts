/**
 * Scenarios as the emulator uses them: read from a file (YAML or JSON, checked against
 * `scenarioSchema` with errors naming file, line and field) or found by name among the built-ins
 * in `scenarios/`. A fixture document given where a scenario is expected (`--scenario shop.json`
 * from `fixtures generate`) is a scenario that only seeds.
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, extname, isAbsolute, join, resolve } from 'node:path';
import type { z } from 'zod';
import { FIXTURE_KIND } from '../fixtures/fixture.schema.js';
import { fixtureFrom, readFixtureFile, type FixtureSource } from '../fixtures/fixture-source.js';
import { generateFixture } from '../fixtures/generator/generate.js';
import type { GeneratorInput } from '../fixtures/generator/sizes.js';
import { messageFor } from '../errors/validation.js';
import { builtinScenariosDir } from '../platform/package-files.js';
import {
  DocumentError,
  SourceText,
  parseJson,
  type DocumentPath,
  type Problem,
} from '../fixtures/documents.js';
import { badPatterns, unknownOperators } from './matchers.js';
import { OPERATORS, scenarioSchema, type Step } from './scenario.schema.js';
import { unreadableReason } from '../platform/unreadable.js';

/** Where a scenario's records come from. */
export type FixtureRef =
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'generate'; readonly sizes: GeneratorInput }
  | { readonly kind: 'inline'; readonly source: FixtureSource };

export interface Scenario {
  readonly name: string;
  readonly description: string;
  /** The file it was read from. */
  readonly file?: string;
  /** Store settings as written (the input form of `POST /_emulator/stores` settings). */
  readonly settings: Readonly<Record<string, unknown>>;
  readonly clock?: { readonly now?: string; readonly mode?: 'frozen' | 'realtime' };
  readonly fixture?: FixtureRef;
  readonly timeline: readonly Step[];
  /** The parsed text, to tell the line of a step. */
  readonly source?: SourceText;
}

/** Scenario-file wording of zod's issues: unknown fields are named, unions explained. */
function problemsOf(
  issues: readonly z.core.$ZodIssue[],
  source: SourceText,
  prefix: DocumentPath = [],
): Problem[] {
  const out: Problem[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key))];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push(source.problem([...path, key], `Unknown field ${key}.`, 'key'));
    } else if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      // The branch that came closest explains the problem best.
      const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];
      out.push(...problemsOf(closest, source, path));
    } else {
      out.push(source.problem(path, issue.message));
    }
  }
  return out;
}

/** `$` keys of expectations that are not operators (`$lenght`), which would otherwise never match. */
function operatorProblems(timeline: readonly Step[], source: SourceText): Problem[] {
  const out: Problem[] = [];
  for (const [i, step] of timeline.entries()) {
    const expect = step.expect;
    if (!expect) continue;
    const topicCounts = (topics: typeof expect.events) =>
      topics && !Array.isArray(topics) ? topics.count : undefined;
    const matchers: [string, unknown][] = [
      ['body', expect.body],
      ['counts', expect.counts],
      ['events', { count: topicCounts(expect.events) }],
      ['deliveries', { count: topicCounts(expect.deliveries) }],
    ];
    for (const [key, value] of matchers) {
      for (const { path, key: operator } of unknownOperators(value, ['timeline', i, 'expect', key]))
        out.push(
          source.problem(
            [...path, operator],
            `Unknown operator ${operator}; operators: ${OPERATORS.join(', ')}.`,
            'key',
          ),
        );
      for (const { path, problem } of badPatterns(value, ['timeline', i, 'expect', key]))
        out.push(source.problem(path, problem));
    }
  }
  return out;
}

/**
 * A scenario from its text (YAML or JSON).
 *
 * @example
 * const scenario = parseScenario('description: Two customers\nfixture: {file: shop.json}\n', 'qa/two.yaml');
 */
export function parseScenario(text: string, file?: string): Scenario {
  const source = new SourceText(text, file);
  const value = source.value();
  if (typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === FIXTURE_KIND) {
    const fixture = fixtureFrom(value, { file, source });
    return {
      name: file ? basename(file, extname(file)) : 'fixture',
      description: fixture.doc.description ?? `The fixture ${file ?? ''}`.trim(),
      file,
      settings: {},
      fixture: { kind: 'inline', source: fixture },
      timeline: [],
    };
  }
  const result = scenarioSchema.safeParse(value, { error: messageFor });
  if (!result.success) throw new DocumentError(problemsOf(result.error.issues, source));
  const parsed = result.data;
  const unknown = operatorProblems(parsed.timeline ?? [], source);
  if (unknown.length) throw new DocumentError(unknown);
  const raw = value as { settings?: Record<string, unknown> };
  let fixture: FixtureRef | undefined;
  const ref = parsed.fixture;
  if (ref && 'file' in ref && typeof ref.file === 'string') {
    const base = file ? dirname(file) : process.cwd();
    fixture = { kind: 'file', path: isAbsolute(ref.file) ? ref.file : resolve(base, ref.file) };
  } else if (ref && 'generate' in ref && typeof ref.generate === 'object' && ref.generate !== null) {
    fixture = {
      kind: 'generate',
      sizes: (value as { fixture: { generate: GeneratorInput } }).fixture.generate,
    };
  } else if (ref) {
    fixture = {
      kind: 'inline',
      source: fixtureFrom((value as { fixture: unknown }).fixture, { file, source, at: ['fixture'] }),
    };
  }
  return {
    name: parsed.name ?? (file ? basename(file, extname(file)) : 'scenario'),
    description: parsed.description,
    file,
    settings: raw.settings ?? {},
    clock: parsed.clock,
    fixture,
    timeline: parsed.timeline ?? [],
    source,
  };
}

/** Reads a scenario file (`.yaml`, `.yml` or `.json`; a fixture document is a scenario that only seeds). */
export async function readScenarioFile(file: string): Promise<Scenario> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new DocumentError([
      { file, path: [], message: `Cannot read the scenario file: ${unreadableReason(error)}.` },
    ]);
  }
  // Large generated fixtures parse far faster as JSON; positions are worked out only for problems.
  if (extname(file).toLowerCase() === '.json') {
    const value = parseJson(text, file);
    if (typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === FIXTURE_KIND) {
      const fixture = fixtureFrom(value, { file, text });
      return {
        name: basename(file, extname(file)),
        description: fixture.doc.description ?? `The fixture ${file}`,
        file,
        settings: {},
        fixture: { kind: 'inline', source: fixture },
        timeline: [],
      };
    }
  }
  return parseScenario(text, file);
}

/** Names of the built-in scenarios, sorted. */
export async function builtinScenarioNames(): Promise<string[]> {
  const entries = await readdir(builtinScenariosDir());
  return entries
    .filter((entry) => entry.endsWith('.yaml'))
    .map((entry) => entry.slice(0, -'.yaml'.length))
    .sort();
}

/** A built-in scenario by name, or undefined. */
export async function builtinScenario(name: string): Promise<Scenario | undefined> {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) return undefined;
  const names = await builtinScenarioNames();
  if (!names.includes(name)) return undefined;
  return readScenarioFile(join(builtinScenariosDir(), `${name}.yaml`));
}

/**
 * A built-in scenario's name or a scenario (or fixture) file's path.
 *
 * @example
 * await resolveScenario('small-shop'); await resolveScenario('./qa/dunning.yaml');
 */
export async function resolveScenario(nameOrFile: string): Promise<Scenario> {
  const builtin = await builtinScenario(nameOrFile);
  if (builtin) return builtin;
  if (/[/\\.]/.test(nameOrFile)) return readScenarioFile(nameOrFile);
  const names = await builtinScenarioNames();
  throw new DocumentError([
    {
      path: [],
      message: `No built-in scenario ${nameOrFile} (built-ins: ${names.join(', ')}); a file path needs a / or an extension.`,
    },
  ]);
}

/** The fixture of a scenario, read or generated. */
export async function fixtureOf(scenario: Scenario): Promise<FixtureSource | undefined> {
  const ref = scenario.fixture;
  if (!ref) return undefined;
  if (ref.kind === 'inline') return ref.source;
  if (ref.kind === 'file') return readFixtureFile(ref.path);
  return { doc: generateFixture(ref.sizes) };
}
