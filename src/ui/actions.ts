/**
 * What every action form shares: it runs one API call (or a few in a row), then shows what was
 * asked and what the API answered (status and body), or its error, beside the form; and a button
 * that asks before it does something that cannot be undone, naming what it will touch.
 */
import { useCallback, useRef, useState } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import type { Answer } from './api.js';
import { html } from './html.js';
import { ErrorBox, JsonBlock } from './shared.js';

export interface Answers {
  /** The answers of the last run, in order (several for a form that makes several calls). */
  readonly answers: readonly Answer[];
  readonly error: unknown;
  readonly busy: boolean;
  /** Runs `action`, which reports each answer as it comes (`done`); a failure ends it and is kept. */
  run(action: (done: (answer: Answer) => void) => Promise<unknown>): Promise<boolean>;
}

/** State of an action form: its last answers or failure. */
export function useAnswers(): Answers {
  const [answers, setAnswers] = useState<readonly Answer[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (action: (done: (answer: Answer) => void) => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    setAnswers([]);
    const got: Answer[] = [];
    try {
      await action((answer) => {
        got.push(answer);
        setAnswers([...got]);
      });
      return true;
    } catch (e) {
      setError(e);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { answers, error, busy, run };
}

/** The answers of an action (each call and its status, then the last body), or its failure. */
export function AnswerBox({ state, label }: { state: Answers; label: string }) {
  const last = state.answers.at(-1);
  if (!last && !state.error) return null;
  return html`<section class="answer" aria-label=${label}>
    ${state.answers.map((a) => html`<p class="answered">${`${a.what} answered ${a.status}`}</p>`)}
    ${last && html`<${JsonBlock} value=${last.body} label=${`${label}: body`} />`}
    <${ErrorBox} error=${state.error} />
  </section>`;
}

/**
 * A button that opens a dialog asking to confirm, naming what the action touches; the action runs
 * only on the dialog's confirm button. Escape or Cancel closes it (a native modal dialog: focus
 * stays inside it while open, and Cancel has it first, so Enter alone never confirms).
 */
export function ConfirmButton(props: {
  label: string;
  question: string;
  confirm: string;
  onConfirm: () => unknown;
  disabled?: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = () => dialog.current?.close();
  return html`<button type="button" disabled=${props.disabled} onClick=${() => dialog.current?.showModal()}>
      ${props.label}
    </button>
    <dialog ref=${dialog} class="confirm" aria-label=${props.question}>
      <p>${props.question}</p>
      <div class="row">
        <button type="button" autofocus onClick=${close}>Cancel</button>
        <button
          type="button"
          class="danger"
          onClick=${() => {
            close();
            void props.onConfirm();
          }}
        >
          ${props.confirm}
        </button>
      </div>
    </dialog>`;
}

/** A form of one action (a row of fields and buttons), named for assistive technology and tests. */
export function ActionForm(props: { label: string; submit: () => unknown; children?: ComponentChildren }) {
  return html`<form
    class="row"
    aria-label=${props.label}
    onSubmit=${(e: Event) => {
      e.preventDefault();
      void props.submit();
    }}
  >
    ${props.children}
  </form>`;
}
