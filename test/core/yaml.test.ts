/**
 * The OpenAPI document as YAML (`/docs/yaml` on Hono and Express): any JSON
 * value reads back equal through a YAML 1.2 reader, keys and strings that
 * look like other types included.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parse } from 'yaml';
import { toYaml } from '../../src/core/openapi/yaml.ts';

/** `value` through YAML and back, by a YAML 1.2 and a YAML 1.1 reader. */
function assertReadsBack(value: unknown): void {
  const text = toYaml(value);
  const json = JSON.parse(JSON.stringify(value));
  assert.deepEqual(parse(text, { version: '1.2' }), json);
  assert.deepEqual(parse(text, { version: '1.1' }), json);
}

describe('toYaml', () => {
  test('any JSON value reads back equal, its strings any Unicode', () => {
    for (const stringUnit of ['grapheme-ascii', 'grapheme', 'binary'] as const) {
      fc.assert(fc.property(fc.jsonValue({ stringUnit }), assertReadsBack), { numRuns: 700 });
    }
  });

  test('strings a reader would take for another type, or for syntax, stay strings', () => {
    const tricky = [
      'true',
      'No',
      'y',
      'null',
      '~',
      '3.1.0',
      '0x1F',
      '1e3',
      '.inf',
      '-',
      '- a',
      'a: b',
      'a #b',
      '*x',
      '&x',
      '!x',
      '%x',
      '@x',
      '`x',
      '|',
      '>',
      '? x',
      '[a]',
      '{a}',
      "'a'",
      '"a"',
      '',
      ' a',
      'a ',
      '\u0085',
      '\u2028',
      '\ufeff',
      '\u007f',
      'a\nb',
      '<<',
      '=',
      '2026-11-26',
      '12:30',
      'e1',
      'E-1',
      'e+0',
      'e0',
      'x'.repeat(1100),
    ];
    assertReadsBack(Object.fromEntries(tricky.map((s) => [s, [s, { [s]: s }]])));
    // Numbers in exponent form: a YAML 1.1 reader wants a dot in them.
    const long = 'k'.repeat(1100);
    assertReadsBack({ small: 1e-7, large: 1e21, least: 5e-324, negative: -2e-7, list: [1e-7, { [long]: [] }] });
  });

  test('plain words stay plain, nested blocks are indented by two', () => {
    const text = toYaml({ openapi: '3.1.0', info: { title: 'Forum API' }, tags: [{ name: 'posts' }], paths: {} });
    assert.equal(text, 'openapi: "3.1.0"\ninfo:\n  title: Forum API\ntags:\n  - name: posts\npaths: {}\n');
  });
});
