/**
 * Calendar days and ISO-8601 timestamps, below every floor that reads them: the store's "today"
 * in its time zone, and the parsing of the timestamps that requests, queries and documents carry.
 */

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day of `epochMs` in `timeZone` (formatters are cached: creating one is slow).
 *
 * @example dayIn(Date.UTC(2025, 0, 15, 23), 'Asia/Tokyo') // '2025-01-16'
 */
export function dayIn(epochMs: number, timeZone: string): string {
  if (timeZone === 'UTC') return new Date(epochMs).toISOString().slice(0, 10);
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(epochMs);
}

const ISO_DATETIME =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Parses an ISO-8601 date or datetime (UTC when it has no offset) to epoch milliseconds.
 *
 * @example parseTimestampMs('2025-01-15') // 1736899200000
 */
export function parseTimestampMs(raw: string): number | null {
  const value = raw.trim();
  if (!ISO_DATETIME.test(value)) return null;
  let normalized = value.replace(' ', 'T');
  if (normalized.length > 10 && !/(Z|[+-]\d{2}:?\d{2})$/.test(normalized)) normalized += 'Z';
  const ms = Date.parse(normalized);
  return Number.isNaN(ms) ? null : ms;
}
