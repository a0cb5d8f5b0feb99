/**
 * Webhook inbox: an address on the emulator itself (`/_emulator/inbox/<name>`) to send the open
 * store's webhooks to, and what arrived there: each request's topic, time, signature check, headers
 * and payload, refreshed as the store's deliveries are answered. The status it answers can be
 * chosen (a 500 makes deliveries fail and be retried).
 */
import { useEffect, useState } from 'preact/hooks';
import { TOPICS } from '../../domain/events/topics.js';
import { apiAnswer, control, controlAnswer } from '../api.js';
import { ActionForm, AnswerBox, useAnswers } from '../actions.js';
import { html } from '../html.js';
import type { Session } from '../session.js';
import { follow } from '../stream.js';
import { ErrorBox, Field, JsonBlock, Select, useLoad } from '../shared.js';
import { counted } from '../../platform/plural.js';

interface Entry {
  readonly id: number;
  readonly received_at: string;
  readonly topic: string | null;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly signature: { valid: boolean; store_id: number | null; store_time: string | null };
  readonly answered: number;
}

interface Inbox {
  readonly name: string;
  readonly url: string;
  readonly status: number;
  readonly received: number;
  readonly entries?: readonly Entry[];
}

const ALL_TOPICS = 'all';

/** One line for a request: which topic, when (wall clock and store time), who signed, the answer. */
function summaryOf(entry: Entry): string {
  const signed = entry.signature.valid
    ? `signed by store ${String(entry.signature.store_id)} (store time ${String(entry.signature.store_time)})`
    : 'signature matches no store';
  return `#${entry.id} ${entry.topic ?? 'no topic'} at ${entry.received_at}: ${signed}; answered ${entry.answered}`;
}

function parsed(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

function Requests({ session, name }: { session: Session; name: string }) {
  const token = session.token;
  const path = `/inbox/${encodeURIComponent(name)}`;
  const inbox = useLoad(() => control<{ inbox: Inbox }>('GET', path, { token }), [token, path]);
  // The store's deliveries, answered by the inbox, announce new arrivals.
  useEffect(
    () =>
      follow(
        token,
        { kinds: 'delivery' },
        () => inbox.reload(),
        (state) => state === 'open' && inbox.reload(),
      ),
    [token, path],
  );
  const [topic, setTopic] = useState(ALL_TOPICS);
  const [status, setStatus] = useState('500');
  const state = useAnswers();
  const view = inbox.value?.inbox;
  const subscribe = () =>
    state.run(async (done) => {
      if (!view) return;
      const topics = topic === ALL_TOPICS ? Object.keys(TOPICS) : [topic];
      for (const one of topics)
        done(await apiAnswer('POST', '/webhooks', { token, body: { address: view.url, topic: one } }));
    });
  const change = (method: string, body?: unknown) =>
    state.run(async (done) => {
      done(await controlAnswer(method, path, { token, body }));
      inbox.reload();
    });

  return html`<section class="card" aria-labelledby="inbox-title">
    <h3 id="inbox-title">Inbox ${name}</h3>
    <${ErrorBox} error=${inbox.error} />
    ${
      view &&
      html`<p>
          Address: <code aria-label="Inbox address">${view.url}</code>. It answers${' '}
          <strong>${view.status}</strong>; ${counted(view.received, 'request')} received in all.
        </p>
        <${ActionForm} label="Send webhooks to the inbox" submit=${subscribe}>
          <${Select}
            label="Topic"
            value=${topic}
            options=${[[ALL_TOPICS, 'every topic'] as const, ...Object.keys(TOPICS)]}
            onChange=${setTopic}
          />
          <button type="submit" disabled=${state.busy}>
            ${`Send ${session.store.name}'s webhooks here`}
          </button>
        <//>
        <${ActionForm}
          label="The status the inbox answers"
          submit=${() => change('PUT', { status: Number(status) })}
        >
          <${Field} label="Answer with status" type="number" value=${status} onInput=${setStatus} />
          <button type="submit" disabled=${state.busy}>Set status</button>
          <button type="button" disabled=${state.busy} onClick=${() => change('PUT', { status: 200 })}>
            Answer 200 again
          </button>
          <button type="button" disabled=${state.busy} onClick=${() => change('DELETE')}>
            Empty the inbox
          </button>
          <button type="button" onClick=${() => inbox.reload()}>Refresh</button>
        <//>`
    }
    <${AnswerBox} state=${state} label="Answer of the inbox actions" />
    <ul class="deliveries" aria-label="Requests received">
      ${(view?.entries ?? []).map(
        (entry) =>
          html`<li>
            <details>
              <summary class=${entry.signature.valid ? '' : 'warn'}>${summaryOf(entry)}</summary>
              <h4>Headers</h4>
              <${JsonBlock} value=${entry.headers} label=${`Headers of request ${entry.id}`} />
              <h4>Payload</h4>
              <${JsonBlock} value=${parsed(entry.body)} label=${`Payload of request ${entry.id}`} />
            </details>
          </li>`,
      )}
    </ul>
    ${view?.entries?.length === 0 && html`<p>Nothing received yet.</p>`}
  </section>`;
}

/** The inbox last opened in this tab (a QA person comes back to it from other screens). */
const INBOX_KEY = 'billing-emulator.inbox';

export function InboxScreen({ session }: { session: Session }) {
  const [draft, setDraft] = useState(sessionStorage.getItem(INBOX_KEY) ?? `store-${session.store.id}`);
  const [name, setOpened] = useState(draft);
  const setName = (next: string) => {
    sessionStorage.setItem(INBOX_KEY, next);
    setDraft(next);
    setOpened(next);
  };
  const inboxes = useLoad(
    () => control<{ inboxes: Inbox[] }>('GET', '/inbox', { token: session.token }),
    [session.token, name],
  );
  return html`<section aria-labelledby="inbox-screen-title">
    <h2 id="inbox-screen-title">Webhook inbox</h2>
    <p>
      A receiver on the emulator itself: send a store's webhooks to it (or start the emulator with${' '}
      <code>--webhook-url</code> set to its address) and watch each payload arrive.
    </p>
    <${ActionForm} label="Open an inbox" submit=${() => setName(draft.trim())}>
      <${Field} label="Inbox name" value=${draft} onInput=${setDraft} />
      <button type="submit">Open inbox</button>
    <//>
    <${ErrorBox} error=${inboxes.error} />
    ${
      (inboxes.value?.inboxes.length ?? 0) > 0 &&
      html`<p>
        Inboxes of this emulator:
        ${inboxes.value?.inboxes.map(
          (inbox) =>
            html` <button type="button" onClick=${() => setName(inbox.name)}>
              ${`Open ${inbox.name} (${inbox.received})`}
            </button>`,
        )}
      </p>`
    }
    ${name && html`<${Requests} key=${name} session=${session} name=${name} />`}
  </section>`;
}
