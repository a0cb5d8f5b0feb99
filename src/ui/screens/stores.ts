/** Stores: list, create (name, settings, optional scenario), open, reset, delete; snapshots of the open store. */
import { useState } from 'preact/hooks';
import { control, type Json } from '../api.js';
import { html } from '../html.js';
import { forgetToken, rememberToken, type Session, type StoreView } from '../session.js';
import { ErrorBox, Field, Select, useAction, useLoad } from '../shared.js';

interface Props {
  session: Session | null;
  open: (store: StoreView) => Promise<void>;
  close: () => void;
}

function CreateStore({ created }: { created: (store: StoreView) => Promise<void> }) {
  const [name, setName] = useState('');
  const [version, setVersion] = useState('2021-11');
  const [platform, setPlatform] = useState('platform_a');
  const [plan, setPlan] = useState('pro');
  const [timezone, setTimezone] = useState('UTC');
  const [now, setNow] = useState('');
  const [scenario, setScenario] = useState('');
  const [extra, setExtra] = useState('');
  const scenarios = useLoad(() => control<{ scenarios: { name: string }[] }>('GET', '/scenarios'), []);
  const action = useAction();
  const submit = async (e: Event) => {
    e.preventDefault();
    await action.run(async () => {
      let more: Json = {};
      if (extra.trim()) {
        try {
          more = JSON.parse(extra) as Json;
        } catch {
          throw new Error('More settings must be a JSON object.');
        }
      }
      const body: Json = {
        settings: { default_api_version: version, platform, plan, timezone, ...more },
      };
      if (name) body.name = name;
      if (now) body.clock = { now };
      if (scenario) body.scenario = scenario;
      const answer = await control<{ store: StoreView; token: string }>('POST', '/stores', { body });
      rememberToken(answer.store.id, answer.token);
      await created(answer.store);
    });
  };
  return html`<form class="card" onSubmit=${submit} aria-label="Create a store">
    <h3>Create a store</h3>
    <div class="row">
      <${Field} label="Name" name="store-name" value=${name} onInput=${setName} />
      <${Select}
        label="API version"
        value=${version}
        options=${['2021-11', '2021-01']}
        onChange=${setVersion}
      />
      <${Select}
        label="Platform"
        value=${platform}
        options=${['platform_a', 'platform_b_hosted', 'platform_b_native', 'custom']}
        onChange=${setPlatform}
      />
      <${Select} label="Plan" value=${plan} options=${['pro', 'standard']} onChange=${setPlan} />
      <${Field} label="Time zone" value=${timezone} onInput=${setTimezone} />
      <${Field}
        label="Clock starts at (ISO)"
        value=${now}
        onInput=${setNow}
        placeholder="2025-01-15T12:00:00Z"
      />
      <${Select}
        label="Seed from scenario"
        value=${scenario}
        options=${[['', 'none'], ...(scenarios.value?.scenarios ?? []).map((s) => [s.name, s.name] as const)]}
        onChange=${setScenario}
      />
    </div>
    <label class="field wide"
      ><span>More settings (JSON)</span>
      <textarea
        rows="2"
        value=${extra}
        placeholder='{"upcoming_charge_days": 5}'
        onInput=${(e: Event) => setExtra((e.target as HTMLTextAreaElement).value)}
      ></textarea>
    </label>
    <button type="submit" disabled=${action.busy}>${action.busy ? 'Creating…' : 'Create store'}</button>
    <${ErrorBox} error=${action.error} />
  </form>`;
}

interface SnapshotSummary {
  readonly name: string;
  readonly taken_at: string;
  readonly records: number;
}

