/**
 * An answer body that is JSON text already: a list page joined from the kept texts of its records
 * (decision 0053). `setBody` sends the text as it is; what needs the value instead (a dialect that
 * renames fields, the in-process client, an async batch's task result) reads it with `jsonValue`.
 */
export class JsonText {
  /**
   * `text` must be what `JSON.stringify` gives for the value it stands for; `bytes` its UTF-8
   * encoding, when the maker has it (a list writes its records' texts into one buffer).
   */
  constructor(
    readonly text: string,
    readonly bytes: Buffer = Buffer.from(text),
  ) {}
}

/**
 * The body as a JSON value: a `JsonText` parsed (a fresh value each call), anything else as it is.
 *
 * @example
 * jsonValue(new JsonText('{"customers":[]}')); // { customers: [] }
 */
export function jsonValue(body: unknown): unknown {
  return body instanceof JsonText ? JSON.parse(body.text) : body;
}
