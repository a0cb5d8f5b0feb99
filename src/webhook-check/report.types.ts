/**
 * What a webhook check answers (`POST /_emulator/webhooks/check`, `ControlClient.checkWebhooks`,
 * `billing-emulator check-webhooks --json`): every graded check with the deliveries it rests on.
 * Types only: the client and the dashboard read them without the checker.
 */

/** What a webhook check is asked (the control API's body, in its words). */
export interface WebhookCheckInput {
  /** The handler to check: every delivery of the check goes there, and nowhere else. */
  readonly url: string;
  /**
   * Topics of the valid deliveries; default the topics of the store's webhooks at `url`, else every
   * topic.
   */
  readonly topics?: readonly string[];
  /** Version the payloads are rendered in; default the webhook's at `url`, else the store's. */
  readonly api_version?: '2021-01' | '2021-11';
  /** The secret the handler verifies with; default the store's client secret (shown in the report). */
  readonly secret?: string;
  /** An answer later than this is a failure, as the service's 5 s (default 5000). */
  readonly timeout_ms?: number;
  /**
   * `new` (default): a store of the check's own, kept afterwards to be looked at; `current`: the
   * store of the access token sent (the handler's own token reads it back).
   */
  readonly store?: 'new' | 'current';
  /** A new store's platform word and value names (default the emulator's). */
  readonly platform_word?: string;
  readonly value_names?: Readonly<Record<string, string>>;
}

/** An API call the handler made while handling a delivery (from the store's request journal). */
export interface AttributedCall {
  readonly method: string;
  readonly path: string;
  /** Null when it had not ended when the check read the journal. */
  readonly status: number | null;
}

/** One request the check sent, and the handler's answer. */
export interface SentDelivery {
  /** What it is: `charge/paid`, `duplicate of charge/paid`, `wrong signature`... */
  readonly label: string;
  readonly topic: string;
  readonly request: {
    readonly headers: Readonly<Record<string, string>>;
    /** The body sent (its first 2 KB). */
    readonly body: string;
    readonly bytes: number;
  };
  /** Null: not sent (see `not_sent`), or no answer (see `error`). */
  readonly status: number | null;
  readonly error: string | null;
  readonly duration_ms: number;
  /** The start of the handler's answer. */
  readonly response_body: string | null;
  /** Every API call the handler made to the check's store while handling it. */
  readonly calls: readonly AttributedCall[];
  /** Why it was not sent (the handler stopped answering), when it was not. */
  readonly not_sent?: string;
}

export type CheckId =
  | 'valid'
  | 'wrong-signature'
  | 'changed-body'
  | 'no-signature'
  | 'hmac'
  | 'duplicate-answered'
  | 'duplicate-no-write'
  | 'out-of-order'
  | 'unknown-topic'
  | 'extra-fields'
  | 'service-fate';

/** One graded check. */
export interface CheckResult {
  readonly id: CheckId;
  /** What is checked, as a sentence fragment (`a delivery with a wrong signature is refused (4xx)`). */
  readonly title: string;
  readonly passed: boolean;
  /** What was seen, in one line. */
  readonly verdict: string;
  /** More lines: what to change, the formula, the names of repeated writes, the retry ladder. */
  readonly details: readonly string[];
  /** The deliveries it rests on. */
  readonly evidence: readonly SentDelivery[];
}

/** One try of the service's retry ladder. */
export interface LadderStep {
  readonly try: number;
  /** Minutes after the previous try (0 for the first). */
  readonly after_minutes: number;
  /** Minutes after the first try. */
  readonly at_minutes: number;
}

export interface WebhookCheckReport {
  readonly url: string;
  readonly store: { readonly id: number; readonly new: boolean; readonly token: string | null };
  readonly api_version: string;
  readonly header_prefix: string;
  /**
   * Where the secret the deliveries were signed with came from; the store's is shown (the handler
   * needs it), one given is not repeated.
   */
  readonly secret: { readonly source: 'given' | 'store'; readonly value: string | null };
  readonly timeout_ms: number;
  readonly topics: readonly string[];
  /** Topics with no delivery: no record of their kind could be made in the store. */
  readonly skipped: readonly { readonly topic: string; readonly reason: string }[];
  /** Answer times of the valid deliveries that were answered. */
  readonly timings: {
    readonly count: number;
    readonly p50_ms: number | null;
    readonly p95_ms: number | null;
    readonly max_ms: number | null;
  };
  readonly ladder: readonly LadderStep[];
  readonly checks: readonly CheckResult[];
  /** Checks passed, of `total`. */
  readonly score: number;
  readonly total: number;
  /** Every check passed. */
  readonly passed: boolean;
  readonly duration_ms: number;
}
