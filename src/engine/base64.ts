/**
 * A `binary` field's values: base64 text on the wire, bytes in the driver.
 *
 * @module
 */

/**
 * The base64 text of bytes as a driver reads them (a `Buffer`, any typed array, an `ArrayBuffer`); text a
 * database holds in a binary column (SQLite's loose types) as its UTF-8 bytes; `null` and `undefined` as they are.
 *
 * @example
 * ```ts
 * base64OfBytes(Buffer.from('hi')); // 'aGk='
 * ```
 */
export function base64OfBytes(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (ArrayBuffer.isView(value))
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  if (value instanceof ArrayBuffer) return Buffer.from(value).toString('base64');
  return Buffer.from(String(value)).toString('base64');
}

/**
 * The bytes of base64 text, as every driver binds them: a `Buffer`; anything else as it is. Throws for text
 * that is not the one padded base64 spelling of its bytes (`aGk` unpadded, `aGl=` with stray low bits), which
 * would be stored as other bytes than sent, or read back spelt otherwise.
 *
 * @example
 * ```ts
 * bytesOfBase64('aGk='); // <Buffer 68 69>
 * ```
 */
export function bytesOfBase64(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const bytes = Buffer.from(value, 'base64');
  if (bytes.toString('base64') !== value) throw new TypeError('not base64 spelt as its bytes are');
  return bytes;
}
