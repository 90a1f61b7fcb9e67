/**
 * The OpenAPI document as YAML, for `/docs/yaml` on the frameworks whose docs
 * the library serves itself. Block style; a string is plain only where YAML
 * reads it back as that same string, else a JSON (double-quoted) scalar.
 *
 * @module
 */

/** What `/docs/yaml` answers with on every framework: YAML's registered media type (RFC 9512). */
export const YAML_TYPE = 'application/yaml';

/** Plain where no YAML 1.1 or 1.2 reader takes it for a number, boolean, null or syntax. */
const PLAIN = /^[A-Za-z_/$](?:[\x20-\x7e]*[\x21-\x7e])?$/;
const SYNTAX = /[:#]/;
// Words a reader takes for another type: booleans and null (YAML 1.1's too), and an exponent (`e1`).
const RESERVED = /^(?:true|false|null|yes|no|on|off|y|n|e[-+]?\d.*)$/i;
/** Keys longer than this are written explicitly (`? key`): an implicit key holds at most 1024 characters. */
const LONG_KEY = 1000;
// JSON leaves these raw; YAML wants them escaped (DEL, C1 controls, YAML 1.1 line breaks, BOM, non-characters).
const UNPRINTABLE = /[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/g;

function scalar(value: unknown): string {
  // `1e-7` is a string to a YAML 1.1 reader, `1.0e-7` a number to all.
  if (typeof value === 'number') return String(value).replace(/^(-?\d+)e/, '$1.0e');
  if (typeof value !== 'string') return JSON.stringify(value);
  if (PLAIN.test(value) && !SYNTAX.test(value) && !RESERVED.test(value)) return value;
  return JSON.stringify(value).replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const isBlock = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && Object.keys(value).length > 0;

/** The lines of a non-empty object or array at `indent` spaces. */
function block(value: object, indent: number): string[] {
  const pad = ' '.repeat(indent);
  const lines: string[] = [];
  if (Array.isArray(value)) {
    for (const item of value) {
      if (!isBlock(item)) lines.push(`${pad}- ${inline(item)}`);
      else {
        // The item's first line follows the dash: `- key: value`, its others line up below.
        const [first = '', ...rest] = block(item, indent + 2);
        lines.push(`${pad}- ${first.slice(indent + 2)}`, ...rest);
      }
    }
    return lines;
  }
  for (const [name, item] of Object.entries(value)) {
    const key = scalar(name);
    const explicit = key.length > LONG_KEY;
    // An explicit key: `? key` on a line, then `:` and the value.
    if (explicit) lines.push(`${pad}? ${key}`);
    const head = explicit ? `${pad}:` : `${pad}${key}:`;
    if (isBlock(item)) lines.push(head, ...block(item, indent + 2));
    else lines.push(`${head} ${inline(item)}`);
  }
  return lines;
}

const inline = (value: unknown) =>
  Array.isArray(value) ? '[]' : typeof value === 'object' && value !== null ? '{}' : scalar(value);

/**
 * `value` (JSON data, as `JSON.parse` gives: an OpenAPI document) as a YAML
 * 1.2 text that reads back equal to it.
 *
 * @example
 * ```ts
 * toYaml({ openapi: '3.1.0', paths: {} }); // 'openapi: "3.1.0"\npaths: {}\n'
 * ```
 */
export function toYaml(value: unknown): string {
  return `${isBlock(value) ? block(value, 0).join('\n') : inline(value)}\n`;
}
