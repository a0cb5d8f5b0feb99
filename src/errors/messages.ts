/**
 * The catalogue of every error the emulator answers with, in the bodies of
 * `reference/api-facts.md` (clients read `error`, then `errors`, then `warning`).
 */
import { STATUS_CODES } from 'node:http';
import { ApiError, type FieldErrors } from './api-error.js';

/** marshmallow-style field messages, as the real service words them. */
export const FIELD = {
  required: 'Missing data for required field.',
  notNull: 'Field may not be null.',
  notString: 'Not a valid string.',
  notInteger: 'Not a valid integer.',
  notNumber: 'Not a valid number.',
  notBoolean: 'Not a valid boolean.',
  notObject: 'Not a valid mapping type.',
  notList: 'Not a valid list.',
  notEmail: 'Not a valid email address.',
  notDate: 'Not a valid date.',
  notDatetime: 'Not a valid datetime.',
  notAmount: 'Not a valid amount: a decimal string such as "19.99".',
  tooShort: (min: number) => `Shorter than minimum length ${min}.`,
  tooLong: (max: number) => `Longer than maximum length ${max}.`,
  oneOf: (values: readonly string[]) => `Must be one of: ${values.join(', ')}.`,
  invalidValue: 'Invalid value',
  /** Strict bodies (the control API's) name what they do not know. */
  unknownFields: (keys: readonly string[]) =>
    `Unknown field${keys.length === 1 ? '' : 's'}: ${keys.join(', ')}.`,
} as const;

/** `an array`, `a string`, `null`, ... for the 415 of a body that is not an object. */
function kindOfJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'boolean') return 'a boolean';
  return `a ${typeof value}`;
}

export const errors = {
  notFound: () => new ApiError(404, { errors: 'Not Found' }),
  unauthorized: (header: string) =>
    new ApiError(401, { error: `A valid API access token is required in the ${header} header.` }),
  forbiddenScope: (scope: string) =>
    new ApiError(403, {
      error: `Insufficient permissions (scopes) for this object: the token needs the ${scope} scope.`,
    }),
  forbidden: (sentence: string) => new ApiError(403, { error: sentence }),
  /** Spec, Errors: 403 is also used for a store that uninstalled the service. */
  uninstalled: () => new ApiError(403, { error: 'The service is not installed on this store.' }),
  methodNotAllowed: (method: string, allowed: readonly string[]) =>
    new ApiError(
      405,
      { error: `Method ${method} is not allowed for this URI.` },
      { Allow: allowed.join(', ') },
    ),
  unsupportedMediaType: () => new ApiError(415, { error: 'The request body must be a JSON object.' }),
  /** A body sent without `Content-Type: application/json` (curl -d sends a form's type). */
  bodyNotJsonType: (contentType: string) =>
    new ApiError(415, {
      error: `The request body must be JSON sent with Content-Type: application/json; it came ${contentType ? `as ${contentType}` : 'without a Content-Type'}.`,
    }),
  /** A body that does not parse, with the parser's words and position. */
  bodyNotJson: (detail: string) =>
    new ApiError(415, { error: `The request body is not valid JSON: ${detail}.` }),
  /** A body that parses to something other than an object. */
  bodyNotObject: (value: unknown) =>
    new ApiError(415, { error: `The request body must be a JSON object, not ${kindOfJson(value)}.` }),
  /** Spec: a body that is not a JSON object gives 415; JSON is UTF-8 (RFC 8259). */
  bodyNotUtf8: () => new ApiError(415, { error: 'The request body must be a JSON object encoded in UTF-8.' }),
  /** A body nested deeper than the documented limit is not a JSON object the emulator takes (decision 0021). */
  bodyTooDeep: (max: number) =>
    new ApiError(415, {
      error: `The request body must be a JSON object nested at most ${max} levels deep.`,
    }),
  payloadTooLarge: (limit: string) =>
    new ApiError(413, { error: `The request body is larger than the limit of ${limit}.` }),
  invalidVersion: (version: string, supported: readonly string[]) =>
    new ApiError(426, {
      error: `Invalid API version requested: ${version}. Supported versions: ${supported.join(', ')}.`,
    }),
  notInVersion: (version: string) =>
    new ApiError(501, { error: `This resource is not implemented in API version ${version}.` }),
  /**
   * Spec rules 5-6: a resource that does not exist on the store's platform (checkouts on platform
   * B). 406: "a data source not allowed although permissions permit" (decision 0015).
   */
  notOnPlatform: (platform: string, platforms: readonly string[]) =>
    new ApiError(406, {
      error: `This resource is not available on the store's platform (${platform}); it exists on ${platforms.join(' and ')} stores only.`,
    }),
  /** Spec rule 7: plan-gated operations are refused to stores without the plan. */
  notOnPlan: (plan: string) =>
    new ApiError(403, {
      error: `This operation is available on the ${plan} plan only; the store's plan does not include it.`,
    }),
  /** Spec rule 7: credits endpoints are only for merchants on a retention product. */
  notOnRetention: () =>
    new ApiError(403, {
      error:
        'Credits are available only to merchants on the retention product; the store does not have the retention product enabled.',
    }),
  conflict: () => new ApiError(409, { error: 'A call to this route is already in progress.' }),
  /**
   * 422 for a payment the processor refused (a checkout charge): the processor's text on the
   * token, and its structured reason beside it (spec, Errors 6: `error` and `error_type`).
   */
  paymentDeclined: (errorType: string, message: string) =>
    new ApiError(422, { errors: { payment_token: [message] }, error_type: errorType }),
  tooManyRequests: () => new ApiError(429, { warning: 'too many requests' }),
  /** 422 with per-field messages: `{"errors": {"field": ["message"]}}`. */
  validation: (fields: FieldErrors) => new ApiError(422, { errors: fields }),
  /** 422 for one field with one message. */
  field: (field: string, message: string) => new ApiError(422, { errors: { [field]: [message] } }),
  /** Copy of the real service's refusal, wording and missing full stop included (api-facts, recorded responses). */
  paymentMethodInUse: () =>
    new ApiError(422, { errors: { address: ['Can not delete payment method associated with addresses'] } }),
  /** Copy of the real service's refusal: a bare string under a field the request does not have (api-facts). */
  intervalUnitWithoutFrequencies: () =>
    new ApiError(422, {
      errors: {
        charge_interval_unit_type:
          'when passing order_interval_unit provide charge_interval_frequency and order_interval_frequency to update the interval information',
      },
    }),
  /** 422 for a problem with the request as a whole. */
  schema: (message: string) => new ApiError(422, { errors: { _schema: [message] } }),
  badRequest: (sentence: string) => new ApiError(400, { error: sentence }),
  internal: () => new ApiError(500, { error: 'Internal server error.' }),
  /** Spec: 503 is "a third-party service the request depends on timed out". */
  serviceUnavailable: () =>
    new ApiError(503, { error: 'A third-party service the request depends on timed out. Try again later.' }),
  badGateway: () => new ApiError(502, { error: 'Bad gateway: the service did not answer. Try again later.' }),
  /** A status with no sentence of its own (fault rules may answer any status). */
  status: (status: number) => new ApiError(status, { error: `${STATUS_CODES[status] ?? 'Error'}.` }),
  /** A malformed `X-Emulator-Fault` header: a test bug, answered so that it shows. */
  badFaultHeader: (value: string, problem: string) =>
    new ApiError(400, { error: `Invalid X-Emulator-Fault header "${value}": ${problem}` }),
};
