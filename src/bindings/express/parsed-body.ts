/**
 * The JSON text of a body an app-wide `express.json()` parsed first, fed to
 * the core so its body rules apply again. `JSON.stringify` would write a
 * number `JSON.parse` read as ±Infinity (`1e400`) as `null`; here it stays
 * out of range, so the core refuses it as it refuses the client's bytes.
 *
 * @module
 */

/** `value` (what `JSON.parse` gave) as JSON text, ±Infinity written `1e400`/`-1e400`. */
export function parsedBodyText(value: unknown): string {
  if (typeof value === 'number' && !Number.isFinite(value)) return value > 0 ? '1e400' : '-1e400';
  if (Array.isArray(value)) return `[${value.map(parsedBodyText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${parsedBodyText(item)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}
