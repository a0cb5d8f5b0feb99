/** What a ControlClient call that should be refused threw, checked to be the control API's answer. */
import { expect } from 'vitest';
import { ControlError } from '../../src/index.js';

export async function refusal(work: Promise<unknown>): Promise<ControlError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ControlError);
  return error as ControlError;
}
