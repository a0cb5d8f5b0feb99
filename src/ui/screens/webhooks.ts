/**
 * Webhooks: the store's subscriptions (`/webhooks` of the API: add, remove; one row per receiver URL,
 * its topics folded), and the delivery log
 * with every try, its status code, payload, signature and headers; replay, pause and resume. The log
 * refreshes as the stream announces deliveries.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, control } from '../api.js';
import { html } from '../html.js';
import type { Session } from '../session.js';
import { follow } from '../stream.js';
import { ErrorBox, Field, JsonBlock, Select, useAction, useLoad } from '../shared.js';
import { counted } from '../../platform/plural.js';

interface Attempt {
  readonly number: number;
  readonly at: string;
  readonly response_status: number | null;
  readonly duration_ms: number;
  readonly error: string | null;
  readonly response_body: string | null;
}

interface Delivery {
  readonly id: number;
  readonly webhook_id: number;
  readonly topic: string;
  readonly url: string;
  readonly status: string;
  readonly request: { headers: Record<string, string>; body: string };
  readonly attempts: readonly Attempt[];
  readonly created_at: string;
}

function payloadOf(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

interface WebhookView {
  readonly id: number;
  readonly address: string;
  readonly topic: string;
  readonly api_version: string;
}

/** Webhooks by receiver URL, in the order first subscribed. */
function byAddress(webhooks: readonly WebhookView[]): [string, WebhookView[]][] {
  const groups = new Map<string, WebhookView[]>();
  for (const webhook of [...webhooks].sort((a, b) => a.id - b.id))
    groups.set(webhook.address, [...(groups.get(webhook.address) ?? []), webhook]);
  return [...groups];
}

/** The store's webhooks, one row per receiver URL with its topics folded (`GET /_emulator/webhooks` adds the version). */
function Subscriptions({ session }: { session: Session }) {
  const list = useLoad(
    () => control<{ webhooks: WebhookView[] }>('GET', '/webhooks', { token: session.token }),
    [session.token],
  );
  const [address, setAddress] = useState('');
  const [topic, setTopic] = useState('');
  const action = useAction();
  const remove = (webhooks: readonly WebhookView[]) =>
    action.run(async () => {
      for (const w of webhooks) await api('DELETE', `/webhooks/${w.id}`, { token: session.token });
      list.reload();
    });
  return html`<section class="card" aria-labelledby="subs-title">
    <h3 id="subs-title">Subscriptions</h3>
    <form
      class="row"
      onSubmit=${(e: Event) => {
        e.preventDefault();
        void action.run(async () => {
          await api('POST', '/webhooks', { token: session.token, body: { address, topic } });
          list.reload();
        });
      }}
    >
      <${Field}
        label="Receiver URL"
        value=${address}
        onInput=${setAddress}
        placeholder="http://localhost:3000/hooks"
      />
      <${Field} label="Webhook topic" value=${topic} onInput=${setTopic} placeholder="charge/paid" />
      <button type="submit">Add webhook</button>
    </form>
    <${ErrorBox} error=${list.error ?? action.error} />
    <div class="scroll">
      <table aria-label="Webhook subscriptions">
        <thead>
          <tr>
            <th>Receiver URL</th>
            <th>Version</th>
            <th>Topics</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          ${byAddress(list.value?.webhooks ?? []).map(
            ([url, webhooks]) =>
              html`<tr>
                <td>${url}</td>
                <td>${[...new Set(webhooks.map((w) => w.api_version))].join(', ')}</td>
                <td>
                  <details>
                    <summary>
                      ${`${counted(webhooks.length, 'topic')}: ${webhooks
                        .map((w) => w.topic)
                        .slice(0, 3)
                        .join(', ')}${webhooks.length > 3 ? ', …' : ''}`}
                    </summary>
                    <ul class="topics">
                      ${webhooks.map(
                        (w) =>
                          html`<li>
                            <code>${w.topic}</code> (webhook ${w.id})
                            <button type="button" onClick=${() => remove([w])}>Remove webhook ${w.id}</button>
                          </li>`,
                      )}
                    </ul>
                  </details>
                </td>
                <td>
                  <button type="button" onClick=${() => remove(webhooks)}>
                    ${`Remove the ${counted(webhooks.length, 'webhook')} of ${url}`}
                  </button>
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
  </section>`;
}

/** One line for a delivery: built as one string (htm drops line breaks inside text). */
function summaryOf(d: Delivery): string {
  const last = d.attempts.at(-1);
  const tries = counted(d.attempts.length, 'try', 'tries');
  const answer = last
    ? `, last at ${last.at}: ${String(last.response_status ?? last.error ?? 'no answer')}`
    : '';
  return `#${d.id} ${d.topic} → ${d.url} (created ${d.created_at}): ${d.status}, ${tries}${answer}`;
}

