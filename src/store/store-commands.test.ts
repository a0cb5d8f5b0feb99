/**
 * Id counters under nested commands: a savepoint keeps the counters' object and where the log of
 * ids taken stood (decision 0055), so an undone command must still hand its ids out again, and
 * only its own.
 */
import { describe, expect, it } from 'vitest';
import { StoreRegistry } from './registry.js';

function newStore() {
  const registry = new StoreRegistry({ seed: 1, jobKinds: new Map(), onChange: () => undefined });
  return registry.create({}).store;
}

const fail = () => {
  throw new Error('undo');
};

describe('store commands and id counters', () => {
  it('gives the ids of an undone inner command out again, and keeps those of the outer one', () => {
    const store = newStore();
    const taken: number[] = [];
    store.command(() => {
      taken.push(store.nextId('customers'));
      expect(() =>
        store.command(() => {
          taken.push(store.nextId('customers'), store.nextId('events'));
          fail();
        }),
      ).toThrow('undo');
      taken.push(store.nextId('customers'), store.nextId('events'));
    });
    const [first, inner, innerEvent, again, againEvent] = taken;
    expect(inner).toBe((first as number) + 1);
    expect(again).toBe(inner);
    expect(againEvent).toBe(innerEvent);
    expect(store.command(() => store.nextId('customers'))).toBe((again as number) + 1);
  });

  it('puts every counter back when the outermost command fails, after commands that took none', () => {
    const store = newStore();
    const before = store.command(() => store.nextId('customers'));
    store.command(() => undefined);
    expect(() =>
      store.command(() => {
        store.command(() => undefined);
        store.nextId('customers');
        store.command(() => store.nextId('customers'));
        fail();
      }),
    ).toThrow('undo');
    expect(store.nextId('customers')).toBe(before + 1);
  });

  it('drops a counter an undone command started, leaving the persisted counters as they were', () => {
    const store = newStore();
    store.command(() => store.nextId('customers'));
    const before = JSON.stringify(store.metaJSON().sequences);
    expect(() =>
      store.command(() => {
        store.nextId('events');
        store.nextId('customers');
        fail();
      }),
    ).toThrow('undo');
    expect(JSON.stringify(store.metaJSON().sequences)).toBe(before);
  });

  it('keeps the ids of a command that failed but keeps its writes', () => {
    const store = newStore();
    const id = store.command(() => store.nextId('customers'));
    expect(() =>
      store.command(() => {
        store.nextId('customers');
        throw Object.assign(new Error('declined'), { keepsWrites: true });
      }),
    ).toThrow('declined');
    expect(store.nextId('customers')).toBe(id + 2);
  });
});
