/**
 * Scenarios: run a built-in scenario or an uploaded file against a new store
 * (`POST /_emulator/scenarios/run`) and see each step and check pass or fail.
 */
import { useState } from 'preact/hooks';
import { control } from '../api.js';
import { html } from '../html.js';
import type { Session, StoreView } from '../session.js';
import { rememberToken } from '../session.js';
import { ErrorBox, useAction, useLoad } from '../shared.js';
import { counted } from '../../platform/plural.js';

interface Check {
  readonly label: string;
  readonly passed: boolean;
  readonly problems: readonly string[];
}

interface Step {
  readonly index: number;
  readonly name: string;
  readonly request?: string;
  readonly status?: number;
  readonly passed: boolean;
  readonly checks: readonly Check[];
  readonly error?: string;
}

interface RunAnswer {
  readonly store: StoreView;
  readonly token: string;
  readonly report: {
    name: string;
    description: string;
    passed: boolean;
    steps: readonly Step[];
    durationMs: number;
  };
}

export function ScenariosScreen({ open }: { session: Session; open: (store: StoreView) => Promise<void> }) {
  const list = useLoad(
    () => control<{ scenarios: { name: string; description: string; steps: number }[] }>('GET', '/scenarios'),
    [],
  );
  const [answer, setAnswer] = useState<RunAnswer | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const action = useAction();
  const run = (body: Record<string, unknown>) =>
    action.run(async () => {
      setAnswer(null);
      const result = await control<RunAnswer>('POST', '/scenarios/run', { body });
      rememberToken(result.store.id, result.token);
      setAnswer(result);
    });

  return html`<section aria-labelledby="scenarios-title">
    <h2 id="scenarios-title">Scenarios</h2>
    <p>Each run seeds a new store and runs the scenario's timeline against it.</p>
    <form
      class="row card"
      aria-label="Run a scenario file"
      onSubmit=${(e: Event) => {
        e.preventDefault();
        if (file) void file.text().then((text) => run({ text, file_name: file.name }));
      }}
    >
      <label class="field"
        ><span>Scenario file (YAML or JSON)</span>
        <input
          type="file"
          name="scenario-file"
          accept=".yaml,.yml,.json"
          onChange=${(e: Event) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
      /></label>
      <button type="submit" disabled=${!file || action.busy}>Run file</button>
    </form>
    ${action.busy && html`<p role="status">Running…</p>`}
    <${ErrorBox} error=${list.error ?? action.error} />
    ${
      answer &&
      html`<section class="card" aria-labelledby="run-title">
        <h3 id="run-title">
          ${`${answer.report.name}: ${answer.report.passed ? 'passed' : 'failed'} (${counted(answer.report.steps.length, 'step')}, ${answer.report.durationMs} ms)`}
        </h3>
        <button type="button" onClick=${() => open(answer.store)}>Open its store ${answer.store.name}</button>
        <ol class="steps" aria-label="Steps">
          ${answer.report.steps.map(
            (step) =>
              html`<li class=${step.passed ? 'pass' : 'fail'}>
                <strong>${step.passed ? '✓ passed' : '✗ failed'}</strong> ${step.name}
                ${step.request && html` <code>${step.request}</code> → ${step.status ?? ''}`}
                ${step.error && html`<p class="error-text">${step.error}</p>`}
                <ul>
                  ${step.checks.map(
                    (check) =>
                      html`<li class=${check.passed ? 'pass' : 'fail'}>
                        ${check.passed ? '✓' : '✗'} ${check.label}
                        ${check.problems.map((problem) => html`<div class="error-text">${problem}</div>`)}
                      </li>`,
                  )}
                </ul>
              </li>`,
          )}
        </ol>
      </section>`
    }
    <div class="scroll">
      <table aria-label="Built-in scenarios">
        <thead>
          <tr>
            <th>Scenario</th>
            <th>What it shows</th>
            <th>Steps</th>
            <th>Run</th>
          </tr>
        </thead>
        <tbody>
          ${(list.value?.scenarios ?? []).map(
            (s) =>
              html`<tr>
                <td>${s.name}</td>
                <td>${s.description}</td>
                <td>${s.steps}</td>
                <td>
                  <button type="button" disabled=${action.busy} onClick=${() => run({ name: s.name })}>
                    Run ${s.name}
                  </button>
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
  </section>`;
}
