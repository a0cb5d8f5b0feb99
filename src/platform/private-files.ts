/**
 * Files that may hold secrets or personal data (data files with every store's tokens and client
 * secrets, snapshots, clones, recordings) are readable by their owner only: created 0600, an
 * existing one tightened to 0600 when it is rewritten, and directories the emulator makes for them
 * 0700. A user's umask cannot loosen these modes (it only removes bits).
 */
import { chmod, mkdir, open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The mode of a file only its owner may read and write. */
export const PRIVATE_FILE_MODE = 0o600;

/** The mode of a directory only its owner may enter. */
export const PRIVATE_DIRECTORY_MODE = 0o700;

/**
 * Opens `file` for writing (`flags` as `fs.open`: `w` empties it, `a` appends) as a private file:
 * made 0600, or tightened to 0600 when it already exists.
 *
 * @example
 * const handle = await openPrivateFile('shop.json.tmp');
 */
export async function openPrivateFile(file: string, flags = 'w'): Promise<FileHandle> {
  const handle = await open(file, flags, PRIVATE_FILE_MODE);
  try {
    await handle.chmod(PRIVATE_FILE_MODE);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/**
 * Writes `data` to `file` as a private file (see `openPrivateFile`).
 *
 * @example
 * await writePrivateFile('clone.json', JSON.stringify(document));
 */
export async function writePrivateFile(file: string, data: string | Uint8Array, flags = 'w'): Promise<void> {
  const handle = await openPrivateFile(file, flags);
  try {
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
}

/**
 * Tightens an existing file to 0600 (a data file an older version made 0644); a missing file is
 * left missing.
 *
 * @example
 * await tightenFile('shop.json');
 */
export async function tightenFile(file: string): Promise<void> {
  try {
    await chmod(file, PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Makes the directory `file` is to be written in when it is missing, 0700 (every directory made);
 * an existing directory keeps its mode (the user chose it).
 *
 * @example
 * await makePrivateDirectoryOf('recordings/subscribe.har');
 */
export async function makePrivateDirectoryOf(file: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
}
