/**
 * Counts and the spaces around markup in what the CLI and the dashboard write: "1 jobs" and
 * "answers200" (htm drops a line break between text and an element) came back each time a screen
 * or a message wrote its own. Counts go through `counted` (src/platform/plural.ts); a line of text
 * that runs into an element on the next line says `${' '}`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/doc-blocks.js';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const FILES = ['src/ui', 'src/cli', 'src/parity'].flatMap((dir) => sources(join(ROOT, dir)));

describe('counts and spaces in what people read', () => {
  it('writes every count with its noun through counted()', () => {
    const adHoc =
      /=== 1 \? '' : 's'|=== 1 \? 'y' : 'ies'|\$\{[^{}]*\.(length|total|count|received)\} [a-z]+s\b/;
    const found = FILES.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          adHoc.test(line) ? [`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });

  it('keeps a space between a line of text and the element that starts the next line', () => {
    const found = FILES.filter((file) => file.includes('/src/ui/')).flatMap((file) => {
      const lines = readFileSync(file, 'utf8').split('\n');
      return lines.flatMap((line, index) => {
        const text = line.trim();
        const next = (lines[index + 1] ?? '').trim();
        const prose =
          /(^|>)[^<>{}=]*[A-Za-z]{2,} [A-Za-z]+[,:.)!?]?$/.test(text) && !/^(\/\/|\*|\/\*)/.test(text);
        const element = /^<[A-Za-z$]/.test(next);
        return prose && element ? [`${relative(ROOT, file)}:${index + 1}: ${text} ⏎ ${next}`] : [];
      });
    });
    expect(found).toEqual([]);
  });
});
