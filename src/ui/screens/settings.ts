/**
 * Settings: every setting of the open store in a form drawn from the settings' own JSON Schema (as
 * `GET /_emulator/openapi.json` documents `POST /_emulator/stores`), so a setting added to the
 * emulator appears here by itself, with its kind, choices and bounds; saved with
 * `PATCH /_emulator/settings` (only what changed). And the clock's mode: frozen or real time.
 */
import { useEffect, useState } from 'preact/hooks';
import { control, controlAnswer, type Json } from '../api.js';
import { AnswerBox, useAnswers } from '../actions.js';
import { html } from '../html.js';
import type { Session } from '../session.js';
import { ErrorBox, str, useLoad } from '../shared.js';

/** The parts of JSON Schema the form reads. */
interface Schema {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly description?: string;
}

type Kind = 'choice' | 'switch' | 'number' | 'text' | 'group' | 'json';

function kindOf(schema: Schema): Kind {
  if (schema.enum) return 'choice';
  if (schema.type === 'boolean') return 'switch';
  if (schema.type === 'integer' || schema.type === 'number') return 'number';
  if (schema.type === 'string') return 'text';
  if (schema.type === 'object' && schema.properties) return 'group';
  return 'json'; // lists, maps, values that may be null
}

let settingsSchema: Promise<Schema> | undefined;

/** The settings' schema, from the control API's OpenAPI document (read once per page). */
function loadSchema(): Promise<Schema> {
  type Doc = {
    paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: Schema }> } } }>;
  };
  settingsSchema ??= control<Doc>('GET', '/openapi.json').then((doc) => {
    const body = doc.paths['/_emulator/stores']?.post?.requestBody?.content['application/json']?.schema;
    const schema = body?.properties?.settings;
    if (!schema) throw new Error('The control API document has no settings schema.');
    return schema;
  });
  return settingsSchema;
}

/** The text a field shows for a value of that kind. */
function textOf(kind: Kind, value: unknown): string {
  if (kind === 'json') return JSON.stringify(value);
  return str(value);
}

/** Texts of every field, by dotted path (`dunning.retry_days`). */
function textsOf(schema: Schema, value: Json, prefix = ''): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const path = `${prefix}${name}`;
    const kind = kindOf(field);
    if (kind === 'group')
      Object.assign(texts, textsOf(field, (value[name] as Json | undefined) ?? {}, `${path}.`));
    else texts[path] = textOf(kind, value[name]);
  }
  return texts;
}

/** The value a field's text stands for; throws naming the field when it cannot be read. */
function valueOf(kind: Kind, text: string, path: string): unknown {
  if (kind === 'switch') return text === 'true';
  if (kind === 'number') return text.trim() === '' ? null : Number(text);
  if (kind !== 'json') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`${path} is not valid JSON.`);
  }
}

/** The settings the texts describe, in the schema's shape. */
function settingsOf(schema: Schema, texts: Record<string, string>, prefix = ''): Json {
  const value: Json = {};
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const path = `${prefix}${name}`;
    const kind = kindOf(field);
    value[name] =
      kind === 'group' ? settingsOf(field, texts, `${path}.`) : valueOf(kind, texts[path] ?? '', path);
  }
  return value;
}

/** The top-level settings that differ from `current` (an empty email left unset is no change). */
function changesOf(next: Json, current: Json): Json {
  const changes: Json = {};
  for (const [name, value] of Object.entries(next)) {
    if (value === '' && current[name] === null) continue;
    if (JSON.stringify(value) !== JSON.stringify(current[name])) changes[name] = value;
  }
  return changes;
}

