/**
 * Turns what the domain refuses into the API's answers: a record that is not there is 404
 * `{"errors": "Not Found"}`, a broken rule 422 `{"errors": {<field>: [...]}}` with the failure's
 * details beside it (reference/api-facts.md, Error bodies). An `ApiError` stays as it is.
 */
import { ApiError, isApiError } from '../errors/api-error.js';
import { errors } from '../errors/messages.js';
import { NotFound, Refused } from '../domain/failures.js';
import { LimitReached } from '../platform/limits.js';

/**
 * The `ApiError` that answers `error`, or undefined when it is neither an `ApiError` nor a
 * domain failure (a bug: the caller answers 500).
 *
 * @example
 * const answer = apiErrorOf(fail.notFound()); // 404 {"errors": "Not Found"}
 */
export function apiErrorOf(error: unknown): ApiError | undefined {
  if (isApiError(error)) return error;
  if (error instanceof NotFound) return errors.notFound();
  if (error instanceof Refused) return new ApiError(422, { errors: error.fields, ...error.details });
  if (error instanceof LimitReached)
    return new ApiError(422, { errors: { [error.field]: [error.message] }, setting: error.setting });
  return undefined;
}
