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

const readBack = (value: unknown) => parse(toYaml(value), { version: '1.2' });

describe('toYaml', () => {
  test('any JSON value reads back equal', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        assert.deepEqual(readBack(value), JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 2000 },
    );
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
    ];
    const value = Object.fromEntries(tricky.map((s) => [s, [s, { [s]: s }]]));
    assert.deepEqual(readBack(value), value);
    // And the same through a YAML 1.1 reader, which has more booleans and line breaks.
    assert.deepEqual(parse(toYaml(value), { version: '1.1' }), value);
  });

  test('plain words stay plain, nested blocks are indented by two', () => {
    const text = toYaml({ openapi: '3.1.0', info: { title: 'Forum API' }, tags: [{ name: 'posts' }], paths: {} });
    assert.equal(text, 'openapi: "3.1.0"\ninfo:\n  title: Forum API\ntags:\n  - name: posts\npaths: {}\n');
  });
});