export function WebhooksScreen({ session }: { session: Session }) {
  const token = session.token;
  const [filter, setFilter] = useState({ topic: '', status: '' });
  const [draft, setDraft] = useState({ topic: '', status: '' });
  const deliveries = useLoad(
    () =>
      control<{ deliveries: Delivery[] }>('GET', '/webhooks/deliveries', {
        token,
        query: { ...filter, limit: 50 },
      }),
    [token, filter],
  );
  const store = useLoad(
    () =>
      control<{ store: { settings: { webhooks: { paused: boolean; mode: string } } } }>(
        'GET',
        `/stores/${session.store.id}`,
        { token },
      ),
    [token],
  );
  const action = useAction();
  // Reloaded on each delivery change, and once the stream is open (a change made before then).
  useEffect(
    () =>
      follow(
        token,
        { kinds: 'delivery' },
        () => deliveries.reload(),
        (state) => state === 'open' && deliveries.reload(),
      ),
    [token, filter],
  );

  const paused = store.value?.store.settings.webhooks.paused ?? false;
  const act = (path: string) =>
    action.run(async () => {
      await control('POST', path, { token, body: {} });
      store.reload();
      deliveries.reload();
    });

  return html`<section aria-labelledby="webhooks-title">
    <h2 id="webhooks-title">Webhooks</h2>
    <${Subscriptions} session=${session} />
    <section aria-labelledby="deliveries-title">
      <h3 id="deliveries-title">Deliveries</h3>
      <div class="row">
        <p role="status">Deliveries are <strong>${paused ? 'paused' : 'flowing'}</strong>.</p>
        ${
          paused
            ? html`<button type="button" onClick=${() => act('/webhooks/resume')}>Resume deliveries</button>`
            : html`<button type="button" onClick=${() => act('/webhooks/pause')}>Pause deliveries</button>`
        }
      </div>
      <form
        class="row"
        onSubmit=${(e: Event) => {
          e.preventDefault();
          setFilter(draft);
        }}
      >
        <${Field}
          label="Delivery topic"
          value=${draft.topic}
          onInput=${(topic: string) => setDraft({ ...draft, topic })}
        />
        <${Select}
          label="Delivery status"
          value=${draft.status}
          options=${['', 'pending', 'retrying', 'succeeded', 'failed', 'paused', 'outbox']}
          onChange=${(status: string) => setDraft({ ...draft, status })}
        />
        <button type="submit">Filter deliveries</button>
      </form>
      <${ErrorBox} error=${deliveries.error ?? store.error ?? action.error} />
      <ul class="deliveries" aria-label="Delivery log">
        ${(deliveries.value?.deliveries ?? []).map(
          (d) =>
            html`<li>
              <details>
                <summary>${summaryOf(d)}</summary>
                <button type="button" onClick=${() => act(`/webhooks/deliveries/${d.id}/replay`)}>
                  Replay delivery ${d.id}
                </button>
                <div class="scroll">
                  <table aria-label=${`Tries of delivery ${d.id}`}>
                    <thead>
                      <tr>
                        <th>Try</th>
                        <th>At</th>
                        <th>Status code</th>
                        <th>Duration</th>
                        <th>Error</th>
                        <th>Response</th>
                      </tr>
                    </thead>
                    <tbody>
                      ${d.attempts.map(
                        (a) =>
                          html`<tr>
                            <td>${a.number}</td>
                            <td>${a.at}</td>
                            <td>${a.response_status ?? '—'}</td>
                            <td>${a.duration_ms} ms</td>
                            <td>${a.error ?? ''}</td>
                            <td><code>${(a.response_body ?? '').slice(0, 200)}</code></td>
                          </tr>`,
                      )}
                    </tbody>
                  </table>
                </div>
                <h4>Headers (the signature is X-…-Hmac-Sha256)</h4>
                <${JsonBlock} value=${d.request.headers} label=${`Headers of delivery ${d.id}`} />
                <h4>Payload</h4>
                <${JsonBlock} value=${payloadOf(d.request.body)} label=${`Payload of delivery ${d.id}`} />
              </details>
            </li>`,
        )}
      </ul>
      ${deliveries.value?.deliveries.length === 0 && html`<p>No deliveries yet.</p>`}
    </section>
  </section>`;
}
