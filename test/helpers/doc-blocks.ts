/**
 * The fenced code blocks of the user documentation (README.md and docs/*.md, not the decision
 * records), each with its language, its line and the marker written just above it.
 *
 * Markers (an HTML comment on the line before the fence, blank lines allowed between):
 * - `<!-- example: skip: <why> -->`: not run, for what cannot run here (a Docker engine, an install);
 *   the reason is required.
 * - `<!-- example: errors expected: <why> -->`: a shell block whose answers may be 4xx or 5xx.
 * - `<!-- walkthrough -->`: the README's walkthrough (run by its own test as well).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface DocBlock {
  /** The page, relative to the repository (`docs/faults.md`). */
  readonly file: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** The fence's language (`sh`, `ts`, ...), '' when it has none. */
  readonly lang: string;
  readonly code: string;
  /** The marker comment's text (`example: skip: ...`), '' when there is none. */
  readonly marker: string;
}

/** README.md and every docs/*.md (the guides; docs/decisions holds history, not examples). */
export function docPages(): string[] {
  const guides = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...guides];
}

/**
 * The fenced blocks of one page, in order. Fences may be indented (a block inside a list item);
 * the indentation is removed from the code.
 *
 * @example
 * blocksOf('docs/faults.md').filter((block) => block.lang === 'sh');
 */
export function blocksOf(file: string): DocBlock[] {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})([\w-]*)/.exec(lines[i] ?? '');
    if (!open) continue;
    const [, indent = '', fence = '```', lang = ''] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !(lines[j] ?? '').trimStart().startsWith(fence); j++)
      body.push(
        (lines[j] ?? '').startsWith(indent) ? (lines[j] ?? '').slice(indent.length) : (lines[j] ?? ''),
      );
    let k = i - 1;
    while (k >= 0 && (lines[k] ?? '').trim() === '') k--;
    const marker = /^\s*<!--\s*(.*?)\s*-->\s*$/.exec(lines[k] ?? '')?.[1] ?? '';
    blocks.push({ file, line: i + 1, lang, code: `${body.join('\n')}\n`, marker });
    i = j;
  }
  return blocks;
}

/** The reason of a skip marker, or null when the block is to run. */
export function skipReason(block: DocBlock): string | null {
  return /^example: skip: (.+)$/.exec(block.marker)?.[1] ?? null;
}

/** Whether a shell block may get answers of 400 and above. */
export function errorsExpected(block: DocBlock): boolean {
  return /^example: errors expected: .+$/.test(block.marker);
}

/** The page's path from the repository root, for messages. */
export function where(block: DocBlock): string {
  return `${relative(ROOT, join(ROOT, block.file))}:${block.line}`;
}
