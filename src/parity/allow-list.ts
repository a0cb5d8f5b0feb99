/**
 * The allow-list of a parity check: differences a team knows of and accepts, each with its reason,
 * in a small YAML file (docs/parity.md shows the format). An allowed difference is still reported,
 * marked with its reason, but does not fail the check.
 *
 *   - endpoint: GET /customers/{id}     # method and path as the report shows them; * for a segment
 *     at: customer.tax_exempt            # the field's path (or header name); * one part, ** any below
 *     reason: not in our sandbox yet     # required: why it is fine
 *     kind: extra                        # optional: status, missing, extra, kind, value or header
 *     version: 2021-11                   # optional: one API version only
 */
import { parse } from 'yaml';
import * as z from 'zod';
import { compilePathGlob, pathPatternProblem } from '../platform/path-glob.js';
import { linearPattern } from '../platform/linear-pattern.js';
import { API_VERSIONS } from '../model/versions.js';

const KINDS = ['status', 'missing', 'extra', 'kind', 'value', 'header'] as const;

const ruleSchema = z
  .object({
    endpoint: z
      .string()
      .regex(
        /^(\*|[A-Z]+) \/\S*$/,
        'Must be a method and a path, e.g. "GET /customers/{id}" or "* /customers/**".',
      )
      .refine((value) => pathPatternProblem(value.split(' ')[1] ?? '') === null, 'Is not a path pattern.'),
    at: z.string().min(1),
    reason: z.string().min(1),
    kind: z.enum(KINDS).optional(),
    version: z.enum(API_VERSIONS).optional(),
  })
  .strict();

const listSchema = z.array(ruleSchema);

export type AllowRule = z.output<typeof ruleSchema>;

/** What a rule is matched against. */
export interface AllowSubject {
  readonly endpoint: string;
  readonly version: string;
  readonly kind: string;
  readonly at: string;
}

export interface AllowList {
  readonly rules: readonly AllowRule[];
  /** The reason of the first rule that allows `subject`, or undefined. */
  reasonFor(subject: AllowSubject): string | undefined;
}

/** A field path pattern: `*` one part (between dots), `**` anything; `[]` and names literal. */
function fieldMatcher(pattern: string): (at: string) => boolean {
  const source = pattern
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^.]*'),
    )
    .join('.*');
  // RE2: `a*a*a*…` written in a file would backtrack polynomially on RegExp.
  const regex = linearPattern(`^${source}$`, { caseInsensitive: true });
  return (at) => regex.test(at);
}

/** Allow-list file problems, with where they are. */
export class AllowListError extends Error {
  override name = 'AllowListError';
}

/**
 * Parses an allow-list (YAML text); an empty file allows nothing.
 *
 * @example
 * const allow = parseAllowList('- endpoint: GET /store\n  at: store.weight_unit\n  reason: ours is lb\n');
 * allow.reasonFor({ endpoint: 'GET /store', version: '2021-11', kind: 'value', at: 'store.weight_unit' }); // 'ours is lb'
 */
export function parseAllowList(text: string, fileName = 'allow-list'): AllowList {
  let document: unknown;
  try {
    document = parse(text) ?? [];
  } catch (error) {
    throw new AllowListError(`${fileName}: not YAML (${(error as Error).message})`);
  }
  const parsed = listSchema.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `item ${issue.path.map(String).join('.')}` : 'the file';
    throw new AllowListError(
      `${fileName}: ${where}: ${issue?.message ?? 'invalid'} (a list of rules is expected)`,
    );
  }
  const compiled = parsed.data.map((rule) => {
    const [method = '*', path = '/'] = rule.endpoint.split(' ');
    const pathMatches = compilePathGlob(path);
    const atMatches = fieldMatcher(rule.at);
    return {
      rule,
      matches: (subject: AllowSubject) => {
        const [subjectMethod = '', subjectPath = ''] = subject.endpoint.split(' ');
        return (
          (method === '*' || method === subjectMethod) &&
          pathMatches(subjectPath) &&
          atMatches(subject.at) &&
          (rule.kind === undefined || rule.kind === subject.kind) &&
          (rule.version === undefined || rule.version === subject.version)
        );
      },
    };
  });
  return {
    rules: parsed.data,
    reasonFor: (subject) => compiled.find(({ matches }) => matches(subject))?.rule.reason,
  };
}

/** An allow-list that allows nothing (`NOTHING_ALLOWED.reasonFor(subject)`: undefined). */
export const NOTHING_ALLOWED: AllowList = { rules: [], reasonFor: () => undefined };
