/**
 * What can be done to a charge where it is shown: process it now (a retry, for one in error), skip
 * and unskip it, move it to another date, refund it, apply or remove a discount, capture an
 * authorized payment. Every button is offered whatever the charge's status: the API decides, and
 * its answer or refusal is shown.
 */
import { useState } from 'preact/hooks';
import { apiAnswer, type Json } from '../api.js';
import { ActionForm, AnswerBox, useAnswers } from '../actions.js';
import { html } from '../html.js';
import type { Session } from '../session.js';
import { Field } from '../shared.js';

interface Props {
  session: Session;
  charge: Json;
  /** Told the API's answer: the charge shown is the one it names. */
  changed: (answer: Json) => void;
}

export function ChargeActions({ session, charge, changed }: Props) {
  const id = String(charge.id);
  const token = session.token;
  const state = useAnswers();
  const [date, setDate] = useState('');
  const [amount, setAmount] = useState('');
  const [code, setCode] = useState('');
  const post = (action: string, body: Json = {}, version?: string) =>
    state.run(async (done) => {
      const answer = await apiAnswer<Json>('POST', `/charges/${id}/${action}`, { token, body, version });
      done(answer);
      changed(answer.body);
    });
  // Only 2021-01 has this route; in 2021-11 a subscription's next charge date moves instead.
  const moveDate = () => post('change_next_charge_date', { next_charge_date: date }, '2021-01');
  const button = (label: string, action: () => Promise<unknown>) =>
    html`<button type="button" disabled=${state.busy} onClick=${action}>${label}</button>`;

  return html`<section class="actions" aria-label=${`Actions on charge ${id}`}>
    <div class="row" role="group" aria-label=${`Process, skip or capture charge ${id}`}>
      ${button(charge.status === 'error' ? `Retry charge ${id} now` : `Process charge ${id} now`, () => post('process'))}
      ${button(`Skip charge ${id}`, () => post('skip'))}
      ${button(`Unskip charge ${id}`, () => post('unskip'))}
      ${button(`Capture charge ${id}`, () => post('capture_payment'))}
    </div>
    <${ActionForm} label="Move the charge to another date" submit=${moveDate}>
      <${Field} label="New charge date" type="date" value=${date} onInput=${setDate} />
      <button type="submit" disabled=${state.busy}>Move charge</button>
    <//>
    <${ActionForm} label="Refund the charge" submit=${() => post('refund', { amount })}>
      <${Field} label="Refund amount" value=${amount} onInput=${setAmount} placeholder="5.00" />
      <button type="submit" disabled=${state.busy}>Refund amount</button>
      ${button('Refund in full', () => post('refund', { full_refund: true }))}
    <//>
    <${ActionForm}
      label="Discount of the charge"
      submit=${() => post('apply_discount', { discount_code: code })}
    >
      <${Field} label="Discount code" value=${code} onInput=${setCode} />
      <button type="submit" disabled=${state.busy}>Apply discount</button>
      ${button('Remove discount', () => post('remove_discount'))}
    <//>
    <${AnswerBox} state=${state} label=${`Answer of the actions on charge ${id}`} />
  </section>`;
}
