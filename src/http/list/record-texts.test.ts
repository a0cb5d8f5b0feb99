/** A page joined from kept texts is the text and the bytes `JSON.stringify` and `Buffer.from` give. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinTexts, KEPT_BYTES, KeptTexts, recordText } from './record-texts.js';

describe('joinTexts', () => {
  it('gives the text JSON.stringify gives for the page, and that text as UTF-8 bytes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.nat(), name: fc.string({ unit: 'binary' }) }), { maxLength: 8 }),
        fc.option(fc.string({ unit: 'binary' })),
        (records, next) => {
          const page = joinTexts(
            '{"customers":[',
            records.map((record) => recordText(JSON.stringify(record))),
            `],"next_cursor":${JSON.stringify(next)}}`,
          );
          const expected = JSON.stringify({ customers: records, next_cursor: next });
          expect(page.text).toBe(expected);
          expect(page.bytes.equals(Buffer.from(expected))).toBe(true);
        },
      ),
    );
  });
});

describe('KeptTexts', () => {
  it('keeps texts within its byte budget, starting again empty past it', () => {
    const texts = new KeptTexts();
    const record = recordText(`"${'x'.repeat(1022)}"`);
    const fit = KEPT_BYTES / record.bytes.length;
    for (let id = 0; id < fit; id++) texts.keep(id, record);
    expect(texts.get(0)).toBe(record);
    expect(texts.get(fit - 1)).toBe(record);
    texts.keep(fit, record);
    expect(texts.get(0)).toBeUndefined();
    expect(texts.get(fit)).toBe(record);
  });
});
