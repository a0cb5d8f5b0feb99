/**
 * A store's fault rules: added, listed and removed through the control API, consulted on every
 * API request of the store. Every rule that matches a request counts it (`seen`) and decides by
 * its own `when`; the first deciding rule, in the order added, answers (`fired`). Rules live in
 * memory only (docs/decisions/0011).
 */
import type { ApiVersion } from '../../model/versions.js';
import { compilePathGlob } from '../path-glob.js';
import { Random } from '../random.js';
import { describeAction } from './fault-actions.js';
import type { FaultAction, FaultRecord, FaultRuleInput, FaultRuleView, FaultWhen } from './fault.types.js';
import { counted } from '../plural.js';

/** What a rule is matched against. */
export interface FaultTarget {
  readonly method: string;
  readonly path: string;
  /** The version the request asks for; undefined when it names an invalid one. */
  readonly version: ApiVersion | undefined;
}

/** The fault chosen for a request. */
export interface SelectedFault {
  readonly action: FaultAction;
  readonly afterCommit: boolean;
  /** Draws of the action (a latency range). */
  readonly random: Random;
  /** What the journal records about it. */
  readonly record: FaultRecord;
}

interface ActiveRule {
  readonly id: number;
  readonly input: FaultRuleInput;
  readonly when: FaultWhen;
  readonly matches: (target: FaultTarget) => boolean;
  readonly random: Random;
  readonly description: string;
  seen: number;
  fired: number;
}

/** A seed that depends only on the store and the rule, so a run replays without `--seed`. */
function defaultSeed(storeId: number, ruleId: number): number {
  return (Math.imul(storeId, 0x9e3779b1) + ruleId) >>> 0;
}

function matcher(input: FaultRuleInput): (target: FaultTarget) => boolean {
  const { method, version } = input.match;
  const pathMatches = compilePathGlob(input.match.path);
  return (target) =>
    (method === undefined || method === target.method) &&
    (version === undefined || version === target.version) &&
    pathMatches(target.path);
}

function describeWhen(when: FaultWhen): string {
  switch (when.mode) {
    case 'always':
      return 'on every matching request';
    case 'next':
      return `on the next ${counted(when.n, 'matching request')}`;
    case 'after':
      return `after ${counted(when.n, 'matching request')}${when.times ? `, ${when.times} times` : ''}`;
    case 'probability':
      return `with probability ${when.p} (seed ${when.seed})${when.times ? `, at most ${when.times} times` : ''}`;
  }
}

/**
 * One sentence for a rule.
 *
 * @example
 * describeRule({ match: { method: 'POST', path: '/customers' }, action: { type: 'status', status: 503 }, when: { mode: 'next', n: 3 } });
 * // 'POST /customers: answers 503 on the next 3 matching requests'
 */
export function describeRule(input: FaultRuleInput): string {
  const { method, path, version } = input.match;
  const target = `${method ?? 'any method'} ${path}${version ? ` (${version})` : ''}`;
  const when = describeWhen(input.when ?? { mode: 'always' });
  const commit = input.after === 'commit' ? ', after the request is served (its changes stay)' : '';
  return `${target}: ${describeAction(input.action)} ${when}${commit}`;
}

/** Whether a rule that matched a request decides to fire; draws its random number every time. */
function decides(rule: ActiveRule): boolean {
  const { when } = rule;
  switch (when.mode) {
    case 'always':
      return true;
    case 'next':
      return rule.fired < when.n;
    case 'after':
      return rule.seen > when.n && (when.times === undefined || rule.fired < when.times);
    case 'probability': {
      const hit = rule.random.next() < when.p;
      return hit && (when.times === undefined || rule.fired < when.times);
    }
  }
}

export class FaultRules {
  private rules: ActiveRule[] = [];
  private nextId = 1;

  constructor(private readonly storeId: number) {}

  /** Number of rules (0 lets a request skip fault matching). */
  get size(): number {
    return this.rules.length;
  }

  /** Adds a parsed rule; a probability rule without a seed gets one from the store and rule ids. */
  add(input: FaultRuleInput): FaultRuleView {
    const id = this.nextId++;
    let when: FaultWhen = input.when ?? { mode: 'always' };
    if (when.mode === 'probability' && when.seed === undefined)
      when = { ...when, seed: defaultSeed(this.storeId, id) };
    const seed = when.mode === 'probability' ? (when.seed ?? 0) : defaultSeed(this.storeId, id);
    const normalized: FaultRuleInput = { ...input, when };
    const rule: ActiveRule = {
      id,
      input: normalized,
      when,
      matches: matcher(input),
      random: new Random(seed),
      description: describeRule(normalized),
      seen: 0,
      fired: 0,
    };
    this.rules.push(rule);
    return view(rule);
  }

  list(): FaultRuleView[] {
    return this.rules.map(view);
  }

  remove(id: number): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((rule) => rule.id !== id);
    return this.rules.length !== before;
  }

  /** Removes every rule; ids keep counting so an old id never names a new rule. */
  clear(): void {
    this.rules = [];
  }

  /** The fault for a request, if a rule fires; counts the request in every matching rule. */
  select(target: FaultTarget): SelectedFault | undefined {
    let chosen: ActiveRule | undefined;
    for (const rule of this.rules) {
      if (!rule.matches(target)) continue;
      rule.seen += 1;
      if (decides(rule) && !chosen) chosen = rule;
    }
    if (!chosen) return undefined;
    chosen.fired += 1;
    const afterCommit = chosen.input.after === 'commit';
    return {
      action: chosen.input.action,
      afterCommit,
      random: chosen.random,
      record: { id: chosen.id, action: describeAction(chosen.input.action), after_commit: afterCommit },
    };
  }
}

function view(rule: ActiveRule): FaultRuleView {
  return {
    id: rule.id,
    match: rule.input.match,
    action: rule.input.action,
    when: rule.when,
    after: rule.input.after ?? null,
    description: rule.description,
    seen: rule.seen,
    fired: rule.fired,
  };
}
