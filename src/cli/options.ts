/**
 * What every command's options share: the environment variable each can be given as (named in its
 * --help), number checks that name the option and what it takes, and output files whose
 * directories are made on the way.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Options } from 'yargs';

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
 *
 * @example
 * await writeOutput('reports/renewal.xml', xml);
 */
export async function writeOutput(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
}
