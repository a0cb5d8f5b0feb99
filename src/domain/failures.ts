/**
 * What a use case refuses, in the domain's terms: the record is not there, or the request breaks a
 * rule (which fields, and why, in the real service's words). The domain never names an HTTP
 * status: the wire turns a failure into the API's status and error body (`src/http/failures.ts`).
 */

/** Messages by field: a list, a bare message, or nested fields (`billing_address.address1`). */
export type FieldMessages = { [field: string]: string | readonly string[] | FieldMessages };

/** The record the use case needs does not exist (or is hidden, e.g. a charge past its history). */
export class NotFound extends Error {
  readonly kind = 'not_found';
  constructor() {
    super('Not Found');
    this.name = 'NotFound';
  }
}

/**
 * The request breaks a rule: `fields` says which and why; `details` are facts a client may read
 * beside them (a declined payment's `error_type`).
 */
export class Refused extends Error {
  readonly kind = 'refused';
  constructor(
    readonly fields: FieldMessages,
    readonly details: Readonly<Record<string, string>> = {},
    /** The refusal is the command's outcome: what it wrote before stays (see `fail.paymentDeclined`). */
    readonly keepsWrites?: true,
  ) {
    super(JSON.stringify(fields));
    this.name = 'Refused';
  }
}

export type DomainFailure = NotFound | Refused;

export function isDomainFailure(error: unknown): error is DomainFailure {
  return error instanceof NotFound || error instanceof Refused;
}

/**
 * The failures use cases throw.
 *
 * @example
 * if (!customer) throw fail.notFound();
 * if (date < store.today()) throw fail.field('date', 'date is not far enough in the future');
 */
export const fail = {
  notFound: (): NotFound => new NotFound(),
  /** One field, one message: `{"field": ["message"]}`. */
  field: (field: string, message: string): Refused => new Refused({ [field]: [message] }),
  /** One field, one message given as a bare string, as the real service words some refusals. */
  bare: (field: string, message: string): Refused => new Refused({ [field]: message }),
  /** Several fields, or nested ones. */
  fields: (fields: FieldMessages): Refused => new Refused(fields),
  /** A problem with the request as a whole (`_schema`). */
  request: (message: string): Refused => new Refused({ _schema: [message] }),
  /**
   * A payment the processor refused: its text on the token, its structured reason beside it. The
   * try happened: what the command recorded of it (the checkout's attempts) stays.
   */
  paymentDeclined: (errorType: string, message: string): Refused =>
    new Refused({ payment_token: [message] }, { error_type: errorType }, true),
};