function Snapshots({ session, restored }: { session: Session; restored: () => void }) {
  const list = useLoad(
    () => control<{ snapshots: SnapshotSummary[] }>('GET', '/snapshots', { token: session.token }),
    [session.token],
  );
  const [name, setName] = useState('');
  const action = useAction();
  const act = (method: string, path: string, body?: Json) =>
    action.run(async () => {
      await control(method, path, { token: session.token, body });
      list.reload();
      if (path.endsWith('/restore')) restored();
    });
  return html`<section class="card" aria-labelledby="snapshots-title">
    <h3 id="snapshots-title">Snapshots of ${session.store.name}</h3>
    <form
      class="row"
      onSubmit=${(e: Event) => {
        e.preventDefault();
        void act('POST', '/snapshots', { name });
      }}
    >
      <${Field} label="Snapshot name" value=${name} onInput=${setName} placeholder="before-renewal" />
      <button type="submit">Save snapshot</button>
    </form>
    <${ErrorBox} error=${list.error ?? action.error} />
    <table>
      <thead>
        <tr>
          <th>Name</th>
          <th>Taken at (store time)</th>
          <th>Records</th>
          <th>Actions</th>
        </tr>
      </thead>
      <tbody>
        ${(list.value?.snapshots ?? []).map(
          (s) =>
            html`<tr>
              <td>${s.name}</td>
              <td>${s.taken_at}</td>
              <td>${s.records}</td>
              <td>
                <button
                  type="button"
                  onClick=${() => act('POST', `/snapshots/${encodeURIComponent(s.name)}/restore`, {})}
                >
                  Restore ${s.name}
                </button>
                <button
                  type="button"
                  onClick=${() => act('DELETE', `/snapshots/${encodeURIComponent(s.name)}`)}
                >
                  Delete ${s.name}
                </button>
              </td>
            </tr>`,
        )}
      </tbody>
    </table>
  </section>`;
}

export function StoresScreen({ session, open, close }: Props) {
  const stores = useLoad(() => control<{ stores: StoreView[] }>('GET', '/stores'), []);
  const action = useAction();
  const [notice, setNotice] = useState('');
  const remove = (store: StoreView) =>
    action.run(async () => {
      await control('DELETE', `/stores/${store.id}`);
      forgetToken(store.id);
      if (session?.store.id === store.id) close();
      setNotice(`Deleted store ${store.id}.`);
      stores.reload();
    });
  const reset = () =>
    action.run(async () => {
      if (!session) return;
      await control('POST', '/reset', { token: session.token });
      setNotice(`Reset store ${session.store.id}: its data, schedule, faults and journal are empty.`);
      stores.reload();
    });
  return html`<section aria-labelledby="stores-title">
    <h2 id="stores-title">Stores</h2>
    <p class="notice" role="status">${notice}</p>
    <${ErrorBox} error=${stores.error ?? action.error} />
    <div class="scroll">
      <table>
        <thead>
          <tr>
            <th>Id</th>
            <th>Name</th>
            <th>Platform</th>
            <th>API version</th>
            <th>Clock</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          ${(stores.value?.stores ?? []).map(
            (store) =>
              html`<tr aria-current=${session?.store.id === store.id ? 'true' : undefined}>
                <td>${store.id}</td>
                <td>${store.name}</td>
                <td>${String(store.settings.platform)}</td>
                <td>${String(store.settings.default_api_version)}</td>
                <td>${store.clock.now} (${store.clock.mode})</td>
                <td>
                  <button type="button" onClick=${() => open(store)}>Open ${store.name}</button>
                  <button type="button" onClick=${() => remove(store)}>Delete ${store.name}</button>
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
    ${
      session &&
      html`<div class="row">
        <button type="button" onClick=${reset}>Reset ${session.store.name}</button>
        <button type="button" onClick=${() => stores.reload()}>Refresh</button>
      </div>`
    }
    ${session && html`<${Snapshots} session=${session} restored=${() => stores.reload()} />`}
    <${CreateStore}
      created=${async (store: StoreView) => {
        await open(store);
        setNotice(`Created store ${store.id} (${store.name}) and opened it.`);
        stores.reload();
      }}
    />
  </section>`;
}
