/**
 * Snapshot files and store names, both ways: the file a store downloads as
 * (`<store>-<time>.json`), and the store name a file uploaded without one gets. A store name is 1
 * to 255 characters (POST /_emulator/stores), so a name made from a file is always one of those.
 */

/** The longest store name the control API takes. */
const NAME_MAX = 255;
/** Room left for the time in a downloaded file's name (`-2025-01-16T12-00-00Z.json`). */
const STEM_MAX = 200;

const safe = (text: string): string => text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');

/**
 * A file name of the store and its time.
 *
 * @example snapshotFileName('QA shop', 3, '2025-01-16T12:00:00Z'); // 'QA-shop-2025-01-16T12-00-00Z.json'
 */
export function snapshotFileName(storeName: string, storeId: number, takenAt: string): string {
  const stem = safe(storeName).slice(0, STEM_MAX).replace(/-+$/, '');
  return `${stem || `store-${storeId}`}-${safe(takenAt)}.json`;
}

/**
 * The name of a store made from an uploaded file: the file's name without its extension or the
 * copy number a browser adds (`name (1).json`), at most 255 characters, never empty.
 *
 * @example storeNameOfFile('QA-shop-2025-01-16T12-00-00Z (2).json'); // 'QA-shop-2025-01-16T12-00-00Z'
 */
export function storeNameOfFile(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '');
  const stem = base
    .replace(/\.json$/i, '')
    .replace(/\s*\(\d+\)$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return stem.slice(0, NAME_MAX).trim() || 'Uploaded store';
}
