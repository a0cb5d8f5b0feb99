/**
 * Checks, before anything starts, that a data file can be kept where it is asked for: a missing or
 * read-only directory would otherwise let the emulator announce itself and then fail every write.
 */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

async function writable(path: string): Promise<boolean> {
  try {
    await access(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Resolves when `file` can be written (its directory exists and is writable, and so is the file if
 * it exists); otherwise rejects with a message that names the file and what is wrong.
 *
 * @example
 * await checkDataLocation('/nonexistent/shop.json'); // rejects: the directory /nonexistent does not exist
 */
export async function checkDataLocation(file: string): Promise<void> {
  const dir = dirname(resolve(file));
  const refuse = (why: string) => new Error(`Cannot keep data in ${file}: ${why}.`);
  if (await isDirectory(resolve(file))) throw refuse(`${resolve(file)} is a directory; name a file in it`);
  if (!(await isDirectory(dir))) throw refuse(`the directory ${dir} does not exist (create it first)`);
  if (!(await writable(dir))) throw refuse(`the directory ${dir} is not writable by this user`);
  try {
    await stat(file);
  } catch {
    return;
  }
  if (!(await writable(file))) throw refuse('the file is not writable by this user');
}
