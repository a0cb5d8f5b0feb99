/**
 * Status codes that differ by version (decision, docs/decisions/0002): 2021-11 answers a create with
 * 201 and a delete with 204 and no body (as the spec shows for addresses); 2021-01 answers 200,
 * with `{}` for a delete (spec: "A delete response is {}").
 */
import type { ApiResponse } from '../http/types.js';
import type { ApiVersion } from '../model/versions.js';

export function createdResponse(version: ApiVersion, body: unknown): ApiResponse {
  return { status: version === '2021-11' ? 201 : 200, body };
}

export function deletedResponse(version: ApiVersion): ApiResponse {
  return version === '2021-11' ? { status: 204 } : { status: 200, body: {} };
}
