import { describe, expect, it } from 'vitest';
import {
  addInterval,
  addMonths,
  daysBetween,
  dayOfWeek,
  firstPinnedDate,
  isDate,
  startOfDay,
} from './dates.js';
import { dayIn } from '../platform/calendar.js';

describe('dates', () => {
  it('validates calendar dates', () => {
    expect(isDate('2024-02-29')).toBe(true);
    expect(isDate('2025-02-29')).toBe(false);
    expect(isDate('2025-13-01')).toBe(false);
    expect(isDate('2025-1-01')).toBe(false);
  });

  it('adds months keeping the day where it exists', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-11-15', 3)).toBe('2026-02-15');
    expect(addInterval('2025-01-31', 'month', 1, 31)).toBe('2025-02-28');
    expect(addInterval('2025-02-28', 'month', 1, 31)).toBe('2025-03-31');
    expect(addInterval('2025-01-01', 'week', 2)).toBe('2025-01-15');
    expect(addInterval('2025-12-31', 'day', 1)).toBe('2026-01-01');
  });

  it('pins to a day of month as the service does (api-facts, Scheduling)', () => {
    // Sign-up 20 Oct, day 15: the next period is skipped.
    expect(firstPinnedDate('2025-10-20', 'month', 1, { dayOfMonth: 15 })).toBe('2025-12-15');
    expect(firstPinnedDate('2025-10-10', 'month', 1, { dayOfMonth: 15 })).toBe('2025-11-15');
    // On the day itself it does not skip.
    expect(firstPinnedDate('2025-10-15', 'month', 1, { dayOfMonth: 15 })).toBe('2025-11-15');
  });

  it('pins to a day of week with 0 = Monday', () => {
    expect(dayOfWeek('2025-01-13')).toBe(0);
    // Monday sign-up, Wednesday pin: Wednesday of the next week.
    expect(firstPinnedDate('2025-01-13', 'week', 1, { dayOfWeek: 2 })).toBe('2025-01-22');
    // Friday sign-up, Wednesday pin: the next week is skipped.
    expect(firstPinnedDate('2025-01-17', 'week', 1, { dayOfWeek: 2 })).toBe('2025-01-29');
  });

  it('knows the day of an instant in a time zone and the start of a day', () => {
    const instant = Date.UTC(2025, 0, 15, 3, 0, 0);
    expect(dayIn(instant, 'UTC')).toBe('2025-01-15');
    expect(dayIn(instant, 'America/New_York')).toBe('2025-01-14');
    expect(startOfDay('2025-01-15', 'America/New_York')).toBe(Date.UTC(2025, 0, 15, 5, 0, 0));
    expect(startOfDay('2025-07-15', 'America/New_York')).toBe(Date.UTC(2025, 6, 15, 4, 0, 0));
    expect(daysBetween('2025-01-01', '2025-03-01')).toBe(59);
  });
});
