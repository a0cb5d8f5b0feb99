/**
 * Clock: the store's now; advance by an hour, a day, a month, to a date or to the next job; the
 * timeline of scheduled jobs with what each will do; after an advance, what it ran and the events.
 */
import { useEffect, useState } from 'preact/hooks';
import { control } from '../api.js';
import { html } from '../html.js';
import type { Session } from '../session.js';
import { follow } from '../stream.js';
import { ErrorBox, Field, useAction, useLoad } from '../shared.js';
import { counted } from '../../platform/plural.js';

interface Job {
  readonly id: number;
  readonly type: string;
  readonly due_at: string;
  readonly subject: string;
  readonly does: string;
}

interface AdvanceReport {
  readonly now: string;
  readonly jobs: readonly { type: string; due_at: string; subject: string; outcome: string }[];
  readonly events: readonly string[];
}

const TIMELINE_LIMIT = 100;

/** `iso` plus one calendar month (UTC), clamped to the month's last day (Jan 31 → Feb 28). */
export function plusOneMonth(iso: string): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 1);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function counts(topics: readonly string[]): [string, number][] {
  const map = new Map<string, number>();
  for (const topic of topics) map.set(topic, (map.get(topic) ?? 0) + 1);
  return [...map];
}

export function ClockScreen({ session }: { session: Session }) {
  const token = session.token;
  const clock = useLoad(() => control<{ now: string; mode: string }>('GET', '/clock', { token }), [token]);
  const jobs = useLoad(
    () =>
      control<{ total: number; jobs: Job[] }>('GET', '/clock/jobs', {
        token,
        query: { limit: TIMELINE_LIMIT },
      }),
    [token],
  );
  const [report, setReport] = useState<AdvanceReport | null>(null);
  const [to, setTo] = useState('');
  const action = useAction();

  // Another client (a test, the CLI) may move the clock: follow its moves, and reload once the
  // stream is open, for a move made between the first load and then.
  useEffect(() => {
    const reload = () => {
      clock.reload();
      jobs.reload();
    };
    return follow(token, { kinds: 'clock' }, reload, (state) => state === 'open' && reload());
  }, [token]);

  const advance = (body: Record<string, unknown>) =>
    action.run(async () => {
      setReport(await control<AdvanceReport>('POST', '/clock/advance', { token, body }));
      clock.reload();
      jobs.reload();
    });

  const now = clock.value?.now;
  return html`<section aria-labelledby="clock-title">
    <h2 id="clock-title">Clock</h2>
    <p class="now">
      Store time: <output aria-label="Store time">${now ?? '…'}</output>
      ${clock.value && html` <span class="tag">${clock.value.mode}</span>`}
    </p>
    <${ErrorBox} error=${clock.error ?? jobs.error} />
    <div class="row" role="group" aria-label="Advance the clock">
      <button type="button" disabled=${action.busy} onClick=${() => advance({ hours: 1 })}>+1 hour</button>
      <button type="button" disabled=${action.busy} onClick=${() => advance({ days: 1 })}>+1 day</button>
      <button
        type="button"
        disabled=${action.busy || !now}
        onClick=${() => now && advance({ to: plusOneMonth(now) })}
      >
        +1 month
      </button>
      <button type="button" disabled=${action.busy} onClick=${() => advance({ until: 'next_job' })}>
        To the next job
      </button>
    </div>
    <form
      class="row"
      onSubmit=${(e: Event) => {
        e.preventDefault();
        void advance({ to });
      }}
    >
      <${Field}
        label="Advance to (ISO date and time)"
        name="advance-to"
        value=${to}
        onInput=${setTo}
        placeholder="2025-03-01T00:00:00Z"
      />
      <button type="submit" disabled=${action.busy}>Advance to date</button>
    </form>
    ${action.busy && html`<p role="status">Advancing…</p>`}
    <${ErrorBox} error=${action.error} />
    <div class="split">
      ${
        report &&
        html`<section class="card" aria-labelledby="advance-title">
          <h3 id="advance-title">The last advance</h3>
          <p>
            ${`Now ${report.now}: ${counted(report.jobs.length, 'job')} ran, ${counted(report.events.length, 'event')}.`}
          </p>
          <ul class="topics" aria-label="Events of the advance">
            ${counts(report.events).map(([topic, n]) => html`<li><code>${topic}</code> × ${n}</li>`)}
          </ul>
          <div class="scroll capped">
            <table class=${report.jobs.length > 0 ? 'stack' : ''} role="table" aria-label="Jobs run">
              <thead role="rowgroup">
                <tr role="row">
                  <th role="columnheader">Due at</th>
                  <th role="columnheader">Job</th>
                  <th role="columnheader">Subject</th>
                  <th role="columnheader">Outcome</th>
                </tr>
              </thead>
              <tbody role="rowgroup">
                ${report.jobs.slice(0, 200).map(
                  (job) =>
                    html`<tr role="row">
                      <td role="cell" class="nowrap" data-label="Due at">${job.due_at}</td>
                      <td role="cell" class="nowrap" data-label="Job">${job.type}</td>
                      <td role="cell" data-label="Subject">${job.subject}</td>
                      <td role="cell" data-label="Outcome">${job.outcome}</td>
                    </tr>`,
                )}
              </tbody>
            </table>
          </div>
          ${report.jobs.length > 200 && html`<p>…and ${report.jobs.length - 200} more jobs.</p>`}
        </section>`
      }
      <section class="card" aria-labelledby="timeline-title">
        <h3 id="timeline-title">Timeline: scheduled jobs</h3>
        <p>
          ${
            jobs.value
              ? jobs.value.total > TIMELINE_LIMIT
                ? `The first ${TIMELINE_LIMIT} of ${counted(jobs.value.total, 'job')}, in the order they will run.`
                : `${counted(jobs.value.total, 'job')}, in the order they will run.`
              : 'Loading…'
          }
        </p>
        <div class="scroll capped">
          <table
            class=${(jobs.value?.jobs.length ?? 0) > 0 ? 'stack' : ''}
            role="table"
            aria-label="Scheduled jobs"
          >
            <thead role="rowgroup">
              <tr role="row">
                <th role="columnheader">Due at</th>
                <th role="columnheader">Job</th>
                <th role="columnheader">Subject</th>
                <th role="columnheader">Will do</th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              ${(jobs.value?.jobs ?? []).map(
                (job) =>
                  html`<tr role="row">
                    <td role="cell" class="nowrap" data-label="Due at">${job.due_at}</td>
                    <td role="cell" class="nowrap" data-label="Job">${job.type}</td>
                    <td role="cell" data-label="Subject">${job.subject}</td>
                    <td role="cell" data-label="Will do">${job.does}</td>
                  </tr>`,
              )}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  </section>`;
}
