import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Collection } from '../../platform/persistence/collection.js';
import { sortedIds } from './sorted-order.js';

interface Row {
  readonly id: number;
  readonly at: string;
}

const at = (row: Row) => row.at;
/** What the order must always be: every record, by key then id. */
const plain = (collection: Collection<Row>) =>
  collection
    .snapshot()
    .slice()
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id - b.id))
    .map((row) => row.id);

const write = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.constantFrom('a', 'b', 'c', 'd') }),
  fc.record({
    kind: fc.constant('update' as const),
    pick: fc.nat(),
    at: fc.constantFrom('a', 'b', 'c', 'd'),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('revert' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('image' as const) }),
  fc.record({ kind: fc.constant('restore' as const) }),
  fc.record({ kind: fc.constant('read' as const) }),
);

describe('sortedIds', () => {
  it('stays the plain sort of the records through inserts, updates, deletes, reverts and restores', () => {
    fc.assert(
      fc.property(fc.array(write, { maxLength: 200 }), (writes) => {
        const collection = new Collection<Row>('rows');
        let nextId = 1;
        let image = collection.image();
        const pick = (n: number) => collection.ids()[n % Math.max(1, collection.size)];
        for (const step of writes) {
          const id = 'pick' in step ? pick(step.pick) : undefined;
          if (step.kind === 'insert') collection.insert({ id: nextId++, at: step.at });
          else if (step.kind === 'update' && id !== undefined) collection.update(id, { at: step.at });
          else if (step.kind === 'delete' && id !== undefined) collection.delete(id);
          else if (step.kind === 'revert' && id !== undefined) {
            const before = collection.get(id);
            collection.update(id, { at: 'e' });
            collection.revert(id, before);
          } else if (step.kind === 'image') image = collection.image();
          else if (step.kind === 'restore') collection.restore(image);
          else if (step.kind === 'read') expect(sortedIds(collection, at)).toEqual(plain(collection));
        }
        expect(sortedIds(collection, at)).toEqual(plain(collection));
      }),
    );
  });
});
