/**
 * Snapshots: the open store's named in-memory snapshots (save, restore after a confirmation, delete),
 * the store whole as a file (`GET /_emulator/snapshot`, downloaded), and a file uploaded as a new
 * store (`POST /_emulator/stores`, then `PUT /_emulator/snapshot` with the new store's token).
 */
import { useState } from 'preact/hooks';
import { ApiFailure, control, controlAnswer, headersFor, type Json } from '../api.js';
import { ActionForm, AnswerBox, ConfirmButton, useAnswers } from '../actions.js';
import { html } from '../html.js';
import { forgetToken, rememberToken, type Session, type StoreView } from '../session.js';
import { ErrorBox, Field, useLoad } from '../shared.js';
import { snapshotFileName, storeNameOfFile } from '../file-names.js';

interface SnapshotSummary {
  readonly name: string;
  readonly taken_at: string;
  readonly records: number;
}

/** Downloads the store whole as a file (the browser saves it; nothing is kept in the page). */
async function download(session: Session): Promise<string> {
  const response = await fetch('/_emulator/snapshot', {
    headers: headersFor({ token: session.token, control: true }),
  });
  if (!response.ok) throw new ApiFailure(response.status, await response.text(), 'GET /_emulator/snapshot');
  const blob = await response.blob();
  const clock = await control<{ now: string }>('GET', '/clock', { token: session.token });
  const name = snapshotFileName(session.store.name, session.store.id, clock.now);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  return name;
}

export function Snapshots({ session, restored }: { session: Session; restored: () => void }) {
  const token = session.token;
  const list = useLoad(
    () => control<{ snapshots: SnapshotSummary[] }>('GET', '/snapshots', { token }),
    [token],
  );
  const [name, setName] = useState('');
  const [saved, setSaved] = useState('');
  const state = useAnswers();
  const act = (method: string, path: string, body?: Json) =>
    state.run(async (done) => {
      done(await controlAnswer(method, path, { token, body }));
      list.reload();
      if (path.endsWith('/restore')) restored();
    });
  const store = session.store.name;
  return html`<section class="card" aria-labelledby="snapshots-title">
    <h3 id="snapshots-title">Snapshots of ${store}</h3>
    <${ActionForm} label="Save a snapshot" submit=${() => act('POST', '/snapshots', { name })}>
      <${Field} label="Snapshot name" value=${name} onInput=${setName} placeholder="before-renewal" />
      <button type="submit" disabled=${state.busy}>Save snapshot</button>
      <button
        type="button"
        onClick=${() => state.run(async () => setSaved(`Downloaded ${await download(session)}.`))}
      >
        ${`Download ${store} as a file`}
      </button>
    <//>
    <p class="notice" role="status">${saved}</p>
    <${ErrorBox} error=${list.error} />
    <${AnswerBox} state=${state} label="Answer of the snapshot actions" />
    <table aria-label="Named snapshots">
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
                <${ConfirmButton}
                  label=${`Restore ${s.name}`}
                  question=${`Restore snapshot ${s.name} into store ${session.store.id} (${store})? Everything it holds now is replaced.`}
                  confirm=${`Yes, restore ${s.name} into ${store}`}
                  onConfirm=${() => act('POST', `/snapshots/${encodeURIComponent(s.name)}/restore`, {})}
                />
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

/** A snapshot file (from Download, `GET /_emulator/snapshot` or `exportSnapshot`) becomes a new store. */
export function UploadSnapshot({ created }: { created: (store: StoreView) => Promise<void> }) {
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const state = useAnswers();
  const upload = () =>
    state.run(async (done) => {
      if (!file) throw new Error('Choose a snapshot file first.');
      const text = await file.text();
      const made = await controlAnswer<{ store: StoreView; token: string }>('POST', '/stores', {
        body: { name: name.trim() || storeNameOfFile(file.name) },
      });
      done(made);
      const { store, token } = made.body;
      rememberToken(store.id, token);
      try {
        const filled = await controlAnswer<{ store: StoreView }>('PUT', '/snapshot', { token, body: text });
        done(filled);
        await created(filled.body.store);
      } catch (error) {
        // A file the emulator refuses leaves no empty store behind.
        await control('DELETE', `/stores/${store.id}`).catch(() => undefined);
        forgetToken(store.id);
        throw error;
      }
    });
  return html`<section class="card" aria-labelledby="upload-title">
    <h3 id="upload-title">Upload a snapshot as a new store</h3>
    <${ActionForm} label="Upload a snapshot as a new store" submit=${upload}>
      <label class="field"
        ><span>Snapshot file</span>
        <input
          type="file"
          accept=".json,application/json"
          onChange=${(e: Event) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
      /></label>
      <${Field} label="New store's name" value=${name} onInput=${setName} placeholder="the file's name" />
      <button type="submit" disabled=${state.busy}>Upload as a new store</button>
    <//>
    <${AnswerBox} state=${state} label="Answer of the upload" />
  </section>`;
}
