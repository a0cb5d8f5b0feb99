/** Pieces every screen uses: the failure box, JSON blocks, loading state and the cursor pager. */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure } from './api.js';
import { html } from './html.js';

/** A value as text: empty for null and undefined. */
export const str = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** Shows an API failure with its status and body (never swallowed), or any other error's message. */
export function ErrorBox({ error }: { error: unknown }) {
  if (!error) return null;
  if (error instanceof ApiFailure)
    return html`<div class="error" role="alert">
      <strong>${error.what} answered ${error.status}</strong>
      <pre>${typeof error.body === 'string' ? error.body : JSON.stringify(error.body, null, 2)}</pre>
    </div>`;
  return html`<div class="error" role="alert"><strong>${String(error)}</strong></div>`;
}

/** A value as indented JSON text (rendered as text: never markup). */
export function JsonBlock({ value, label }: { value: unknown; label?: string }) {
  return html`<pre class="json" aria-label=${label}>${JSON.stringify(value, null, 2)}</pre>`;
}

/**
 * Runs `load` when `deps` change; answers its value, failure and a reload function. Only the
 * latest load's answer is kept: an earlier one that answers late does not overwrite it.
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const [value, setValue] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);
  const reload = useCallback(() => {
    const run = ++latest.current;
    setLoading(true);
    load().then(
      (v) => {
        if (run !== latest.current) return;
        setValue(v);
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (run !== latest.current) return;
        setError(e);
        setLoading(false);
      },
    );
  }, deps);
  useEffect(reload, [reload]);
  return { value, error, loading, reload };
}

/** Runs an action, keeping its failure to show and whether it is running. */
export function useAction() {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await action();
    } catch (e) {
      setError(e);
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { error, busy, run, setError };
}

/** Previous and next page buttons of a cursor-paginated list. */
export function Pager(props: {
  previous: string | null | undefined;
  next: string | null | undefined;
  go: (cursor: string) => void;
  label: string;
}) {
  return html`<nav class="pager" aria-label=${`${props.label} pages`}>
    <button
      type="button"
      disabled=${!props.previous}
      onClick=${() => props.previous && props.go(props.previous)}
    >
      Previous page
    </button>
    <button type="button" disabled=${!props.next} onClick=${() => props.next && props.go(props.next)}>
      Next page
    </button>
  </nav>`;
}

/** A labelled text input. */
export function Field(props: {
  label: string;
  value: string;
  onInput: (value: string) => void;
  type?: string;
  placeholder?: string;
  name?: string;
}) {
  return html`<label class="field"
    ><span>${props.label}</span>
    <input
      type=${props.type ?? 'text'}
      name=${props.name}
      value=${props.value}
      placeholder=${props.placeholder}
      onInput=${(e: Event) => props.onInput((e.target as HTMLInputElement).value)}
  /></label>`;
}

/** A labelled select. */
export function Select(props: {
  label: string;
  value: string;
  options: readonly (string | readonly [string, string])[];
  onChange: (value: string) => void;
  name?: string;
}) {
  return html`<label class="field"
    ><span>${props.label}</span>
    <select
      name=${props.name}
      value=${props.value}
      onChange=${(e: Event) => props.onChange((e.target as HTMLSelectElement).value)}
    >
      ${props.options.map((option) => {
        const [value, text] = typeof option === 'string' ? [option, option || 'any'] : option;
        return html`<option value=${value} selected=${value === props.value}>${text}</option>`;
      })}
    </select></label
  >`;
}
