import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, type CursorState } from './cursor.js';

const state = (id: number): CursorState => ({
  list: 'customers',
  params: { sort_by: 'id-desc' },
  key: id,
  id,
  direction: 'next',
});

describe('cursors', () => {
  // Signatures and keys are remembered (decision 0049): the text must stay the plain HMAC's.
  it('sign as a fresh HMAC of the payload would, past the remembered signatures', () => {
    for (let id = 1; id <= 2100; id += 1) {
      for (const secret of ['secret_a', 'secret_b']) {
        const cursor = encodeCursor(state(id), secret);
        const [payload] = cursor.split('.');
        const plain = createHmac('sha256', secret)
          .update(payload ?? '')
          .digest('base64url')
          .slice(0, 22);
        expect(cursor).toBe(`${payload}.${plain}`);
        expect(decodeCursor(cursor, 'customers', secret, 'cursor').id).toBe(id);
      }
    }
    const other = encodeCursor(state(7), 'secret_a');
    expect(() => decodeCursor(other, 'customers', 'secret_b', 'cursor')).toThrow();
  });
});
