import { describe, expect, it } from 'vitest';
import { snapshotFileName, storeNameOfFile } from './file-names.js';

describe('snapshot files and store names', () => {
  it('names a store after a downloaded file, whatever its store was called', () => {
    for (const name of ['Story shop', 'x'.repeat(255), 'Магазин', 'a/b: c?', ' ']) {
      const file = snapshotFileName(name, 7, '2025-01-16T12:00:00.000Z');
      expect(file).toMatch(/^[A-Za-z0-9._-]+-2025-01-16T12-00-00.000Z\.json$/);
      for (const uploaded of [file, file.replace(/\.json$/, ' (1).json')]) {
        const storeName = storeNameOfFile(uploaded);
        expect(storeName.length).toBeGreaterThan(0);
        expect(storeName.length).toBeLessThanOrEqual(255);
        expect(storeName).toBe(file.replace(/\.json$/, ''));
      }
    }
    expect(snapshotFileName('Магазин', 7, '2025-01-16T12:00:00Z')).toBe('store-7-2025-01-16T12-00-00Z.json');
  });

  it('names a store after any file, within 1 to 255 characters', () => {
    expect(storeNameOfFile('.json')).toBe('Uploaded store');
    expect(storeNameOfFile('C:\\Downloads\\shop.JSON')).toBe('shop');
    expect(storeNameOfFile(`${'y'.repeat(300)}.json`)).toHaveLength(255);
  });
});
