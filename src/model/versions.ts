export const API_VERSIONS = ['2021-01', '2021-11'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

export function isApiVersion(value: unknown): value is ApiVersion {
  return value === '2021-01' || value === '2021-11';
}
