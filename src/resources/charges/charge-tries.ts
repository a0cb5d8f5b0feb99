/**
 * What a 2021-11 charge answers once it has been tried, and not before (api-facts: "Recorded real
 * records", corrected in "Live evidence, wave 3"): a queued charge never shows
 * `last_charge_attempt` nor `external_variant_not_found`; a charge that was tried (paid, failed,
 * refunded, authorized...) shows both. One shape per status: the serializer leaves these fields
 * out and the record table (src/resources/shapes/billing.ts) states the same rule as data. The
 * spec's own `charge_attempts` and `external_variant_id_not_found` stay on every charge.
 */
import type { ChargeStatus } from '../../model/charge.js';

/** Statuses of a charge that has not been tried. */
export const UNTRIED_STATUSES = ['queued'] as const satisfies readonly ChargeStatus[];

/** True when a charge of this status answers the fields of a try. */
export function showsTries(status: ChargeStatus): boolean {
  return !(UNTRIED_STATUSES as readonly ChargeStatus[]).includes(status);
}

/**
 * A shipping line's `retrieved_at`: on a queued charge when its shipping was last priced, with
 * microseconds and offset as recorded (`2024-04-02T01:22:10.278836+00:00`; the store's clock counts
 * milliseconds, so the last three digits are 0); null on a processed charge.
 *
 * @example pricedAt('2025-01-15T12:00:00.250Z') // '2025-01-15T12:00:00.250000+00:00'
 */
export function pricedAt(value: string): string {
  const fraction = /^.{19}\.(\d{1,6})/.exec(value)?.[1] ?? '';
  return `${value.slice(0, 19)}.${fraction.padEnd(6, '0')}+00:00`;
}
