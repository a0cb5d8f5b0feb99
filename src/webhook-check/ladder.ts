/**
 * The retry ladder a failing handler sees, from the dispatcher's own schedule (20 tries over
 * 48 hours, then the webhook is deleted): what a check reports as the service's fate of a failure.
 */
import { RETRY_DELAYS_MINUTES } from '../webhooks/dispatcher.js';
import type { LadderStep } from './report.types.js';

/**
 * Every try of a failing delivery: its number, the minutes since the previous one and since the first.
 *
 * @example
 * retryLadder()[1]; // { try: 2, after_minutes: 1, at_minutes: 1 }
 */
export function retryLadder(): LadderStep[] {
  const steps: LadderStep[] = [{ try: 1, after_minutes: 0, at_minutes: 0 }];
  let at = 0;
  for (const [index, delay] of RETRY_DELAYS_MINUTES.entries()) {
    at += delay;
    steps.push({ try: index + 2, after_minutes: delay, at_minutes: at });
  }
  return steps;
}

/** `45 min`, `3 h`, `1 h 30 min`. */
export function minutesText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The tries' times after the first: `+0, +1 min, +3 min, ..., +48 h`. */
export function ladderText(): string {
  return retryLadder()
    .map((step) => `+${step.at_minutes === 0 ? '0' : minutesText(step.at_minutes)}`)
    .join(', ');
}
