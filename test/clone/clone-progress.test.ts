/**
 * The clone's bars on a terminal: one per list, records read of how many (when the service counts
 * them), the rate and the time left; nothing at all when stderr is not a terminal.
 */
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { terminal } from '../helpers/terminal.js';
import { cloneBars } from '../../src/cli/clone-progress.js';

// Without the cursor moves and line clearing between redraws.
const plain = (text: string) => stripVTControlCharacters(text);

describe('clone progress bars', () => {
  it('draw a bar per list with its count, total, rate and time left, and a count for lists without a total', () => {
    const stream = terminal();
    const bars = cloneBars(stream);
    bars.update({ list: 'customers', done: 0, total: 1000, finished: false });
    bars.update({ list: 'customers', done: 500, total: 1000, finished: false });
    bars.update({ list: 'customers', done: 1000, total: 1000, finished: true });
    bars.update({ list: 'plans', done: 40, total: null, finished: false });
    bars.update({ list: 'plans', done: 80, total: null, finished: true });
    bars.stop();
    const text = plain(stream.text());
    expect(text).toMatch(/customers +\[#{24}\] 1,000\/1,000 +[\d,]+\/s +done/);
    expect(text).toMatch(/plans +80 records +[\d,]+\/s/);
  });

  it('draw nothing when stderr is not a terminal', () => {
    const stream = terminal(false);
    const bars = cloneBars(stream);
    bars.update({ list: 'customers', done: 10, total: 10, finished: true });
    bars.stop();
    expect(stream.text()).toBe('');
  });
});
