/**
 * The one error type the HTTP layer turns into a response. Anything else thrown is a bug: it
 * becomes a 500 with a generic body and is logged with its request id.
 */

/** `{"errors": {...}}` values: messages, a bare message, or nested fields. */
export type FieldErrors = { [field: string]: string | readonly string[] | FieldErrors };

export type ErrorBody =
  { error: string } | { errors: string | FieldErrors } | { warning: string } | Record<string, unknown>;

export class ApiError extends Error {
  readonly expose = true;

  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(`${status} ${JSON.stringify(body)}`);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
