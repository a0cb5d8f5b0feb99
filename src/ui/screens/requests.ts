/**
 * Requests: the store's request journal, filtered by method, path and status; each with its body,
 * its answer, and the same request as a curl command to copy.
 */
import { useState } from 'preact/hooks';
import { config, control } from '../api.js';
import { curlOf } from '../curl.js';
import { html } from '../html.js';
import type { Session } from '../session.js';
import { ErrorBox, Field, JsonBlock, Select, useLoad } from '../shared.js';

interface Entry {
  readonly id: number;
  readonly at: string;
  readonly request_id: string;
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  readonly headers: Record<string, unknown>;
  readonly token: { id: number; name: string };
  readonly body: unknown;
  readonly status: number | null;
  readonly response_body: unknown;
  readonly duration_ms: number | null;
  readonly fault: { id: number | string; action: string; after_commit: boolean } | null;
}

const EMPTY = { method: '', path: '', status: '' };

/** A journal entry's curl command, and a button that copies it (the command stays shown to select by hand). */
function CopyAsCurl({ entry }: { entry: Entry }) {
  const [copied, setCopied] = useState('');
  const command = curlOf(entry, location.origin, config.tokenHeader);
  const copy = () =>
    navigator.clipboard.writeText(command).then(
      () => setCopied('Copied. Set TOKEN to a token of the store first.'),
      () => setCopied('The browser refused the clipboard: select the command above instead.'),
    );
  return html`<h4>As curl</h4>
    <pre class="json" aria-label=${`Request ${entry.id} as curl`}>${command}</pre>
    <button type="button" onClick=${copy}>Copy request ${entry.id} as curl</button>
    <span role="status">${copied}</span>`;
}

export function RequestsScreen({ session }: { session: Session }) {
  const [filter, setFilter] = useState(EMPTY);
  const [draft, setDraft] = useState(EMPTY);
  const journal = useLoad(
    () =>
      control<{ requests: Entry[] }>('GET', '/requests', {
        token: session.token,
        query: { ...filter, limit: 50 },
      }),
    [session.token, filter],
  );
  return html`<section aria-labelledby="requests-title">
    <h2 id="requests-title">Requests</h2>
    <form
      class="row"
      onSubmit=${(e: Event) => {
        e.preventDefault();
        setFilter(draft);
      }}
    >
      <${Select}
        label="Method"
        value=${draft.method}
        options=${['', 'GET', 'POST', 'PUT', 'DELETE']}
        onChange=${(method: string) => setDraft({ ...draft, method })}
      />
      <${Field}
        label="Path"
        value=${draft.path}
        onInput=${(path: string) => setDraft({ ...draft, path })}
        placeholder="/customers/*"
      />
      <${Field}
        label="Status"
        value=${draft.status}
        onInput=${(status: string) => setDraft({ ...draft, status })}
        placeholder="503 or 5xx"
      />
      <button type="submit">Filter requests</button>
      <button type="button" onClick=${() => journal.reload()}>Refresh</button>
    </form>
    <${ErrorBox} error=${journal.error} />
    <ul class="journal" aria-label="Request journal">
      ${(journal.value?.requests ?? []).map(
        (r) =>
          html`<li>
            <details>
              <summary>
                ${`#${r.id} ${r.at} `}<strong>${`${r.method} ${r.path}`}</strong>${` → ${r.status ?? 'reset'}`}
                ${r.fault && html` <span class="tag">fault ${String(r.fault.id)}: ${r.fault.action}</span>`}
                <span class="muted"> (${r.token.name}, ${r.duration_ms ?? '…'} ms)</span>
              </summary>
              <h4>Request</h4>
              <${JsonBlock}
                value=${{ query: r.query, headers: r.headers, body: r.body }}
                label=${`Request ${r.id}`}
              />
              <h4>Answer</h4>
              <${JsonBlock} value=${r.response_body} label=${`Answer of request ${r.id}`} />
              <${CopyAsCurl} entry=${r} />
            </details>
          </li>`,
      )}
    </ul>
    ${journal.value?.requests.length === 0 && html`<p>No requests match.</p>`}
  </section>`;
}
