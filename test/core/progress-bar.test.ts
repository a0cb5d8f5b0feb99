/**
 * The seeding and loading bar of `start --scenario`, `scenario run` and `fixtures`: drawn on a
 * terminal only, only for large counts, with the count as people read it.
 */
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { terminal } from '../helpers/terminal.js';
import { progressBar } from '../../src/cli/progress.js';

describe('the progress bar', () => {
  it('draws the label, the bar, the share and the count on a terminal', () => {
    const stream = terminal(true);
    const bar = progressBar('seeding customers', 1000, stream);
    bar.update(0, 10_000);
    bar.update(10_000, 10_000);
    bar.finish();
    expect(stripVTControlCharacters(stream.text())).toMatch(
      /seeding customers \[#{30}\] 100% 10,000\/10,000/,
    );
  });

  it('draws nothing off a terminal, or for fewer items than its minimum', () => {
    const piped = terminal(false);
    const small = terminal(true);
    for (const [stream, total] of [
      [piped, 10_000],
      [small, 999],
    ] as const) {
      const bar = progressBar('seeding customers', 1000, stream);
      bar.update(total, total);
      bar.finish();
      expect(stream.text()).toBe('');
    }
  });
});
