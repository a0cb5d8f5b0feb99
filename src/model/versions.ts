export const API_VERSIONS = ['2021-01', '2021-11'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

export function isApiVersion(value: unknown): value is ApiVersion {
  return value === '2021-01' || value === '2021-11';
}

/** The version a store answers in unless its settings (or the emulator's start options) say otherwise. */
export const DEFAULT_API_VERSION: ApiVersion = '2021-11';
