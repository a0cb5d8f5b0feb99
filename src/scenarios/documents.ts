/**
 * Reading hand-written documents (scenario files in YAML or JSON, fixture files in JSON) so that
 * every problem names the file, the line and the field: `scenarios/x.yaml:14:7 timeline[2].advance:
 * Missing data for required field.`
 */
import { isMap, isScalar, LineCounter, parseDocument, type Node } from 'yaml';
import { MAX_BODY_DEPTH } from '../http/body.js';
import { nestedDeeperThan, valueDeeperThan } from '../platform/json-depth.js';

/**
 * How deep a document may nest: a request body's limit (decision 0021) and room for the document
 * around it (a timeline step's `call.body`, a fixture's record in its list). Deeper values would
 * overflow the stack of the code that walks them (placeholders, validation).
 */
export const MAX_DOCUMENT_DEPTH = MAX_BODY_DEPTH + 16;

const TOO_DEEP = `Nests objects and arrays deeper than ${MAX_DOCUMENT_DEPTH} levels.`;

export type DocumentPath = readonly (string | number)[];

export interface Problem {
  readonly file?: string;
  readonly path: DocumentPath;
  readonly line?: number;
  readonly column?: number;
  readonly message: string;
}

/** `customers[3].addresses[0].zip` */
export function formatPath(path: DocumentPath): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out ? `.${key}` : key;
  return out;
}

export function formatProblem(problem: Problem): string {
  const where = problem.file
    ? `${problem.file}${problem.line ? `:${problem.line}${problem.column ? `:${problem.column}` : ''}` : ''}`
    : problem.line
      ? `line ${problem.line}`
      : '';
  const field = formatPath(problem.path);
  return [where, field].filter(Boolean).join(' ') + (where || field ? ': ' : '') + problem.message;
}

/** Problems with a document; the message lists them one per line. */
export class DocumentError extends Error {
  constructor(readonly problems: readonly Problem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'DocumentError';
  }
}

/** A parsed YAML (or JSON) text that can tell where a path is. */
export class SourceText {
  private readonly lines = new LineCounter();
  private readonly doc;

  constructor(
    readonly text: string,
    readonly file?: string,
  ) {
    this.doc = parseDocument(text, { lineCounter: this.lines, prettyErrors: false, uniqueKeys: true });
  }

  /** The parsed value; throws a DocumentError naming line and column of every syntax error. */
  value(): unknown {
    // The parser's own stack ran out: the text nests far too deep (where it ran out says nothing).
    if (this.doc.errors.some((error) => /call stack/i.test(error.message))) throw this.tooDeep();
    if (this.doc.errors.length > 0) {
      throw new DocumentError(
        this.doc.errors.map((error) => {
          const position = this.lines.linePos(error.pos[0]);
          return {
            file: this.file,
            path: [],
            line: position.line,
            column: position.col,
            message: error.message.split('\n')[0] ?? error.message,
          };
        }),
      );
    }
    let value: unknown;
    try {
      value = this.doc.toJS({ maxAliasCount: 1000 }) as unknown;
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      value = undefined;
    }
    if (value === undefined || valueDeeperThan(value, MAX_DOCUMENT_DEPTH)) throw this.tooDeep();
    return value;
  }

  private tooDeep(): DocumentError {
    return new DocumentError([{ file: this.file, path: [], message: TOO_DEEP }]);
  }

  /** Line and column of the value at `path`, or of its nearest parent that exists. */
  locate(path: DocumentPath): { line: number; column: number } | undefined {
    for (let depth = path.length; depth >= 0; depth--) {
      const node = this.doc.getIn(path.slice(0, depth), true) as Node | undefined;
      const range = node && typeof node === 'object' && 'range' in node ? node.range : undefined;
      // A missing key is reported where its parent starts.
      if (range) {
        const position = this.lines.linePos(range[0]);
        return { line: position.line, column: position.col };
      }
    }
    return undefined;
  }

  /** Line and column of the key that ends `path` (an unknown field is best shown by its name). */
  private locateKey(path: DocumentPath): { line: number; column: number } | undefined {
    const parent = this.doc.getIn(path.slice(0, -1), true) as Node | undefined;
    const last = path.at(-1);
    if (!isMap(parent) || last === undefined) return undefined;
    const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === last);
    const range = isScalar(pair?.key) ? pair.key.range : undefined;
    if (!range) return undefined;
    const position = this.lines.linePos(range[0]);
    return { line: position.line, column: position.col };
  }

  /** A problem at `path`, with its position in this text (`at: 'key'`: of the key that ends it). */
  problem(path: DocumentPath, message: string, at: 'value' | 'key' = 'value'): Problem {
    const position = (at === 'key' ? this.locateKey(path) : undefined) ?? this.locate(path);
    return { file: this.file, path, line: position?.line, column: position?.column, message };
  }
}

/**
 * Parses JSON quickly (fixture files can be megabytes); a syntax error names its line and column.
 * When a later problem needs a line number, `SourceText` parses the text again, with positions.
 */
export function parseJson(text: string, file?: string): unknown {
  if (nestedDeeperThan(text, MAX_DOCUMENT_DEPTH))
    throw new DocumentError([{ file, path: [], message: TOO_DEEP }]);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const message = (error as Error).message;
    const offset = /position (\d+)/.exec(message);
    let line: number | undefined;
    let column: number | undefined;
    if (offset) {
      const before = text.slice(0, Number(offset[1]));
      line = before.split('\n').length;
      column = before.length - before.lastIndexOf('\n');
    }
    throw new DocumentError([
      { file, path: [], line, column, message: message.replace(/ in JSON at position.*$/, '') },
    ]);
  }
}
