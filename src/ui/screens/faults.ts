/**
 * Faults: add a rule from a form (answer a status, add latency, reset the connection or truncate
 * the answer; the next n requests, with a probability, or always; before or after the request is
 * committed), see how often each one was seen and fired, remove it.
 */
import { useState } from 'preact/hooks';
import { control, type Json } from '../api.js';
import { html } from '../html.js';
import type { Session } from '../session.js';
import { ErrorBox, Field, Select, useAction, useLoad } from '../shared.js';

interface Rule {
  readonly id: number;
  readonly description: string;
  readonly seen: number;
  readonly fired: number;
}

/** The rule the form describes, as `POST /_emulator/faults` takes it. */
export function ruleOf(form: Readonly<Record<string, string>>): Json {
  const match: Json = { path: form.path || '/**' };
  if (form.method) match.method = form.method;
  const action: Json =
    form.action === 'status'
      ? { type: 'status', status: Number(form.status) }
      : form.action === 'latency'
        ? { type: 'latency', ms: Number(form.ms) }
        : { type: form.action };
  const when: Json =
    form.when === 'next'
      ? { mode: 'next', n: Number(form.n) }
      : form.when === 'probability'
        ? { mode: 'probability', p: Number(form.p) }
        : { mode: 'always' };
  const rule: Json = { match, action, when };
  if (form.after === 'commit') rule.after = 'commit';
  return rule;
}

const INITIAL = {
  method: '',
  path: '/customers',
  action: 'status',
  status: '503',
  ms: '1000',
  when: 'next',
  n: '1',
  p: '0.5',
  after: '',
};

export function FaultsScreen({ session }: { session: Session }) {
  const token = session.token;
  const rules = useLoad(() => control<{ faults: Rule[] }>('GET', '/faults', { token }), [token]);
  const [form, setForm] = useState(INITIAL);
  const action = useAction();
  const set = (key: keyof typeof INITIAL) => (value: string) => setForm({ ...form, [key]: value });
  return html`<section aria-labelledby="faults-title">
    <h2 id="faults-title">Faults</h2>
    <form
      class="card"
      aria-label="Add a fault rule"
      onSubmit=${(e: Event) => {
        e.preventDefault();
        void action.run(async () => {
          await control('POST', '/faults', { token, body: ruleOf(form) });
          rules.reload();
        });
      }}
    >
      <div class="row">
        <${Select}
          label="Method"
          value=${form.method}
          options=${['', 'GET', 'POST', 'PUT', 'DELETE', 'HEAD']}
          onChange=${set('method')}
        />
        <${Field} label="Path pattern" value=${form.path} onInput=${set('path')} placeholder="/customers/*" />
      </div>
      <div class="row">
        <${Select}
          label="Action"
          value=${form.action}
          options=${[
            ['status', 'answer a status'],
            ['latency', 'add latency'],
            ['reset', 'reset the connection'],
            ['truncate', 'truncate the answer'],
          ]}
          onChange=${set('action')}
        />
        ${form.action === 'status' && html`<${Field} label="Status code" type="number" value=${form.status} onInput=${set('status')} />`}
        ${form.action === 'latency' && html`<${Field} label="Latency (ms)" type="number" value=${form.ms} onInput=${set('ms')} />`}
      </div>
      <div class="row">
        <${Select}
          label="When"
          value=${form.when}
          options=${[
            ['next', 'the next n requests'],
            ['probability', 'with a probability'],
            ['always', 'always'],
          ]}
          onChange=${set('when')}
        />
        ${form.when === 'next' && html`<${Field} label="n" type="number" value=${form.n} onInput=${set('n')} />`}
        ${form.when === 'probability' && html`<${Field} label="Probability (0 to 1)" value=${form.p} onInput=${set('p')} />`}
        <${Select}
          label="Fails"
          value=${form.after}
          options=${[
            ['', 'before the request is served'],
            ['commit', 'after commit (the change is kept)'],
          ]}
          onChange=${set('after')}
        />
      </div>
      <button type="submit" disabled=${action.busy}>Add rule</button>
    </form>
    <${ErrorBox} error=${rules.error ?? action.error} />
    <table aria-label="Fault rules">
      <thead>
        <tr>
          <th>Id</th>
          <th>Rule</th>
          <th>Seen</th>
          <th>Fired</th>
          <th>Actions</th>
        </tr>
      </thead>
      <tbody>
        ${(rules.value?.faults ?? []).map(
          (rule) =>
            html`<tr>
              <td>${rule.id}</td>
              <td>${rule.description}</td>
              <td>${rule.seen}</td>
              <td>${rule.fired}</td>
              <td>
                <button
                  type="button"
                  onClick=${() =>
                    action.run(async () => {
                      await control('DELETE', `/faults/${rule.id}`, { token });
                      rules.reload();
                    })}
                >
                  Remove rule ${rule.id}
                </button>
              </td>
            </tr>`,
        )}
      </tbody>
    </table>
    <button type="button" onClick=${() => rules.reload()}>Refresh counts</button>
  </section>`;
}