function Fields(props: {
  schema: Schema;
  texts: Record<string, string>;
  set: (path: string, text: string) => void;
  prefix?: string;
}) {
  const prefix = props.prefix ?? '';
  return Object.entries(props.schema.properties ?? {}).map(([name, field]) => {
    const path = `${prefix}${name}`;
    const kind = kindOf(field);
    const text = props.texts[path] ?? '';
    const onInput = (e: Event) => props.set(path, (e.target as HTMLInputElement).value);
    if (kind === 'group')
      return html`<fieldset>
        <legend>${path}</legend>
        <div class="row">
          <${Fields} schema=${field} texts=${props.texts} set=${props.set} prefix=${`${path}.`} />
        </div>
      </fieldset>`;
    if (kind === 'switch')
      return html`<label class="field check"
        ><input
          type="checkbox"
          name=${path}
          checked=${text === 'true'}
          onChange=${(e: Event) => props.set(path, String((e.target as HTMLInputElement).checked))}
        /><span>${path}</span></label
      >`;
    if (kind === 'choice')
      return html`<label class="field"
        ><span>${path}</span>
        <select name=${path} value=${text} onChange=${onInput}>
          ${(field.enum ?? []).map((option) => html`<option value=${str(option)} selected=${str(option) === text}>${str(option)}</option>`)}
        </select></label
      >`;
    if (kind === 'json')
      return html`<label class="field wide"
        ><span>${`${path} (JSON)`}</span>
        <textarea name=${path} rows="2" value=${text} onInput=${onInput}></textarea>
      </label>`;
    return html`<label class="field"
      ><span>${path}</span>
      <input
        type=${kind === 'number' ? 'number' : 'text'}
        name=${path}
        step=${kind === 'number' ? (field.type === 'integer' ? '1' : 'any') : undefined}
        min=${field.minimum}
        max=${field.maximum}
        value=${text}
        onInput=${onInput}
    /></label>`;
  });
}

function ClockMode({ session }: { session: Session }) {
  const clock = useLoad(
    () => control<{ now: string; mode: string }>('GET', '/clock', { token: session.token }),
    [session.token],
  );
  const state = useAnswers();
  const frozen = clock.value?.mode !== 'realtime';
  const set = (mode: string) =>
    state.run(async (done) => {
      done(await controlAnswer('POST', '/clock/mode', { token: session.token, body: { mode } }));
      clock.reload();
    });
  return html`<section class="card" aria-labelledby="mode-title">
    <h3 id="mode-title">Clock mode</h3>
    <p role="status">
      ${clock.value ? (frozen ? `Frozen at ${clock.value.now}: it moves only when advanced.` : `Real time: it follows the wall clock, now ${clock.value.now}.`) : '…'}
    </p>
    ${
      frozen
        ? html`<button type="button" disabled=${state.busy} onClick=${() => set('realtime')}>
            Follow real time
          </button>`
        : html`<button type="button" disabled=${state.busy} onClick=${() => set('frozen')}>
            Freeze the clock
          </button>`
    }
    <${ErrorBox} error=${clock.error} />
    <${AnswerBox} state=${state} label="Answer of the clock mode" />
  </section>`;
}

export function SettingsScreen({ session }: { session: Session }) {
  const token = session.token;
  const loaded = useLoad(async () => {
    const [schema, store] = await Promise.all([
      loadSchema(),
      control<{ store: { settings: Json } }>('GET', `/stores/${session.store.id}`, { token }),
    ]);
    return { schema, settings: store.store.settings };
  }, [token, session.store.id]);
  const [texts, setTexts] = useState<Record<string, string>>({});
  useEffect(() => {
    if (loaded.value) setTexts(textsOf(loaded.value.schema, loaded.value.settings));
  }, [loaded.value]);
  const state = useAnswers();
  const save = (e: Event) => {
    e.preventDefault();
    const value = loaded.value;
    if (!value) return;
    void state.run(async (done) => {
      const changes = changesOf(settingsOf(value.schema, texts), value.settings);
      done(await controlAnswer('PATCH', '/settings', { token, body: changes }));
      loaded.reload();
    });
  };
  return html`<section aria-labelledby="settings-title">
    <h2 id="settings-title">Settings of ${session.store.name}</h2>
    <${ClockMode} session=${session} />
    <${ErrorBox} error=${loaded.error} />
    ${
      loaded.value &&
      html`<form class="card settings" aria-label="Store settings" novalidate onSubmit=${save}>
        <p>
          Every setting of the store, named as <code>PATCH /_emulator/settings</code> takes it; only what you
          change is sent.
        </p>
        <div class="row">
          <${Fields}
            schema=${loaded.value.schema}
            texts=${texts}
            set=${(path: string, text: string) => setTexts({ ...texts, [path]: text })}
          />
        </div>
        <button type="submit" disabled=${state.busy}>Save settings</button>
      </form>`
    }
    <${AnswerBox} state=${state} label="Answer of the settings" />
  </section>`;
}
