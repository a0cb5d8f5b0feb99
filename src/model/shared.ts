/** Value objects shared by several resources' canonical models. */

export interface NameValue {
  readonly name: string;
  readonly value: string;
}

export interface ShippingLine {
  readonly code: string;
  readonly price: string;
  readonly title: string;
}

export interface UtmParam {
  readonly utm_campaign?: string | null;
  readonly utm_content?: string | null;
  readonly utm_data_source?: string | null;
  readonly utm_medium?: string | null;
  readonly utm_source?: string | null;
  readonly utm_term?: string | null;
  readonly utm_time_stamp?: string | null;
}

export interface AnalyticsData {
  readonly utm_params: readonly UtmParam[];
}

/** A postal address as both versions carry it inside other records (billing address, ...). */
export interface PostalAddress {
  readonly first_name: string | null;
  readonly last_name: string | null;
  readonly company: string | null;
  readonly address1: string | null;
  readonly address2: string | null;
  readonly city: string | null;
  readonly province: string | null;
  readonly zip: string | null;
  readonly country_code: string | null;
  readonly phone: string | null;
}

/** Canonical timestamp: `YYYY-MM-DDTHH:MM:SSZ` (UTC). */
export type Timestamp = string;

/** The unit of a subscription's or plan's interval. */
export type IntervalUnit = 'day' | 'week' | 'month';
