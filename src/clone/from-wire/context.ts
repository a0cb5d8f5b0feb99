/**
 * What a converter needs to know besides the record: the version the answer is in and the store's
 * currency (2021-01 sends some amounts as numbers; 2021-11 fills a null presentment currency with
 * it). Answers reach the converters in the spec's neutral names (the store's dialect is read first).
 */
import type { ApiVersion } from '../../model/versions.js';
import type { AnalyticsData } from '../../model/shared.js';
import type { Reader } from './reader.js';

export interface WireContext {
  /** The API version of the answer the record came from. */
  readonly version: ApiVersion;
  /** The store's currency (GET /store `currency`). */
  readonly currency: string;
}

/** `analytics_data` as both versions send it (`{utm_params: [...]}`), empty when absent. */
export function analyticsData(r: Reader): AnalyticsData {
  const data = r.obj('analytics_data');
  return { utm_params: (data?.array('utm_params') ?? []) as AnalyticsData['utm_params'] };
}
