/**
 * The words of the domain's refusals, as the real service words them: the messages of business
 * rules, by resource (the wire's request validation uses some of them too).
 */

/** A field a rule needs is missing: the words of the wire's `FIELD.required` (marshmallow's). */
export const REQUIRED_FIELD = 'Missing data for required field.';

/** Messages of business rules, by resource (the field they name is chosen where they are thrown). */
export const RULE = {
  /** Async batches (spec: Async batch workflow, Limits). */
  batch: {
    tasksPerRequest: (max: number) =>
      `At most ${max.toLocaleString('en-US')} tasks can be added per request.`,
    tasksPerBatch: (max: number, held: number, adding: number) =>
      `A batch holds at most ${max.toLocaleString('en-US')} tasks; this one has ${held.toLocaleString('en-US')} and the request adds ${adding.toLocaleString('en-US')}.`,
    submitted: (status: string) =>
      `The batch was already submitted for processing (status ${status}); it takes no more tasks and runs once.`,
    empty: 'The batch has no tasks to process.',
  },
  /** Notifications (api-facts: Notification). */
  notification: {
    notCustomers: (what: string, id: number) => `No ${what} with id ${id} belongs to this customer.`,
    notQueued: (id: number, status: string) =>
      `Charge ${id} is ${status}; an upcoming_charge notification needs a queued charge.`,
    otherAddress: (chargeId: number, addressId: number) =>
      `Charge ${chargeId} is not a charge of address ${addressId}.`,
  },
  /** Credit accounts and adjustments (api-facts: Credit account). */
  credit: {
    overdrawn: (amount: string, available: string) =>
      `A debit of ${amount} is more than the available balance, ${available}.`,
    codeTaken: 'A credit account with this redemption_code already exists.',
    positive: 'Must be greater than 0.',
  },
  /** Checkouts (spec: Checkout, Checkouts endpoints). */
  checkout: {
    completed: 'The checkout is completed; it cannot be changed or charged again.',
    requiredToCharge: 'Required before the checkout can be charged.',
    currency: (currency: string) => `Currency ${currency} is not one of the store's presentment currencies.`,
    noRates:
      'The checkout is offered no shipping rates: it needs a shipping address in a country the store ships to and an item that requires shipping.',
    unknownRate: (name: string) =>
      `No shipping rate ${name} for this checkout; GET /checkouts/{token}/shipping_rates lists them.`,
    notShipped: (country: string) => `The store does not ship to ${country}.`,
    addressForRates: 'Shipping rates need a shipping address.',
  },
  /** Retention strategies (api-facts: Retention strategy). */
  retention: {
    discountRequired: 'Required when incentive_type is discount.',
    discountOnlyWithDiscount: 'Only allowed when incentive_type is discount.',
    noDiscount: (code: string) => `No discount with code ${code}.`,
  },
} as const;
