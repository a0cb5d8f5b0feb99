/**
 * What every command's options share: the environment variable each can be given as (named in its
 * --help), number and URL checks that name the option and what it takes, input files read with a
 * sentence when they cannot be, and output files whose directories are made on the way.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Options } from 'yargs';
import { makePrivateDirectoryOf, writePrivateFile } from '../platform/private-files.js';
import { unreadableReason } from '../platform/unreadable.js';

/** Every option can also be given as `BILLING_EMULATOR_<NAME>` (yargs' `.env()`). */
export const ENV_PREFIX = 'BILLING_EMULATOR';

/**
 * The environment variable that gives `option`.
 *
 * @example
 * envVariable('api-version'); // 'BILLING_EMULATOR_API_VERSION'
 */
export function envVariable(option: string): string {
  return `${ENV_PREFIX}_${option.toUpperCase().replace(/-/g, '_')}`;
}

interface NumberRule {
  /** Whole numbers only. */
  readonly integer?: boolean;
  readonly min?: number;
  readonly max?: number;
}

/** `a whole number from 0 to 65535`, `a number of at least 0`, ... */
function takes(rule: NumberRule): string {
  const kind = rule.integer ? 'a whole number' : 'a number';
  if (rule.min !== undefined && rule.max !== undefined) return `${kind} from ${rule.min} to ${rule.max}`;
  if (rule.min !== undefined) return `${kind} of at least ${rule.min}`;
  if (rule.max !== undefined) return `${kind} of at most ${rule.max}`;
  return kind;
}

/**
 * A yargs `coerce` that refuses what is not such a number, naming the option, its variable and
 * what it takes (yargs alone passes NaN on, which surfaced as a Node internal message).
 *
 * @example
 * yargs.option('port', { type: 'string', coerce: numberOption('port', { integer: true, min: 0, max: 65535 }) });
 */
export function numberOption(option: string, rule: NumberRule): (value: unknown) => number | undefined {
  return (value) => {
    if (value === undefined) return undefined;
    const text = String(Array.isArray(value) ? value.at(-1) : value).trim();
    const number = text === '' ? NaN : Number(text);
    const ok =
      Number.isFinite(number) &&
      (!rule.integer || Number.isInteger(number)) &&
      (rule.min === undefined || number >= rule.min) &&
      (rule.max === undefined || number <= rule.max);
    if (!ok) throw new Error(`--${option} (${envVariable(option)}) takes ${takes(rule)}, not "${text}".`);
    return number;
  };
}

/**
 * A yargs `coerce` that refuses what is not an http(s) URL, naming the option, its variable and what
 * it takes (the proxy and the replay would otherwise fail later with a bare "Invalid URL").
 *
 * @example
 * yargs.option('upstream', { type: 'string', coerce: urlOption('upstream') });
 */
export function urlOption(option: string): (value: unknown) => string | undefined {
  return (value) => {
    if (value === undefined) return undefined;
    const text = String(Array.isArray(value) ? value.at(-1) : value).trim();
    let protocol = '';
    try {
      protocol = new URL(text).protocol;
    } catch {
      // not a URL at all: refused below
    }
    if (protocol !== 'http:' && protocol !== 'https:')
      throw new Error(
        `--${option} (${envVariable(option)}) takes an http:// or https:// URL, not "${text}".`,
      );
    return text;
  };
}

/**
 * The option's yargs definition with its environment variable named at the end of its description.
 *
 * @example
 * yargs.option('port', withEnv('port', { type: 'number', describe: 'Port to listen on' }));
 * // --help: "Port to listen on [env BILLING_EMULATOR_PORT]"
 */
export function withEnv(option: string, definition: Options): Options {
  return { ...definition, describe: `${definition.describe ?? ''} [env ${envVariable(option)}]`.trim() };
}

/**
 * Writes `text` to `file`, making its directory first (`--junit reports/x.xml` in a fresh checkout).
 * A `private` output (taken from a recording, a store, a clone: it may hold personal data) is
 * readable by its owner only: the file 0600, the directories made 0700.
 *
 * @example
 * await writeOutput('reports/renewal.xml', xml);
 * await writeOutput('reports/parity.json', json, { private: true });
 */
export async function writeOutput(
  file: string,
  text: string,
  options: { private?: boolean } = {},
): Promise<void> {
  await makeDirectoryOf(file, options);
  if (options.private) await writePrivateFile(file, text);
  else await writeFile(file, text);
}

/**
 * Makes the directory `file` is to be written in, when it is missing (0700 with `private`).
 *
 * @example
 * await makeDirectoryOf('recordings/subscribe.har'); // recordings/ exists now
 */
export async function makeDirectoryOf(file: string, options: { private?: boolean } = {}): Promise<void> {
  if (options.private) await makePrivateDirectoryOf(file);
  else await mkdir(dirname(file), { recursive: true });
}

/**
 * Reads a text file named on the command line, or throws a sentence naming it and what is wrong.
 *
 * @example
 * await readInput('recordings/subscribe.har', 'the recording');
 * // throws: Cannot read the recording recordings/subscribe.har: there is no such file.
 */
export async function readInput(file: string, what: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read ${what} ${file}: ${unreadableReason(error)}.`);
  }
}
