/** Why a file could not be read, in words: Node's codes (`ENOENT: no such file ...`) otherwise reach people raw. */

const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'there is no such file',
  EISDIR: 'it is a directory',
  EACCES: 'it is not readable by this user',
  EPERM: 'it is not readable by this user',
};

/**
 * The reason a read failed, as a sentence's end; Node's own message for codes not named here.
 *
 * @example
 * await readFile('missing.yaml').catch(unreadableReason); // 'there is no such file'
 */
export function unreadableReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  return REASONS[code] ?? (error as Error).message;
}
