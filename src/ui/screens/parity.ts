/**
 * Parity: upload a recording of a session with the real service (a HAR file, from
 * `billing-emulator record` or any tool that writes HAR), replay it against a new store
 * (`POST /_emulator/parity/run`) and see every difference, each beside both answers.
 */
import { useState } from 'preact/hooks';
import { control } from '../api.js';
import { html } from '../html.js';
import type { Session, StoreView } from '../session.js';
import { rememberToken } from '../session.js';
import { ErrorBox, JsonBlock, useAction } from '../shared.js';
import type { ExchangeResult, ParityDifference, ParityReport } from '../../parity/report.js';
import { counted } from '../../platform/plural.js';

interface RunAnswer {
  readonly store: StoreView | null;
  readonly token?: string;
  readonly report: ParityReport;
}

const shown = (value: unknown): string =>
  value === undefined ? '(absent)' : typeof value === 'string' ? value : JSON.stringify(value);

function DifferenceRow({ difference }: { difference: ParityDifference }) {
  return html`<tr>
    <td>${difference.kind}</td>
    <td><code>${difference.at}</code></td>
    <td>${shown(difference.recorded)}</td>
    <td>${shown(difference.emulator)}</td>
    <td>${difference.allowed ? `allowed: ${difference.allowed}` : 'not allowed'}</td>
  </tr>`;
}

/** One exchange with differences: the differences, then the recorded and the emulator's answers side by side. */
function ExchangeCard({
  exchange,
  differences,
}: {
  exchange: ExchangeResult;
  differences: readonly ParityDifference[];
}) {
  const title = `#${exchange.entry} ${exchange.method} ${exchange.path} (${exchange.version})`;
  return html`<article class="card" aria-label=${title}>
    <h4>${title}</h4>
    <table aria-label=${`Differences of #${exchange.entry}`}>
      <thead>
        <tr>
          <th>Kind</th>
          <th>At</th>
          <th>Recorded</th>
          <th>Emulator</th>
          <th>Allowed</th>
        </tr>
      </thead>
      <tbody>
        ${differences.map((difference) => html`<${DifferenceRow} difference=${difference} />`)}
      </tbody>
    </table>
    ${
      exchange.answers &&
      html`<div class="split">
        <section>
          <h5>Recorded answer: ${exchange.answers.recorded.status}</h5>
          <${JsonBlock}
            value=${exchange.answers.recorded.body}
            label=${`Recorded answer of #${exchange.entry}`}
          />
        </section>
        <section>
          <h5>Emulator answer: ${exchange.answers.emulator.status}</h5>
          <${JsonBlock}
            value=${exchange.answers.emulator.body}
            label=${`Emulator answer of #${exchange.entry}`}
          />
        </section>
      </div>`
    }
  </article>`;
}

function ReportView({ answer, open }: { answer: RunAnswer; open: (store: StoreView) => Promise<void> }) {
  const { report, store } = answer;
  const allowed = report.differences.filter((difference) => difference.allowed).length;
  const failing = report.differences.length - allowed;
  const summary =
    `Parity ${report.identical}/${report.compared} (${(report.score * 100).toFixed(1)}%): ` +
    `${counted(failing, 'difference')}${allowed ? `, ${allowed} allowed` : ''}`;
  return html`<section class="card" aria-labelledby="parity-result">
    <h3 id="parity-result" class=${report.passed ? 'pass' : 'fail'}>
      <strong>${report.passed ? '✓ passed' : '✗ failed'}</strong> ${summary}
    </h3>
    <p class="muted">
      ${
        `Replayed as a store with header prefix ${report.store.header_prefix}, platform word ` +
        `${report.store.platform_word}, default version ${report.store.default_api_version}.`
      }
    </p>
    ${store && html`<button type="button" onClick=${() => open(store)}>Open its store ${store.name}</button>`}
    <table aria-label="Endpoints">
      <thead>
        <tr>
          <th>Endpoint</th>
          <th>Version</th>
          <th>Identical</th>
          <th>Differences</th>
        </tr>
      </thead>
      <tbody>
        ${report.endpoints.map(
          (group) =>
            html`<tr class=${group.differences === 0 ? 'pass' : 'fail'}>
              <td><code>${group.endpoint}</code></td>
              <td>${group.version}</td>
              <td>${group.identical}/${group.compared}</td>
              <td>${group.differences}</td>
            </tr>`,
        )}
      </tbody>
    </table>
    ${report.exchanges
      .filter((exchange) => !exchange.identical)
      .map(
        (exchange) =>
          html`<${ExchangeCard}
            exchange=${exchange}
            differences=${report.differences.filter((difference) => difference.entry === exchange.entry)}
          />`,
      )}
    ${
      report.skipped.length > 0 &&
      html`<h4>Not replayed</h4>
        <ul aria-label="Skipped entries">
          ${report.skipped.map((skipped) => html`<li>#${skipped.entry}: ${skipped.reason}</li>`)}
        </ul>`
    }
  </section>`;
}

export function ParityScreen({ open }: { session: Session; open: (store: StoreView) => Promise<void> }) {
  const [recording, setRecording] = useState<File | null>(null);
  const [allowList, setAllowList] = useState<File | null>(null);
  const [answer, setAnswer] = useState<RunAnswer | null>(null);
  const action = useAction();
  const run = () =>
    action.run(async () => {
      if (!recording) return;
      setAnswer(null);
      const body = {
        text: await recording.text(),
        file_name: recording.name,
        ...(allowList ? { allow: await allowList.text() } : {}),
      };
      const result = await control<RunAnswer>('POST', '/parity/run', { body });
      if (result.store && result.token) rememberToken(result.store.id, result.token);
      setAnswer(result);
    });

  return html`<section aria-labelledby="parity-title">
    <h2 id="parity-title">Parity</h2>
    <p>
      Replays a recording of a session with the real service (a HAR file from${' '}
      <code>billing-emulator record</code>, a browser or mitmproxy) against a new store and compares every
      answer.
    </p>
    <form
      class="row card"
      aria-label="Replay a recording"
      onSubmit=${(e: Event) => {
        e.preventDefault();
        void run();
      }}
    >
      <label class="field"
        ><span>Recording (HAR file)</span>
        <input
          type="file"
          name="recording"
          accept=".har,.json"
          onChange=${(e: Event) => setRecording((e.target as HTMLInputElement).files?.[0] ?? null)}
      /></label>
      <label class="field"
        ><span>Allow-list (YAML, optional)</span>
        <input
          type="file"
          name="allow-list"
          accept=".yaml,.yml"
          onChange=${(e: Event) => setAllowList((e.target as HTMLInputElement).files?.[0] ?? null)}
      /></label>
      <button type="submit" disabled=${!recording || action.busy}>Replay recording</button>
    </form>
    ${action.busy && html`<p role="status">Replaying…</p>`}
    <${ErrorBox} error=${action.error} />
    ${answer && html`<${ReportView} answer=${answer} open=${open} />`}
  </section>`;
}
