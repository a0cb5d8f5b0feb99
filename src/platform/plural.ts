/**
 * A count with its noun, singular for one: the one way the CLI and the dashboard write counts.
 *
 * @example counted(1, 'job'); // '1 job'
 * @example counted(3, 'try', 'tries'); // '3 tries'
 */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${noun(count, singular, plural)}`;
}

/**
 * The noun alone, for a count written another way (`1,204 records`).
 *
 * @example noun(1204, 'record'); // 'records'
 */
export function noun(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural;
}
