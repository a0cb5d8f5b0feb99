/**
 * Webhook check: runs `POST /_emulator/webhooks/check` against a handler's URL (from a store made
 * for the check, or from the open store) and shows the report `check-webhooks` prints: one line per
 * check with what was seen, what to change, the requests it rests on, and the score.
 */
import { useState } from 'preact/hooks';
import { control } from '../api.js';
import { html } from '../html.js';
import type { Session } from '../session.js';
import { ErrorBox, Field, Select, useAction } from '../shared.js';
import type { CheckResult, SentDelivery, WebhookCheckReport } from '../../webhook-check/report.types.js';
import { counted, noun } from '../../platform/plural.js';

const answerOf = (sent: SentDelivery): string =>
  sent.not_sent ?? (sent.status === null ? (sent.error ?? 'no answer') : String(sent.status));

function Evidence({ check }: { check: CheckResult }) {
  return html`<details>
    <summary>Requests (${check.evidence.length})</summary>
    <table aria-label=${`Requests of ${check.title}`}>
      <thead>
        <tr>
          <th>Request</th>
          <th>Answer</th>
          <th>Time</th>
          <th>Calls to the API meanwhile</th>
        </tr>
      </thead>
      <tbody>
        ${check.evidence.map(
          (sent) =>
            html`<tr>
              <td>${sent.label}</td>
              <td>${answerOf(sent)}</td>
              <td>${sent.duration_ms} ms</td>
              <td>
                ${sent.calls.map((call) => `${call.method} ${call.path} (${call.status ?? '…'})`).join(', ')}
              </td>
            </tr>`,
        )}
      </tbody>
    </table>
  </details>`;
}

function ReportView({ report }: { report: WebhookCheckReport }) {
  return html`<section class="card" aria-labelledby="check-result">
    <h3 id="check-result" class=${report.passed ? 'pass' : 'fail'}>
      <strong>${report.score}/${report.total} ${noun(report.total, 'check')} passed</strong>
    </h3>
    <p class="muted">
      ${
        `Store ${report.store.id}${report.store.new ? ' (made for the check)' : ''}, API version ` +
        `${report.api_version}, ${counted(report.topics.length, 'topic')}, time budget ${report.timeout_ms} ms. `
      }
      ${
        report.secret.value === null
          ? 'Signed with the secret given.'
          : html`Signed with the store's client secret <code>${report.secret.value}</code>.`
      }
    </p>
    <ul class="checks" aria-label="Checks">
      ${report.checks.map(
        (check) =>
          html`<li class=${check.passed ? 'pass' : 'fail'} aria-label=${check.title}>
            <strong>${check.passed ? '✓' : '✗'} ${check.title}</strong>
            <div>${check.verdict}</div>
            ${
              !check.passed &&
              check.details.length > 0 &&
              html`<ul>
                ${check.details.map((d) => html`<li>${d}</li>`)}
              </ul>`
            }
            <${Evidence} check=${check} />
          </li>`,
      )}
    </ul>
    ${
      report.skipped.length > 0 &&
      html`<h4>Not sent</h4>
        <ul aria-label="Topics not sent">
          ${report.skipped.map((skip) => html`<li>${skip.topic}: ${skip.reason}</li>`)}
        </ul>`
    }
  </section>`;
}

export function WebhookCheckScreen({ session }: { session: Session }) {
  const [url, setUrl] = useState('');
  const [topics, setTopics] = useState('');
  const [secret, setSecret] = useState('');
  const [timeout, setTimeoutMs] = useState('5000');
  const [where, setWhere] = useState('new');
  const [report, setReport] = useState<WebhookCheckReport | null>(null);
  const action = useAction();
  const run = () =>
    action.run(async () => {
      setReport(null);
      const listed = topics
        .split(/[\s,]+/)
        .map((topic) => topic.trim())
        .filter(Boolean);
      const body = {
        url,
        store: where,
        timeout_ms: Number(timeout),
        ...(listed.length > 0 ? { topics: listed } : {}),
        ...(secret ? { secret } : {}),
      };
      const answer = await control<{ report: WebhookCheckReport }>('POST', '/webhooks/check', {
        body,
        ...(where === 'current' ? { token: session.token } : {}),
      });
      setReport(answer.report);
    });

  return html`<section aria-labelledby="webhook-check-title">
    <h2 id="webhook-check-title">Webhook check</h2>
    <p>
      Sends your webhook handler signed deliveries (valid, forged, twice, out of order, an unknown topic,
      extra fields) and grades each answer as the service would. Requests go to that URL only.
    </p>
    <form
      class="row card"
      aria-label="Check a webhook handler"
      onSubmit=${(e: Event) => {
        e.preventDefault();
        void run();
      }}
    >
      <${Field}
        label="Handler URL"
        name="url"
        value=${url}
        onInput=${setUrl}
        placeholder="http://127.0.0.1:3000/webhooks"
      />
      <${Field}
        label="Topics (default all)"
        name="topics"
        value=${topics}
        onInput=${setTopics}
        placeholder="charge/paid, charge/created"
      />
      <${Field} label="Secret (default the store's)" name="secret" value=${secret} onInput=${setSecret} />
      <${Field} label="Time budget (ms)" name="timeout" value=${timeout} onInput=${setTimeoutMs} />
      <${Select}
        label="From"
        name="store"
        value=${where}
        options=${[
          ['new', 'a store made for the check'],
          ['current', `this store (${session.store.name})`],
        ]}
        onChange=${setWhere}
      />
      <button type="submit" disabled=${!url || action.busy}>Run the check</button>
    </form>
    ${action.busy && html`<p role="status">Checking…</p>`}
    <${ErrorBox} error=${action.error} />
    ${report && html`<${ReportView} report=${report} />`}
  </section>`;
}
