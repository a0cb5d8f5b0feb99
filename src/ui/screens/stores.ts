/**
 * Stores: every store with what it holds (counts); create one (name, settings, optional scenario),
 * open, reset and delete it (each after a confirmation naming it; the default store has no Delete);
 * snapshots of the open store; a snapshot file uploaded as a new store.
 */
import { useState } from 'preact/hooks';
import { control, type Json } from '../api.js';
import { html } from '../html.js';
import { ConfirmButton } from '../actions.js';
import { forgetToken, rememberToken, type Session, type StoreView } from '../session.js';
import { ErrorBox, Field, Select, useAction, useLoad } from '../shared.js';
import { Snapshots, UploadSnapshot } from './snapshots.js';

interface Props {
  session: Session | null;
  open: (store: StoreView) => Promise<void>;
  close: () => void;
}

function CreateStore({ created }: { created: (store: StoreView) => Promise<void> }) {
  const [name, setName] = useState('');
  // '': the version the emulator was started with (its default for new stores).
  const [version, setVersion] = useState('');
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
        settings: { ...(version ? { default_api_version: version } : {}), platform, plan, timezone, ...more },
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
        options=${[['', 'as started'], '2021-11', '2021-01']}
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

/** The counts a store carries (`GET /_emulator/stores`), as columns. */
const COUNTS: readonly (readonly [keyof StoreView['counts'], string])[] = [
  ['customers', 'Customers'],
  ['active_subscriptions', 'Active subscriptions'],
  ['queued_charges', 'Queued charges'],
  ['failed_charges', 'Failed charges'],
  ['pending_deliveries', 'Pending deliveries'],
];

export function StoresScreen({ session, open, close }: Props) {
  const stores = useLoad(() => control<{ stores: StoreView[] }>('GET', '/stores'), []);
  const action = useAction();
  const [notice, setNotice] = useState('');
  const remove = (store: StoreView) =>
    action.run(async () => {
      await control('DELETE', `/stores/${store.id}`);
      forgetToken(store.id);
      if (session?.store.id === store.id) close();
      setNotice(`Deleted store ${store.id} (${store.name}).`);
      stores.reload();
    });
  const reset = (current: Session) =>
    action.run(async () => {
      await control('POST', '/reset', { token: current.token });
      setNotice(`Reset store ${current.store.id}: its data, schedule, faults and journal are empty.`);
      stores.reload();
    });
  const opened = async (store: StoreView, what: string) => {
    await open(store);
    setNotice(`${what} store ${store.id} (${store.name}) and opened it.`);
    stores.reload();
  };
  return html`<section aria-labelledby="stores-title">
    <h2 id="stores-title">Stores</h2>
    <p class="notice" role="status">${notice}</p>
    <${ErrorBox} error=${stores.error ?? action.error} />
    <div class="scroll">
      <table aria-label="Stores">
        <thead>
          <tr>
            <th>Id</th>
            <th>Name</th>
            <th>Platform</th>
            <th>API version</th>
            <th>Clock</th>
            ${COUNTS.map(([, label]) => html`<th>${label}</th>`)}
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          ${(stores.value?.stores ?? []).map(
            (store) =>
              html`<tr aria-current=${session?.store.id === store.id ? 'true' : undefined}>
                <td>${store.id}</td>
                <td>${store.name}${store.default ? ' (default)' : ''}</td>
                <td>${String(store.settings.platform)}</td>
                <td>${String(store.settings.default_api_version)}</td>
                <td>${`${store.clock.now} (${store.clock.mode})`}</td>
                ${COUNTS.map(([key]) => html`<td>${store.counts[key]}</td>`)}
                <td>
                  <button type="button" onClick=${() => open(store)}>Open ${store.name}</button>
                  ${
                    !store.default &&
                    html`<${ConfirmButton}
                      label=${`Delete ${store.name}`}
                      question=${`Delete store ${store.id} (${store.name}) with its data, tokens and snapshots? This cannot be undone.`}
                      confirm=${`Yes, delete ${store.name}`}
                      onConfirm=${() => remove(store)}
                    />`
                  }
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
    ${
      session &&
      html`<div class="row">
        <${ConfirmButton}
          label=${`Reset ${session.store.name}`}
          question=${`Reset store ${session.store.id} (${session.store.name})? Its customers, subscriptions, charges, schedule, webhooks, faults and journal are emptied; its settings, tokens and clock stay.`}
          confirm=${`Yes, reset ${session.store.name}`}
          onConfirm=${() => reset(session)}
        />
        <button type="button" onClick=${() => stores.reload()}>Refresh</button>
      </div>`
    }
    ${session && html`<${Snapshots} session=${session} restored=${() => stores.reload()} />`}
    <${CreateStore} created=${(store: StoreView) => opened(store, 'Created')} />
    <${UploadSnapshot} created=${(store: StoreView) => opened(store, 'Uploaded the snapshot as')} />
  </section>`;
}
