/**
 * Every `@example` in the JSDoc of `src` typechecks: each becomes a module that
 * imports the public names it uses, the declarations of its own file and of the files it imports, over a
 * small typed prelude (a forum schema, ORM handles, an app), compiled under the
 * repository's strict settings.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const exampleDir = join(root, 'test/docs'); // an existing folder, so module resolution finds the virtual files

/** What every example may use without declaring it: a module each example imports from. */
const prelude = `
import Fastify, { type FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';
import type { Sequelize } from 'sequelize';
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import { ORMAdapterBase, CRUDCollection, type CrudRouter, type CrudRequest, type ParentRef, type Row } from 'ormcrud';
import type { Executor, ModelSpec, Session, Statement } from 'ormcrud/adapter-kit';
import type { CompiledModel } from '${join(root, 'src/engine/compiled-model.ts')}';
import type { ModelStatements } from '${join(root, 'src/engine/statements.ts')}';
import type { JsonBodyReader } from '${join(root, 'src/core/http/json-body.ts')}';
import { z } from 'zod';
import type { ForumSchema } from '${join(root, 'examples/forum/models/drizzle.ts')}';
import type { ForumModels } from '${join(root, 'examples/forum/models/sequelize.ts')}';
import { Post, Thread, Category, User } from '${join(root, 'examples/forum/models/typeorm.ts')}';
export { Fastify, Post, Thread, Category, User, z };
export declare const schema: ForumSchema;
export declare const db: LibSQLDatabase<ForumSchema>;
export declare const category: ForumSchema['category'];
export declare const thread: ForumSchema['thread'];
export declare const post: ForumSchema['post'];
export declare const user: ForumSchema['user'];
export declare const dataSource: DataSource;
export declare const sequelize: Sequelize;
export declare const models: ForumModels;
export declare const app: FastifyInstance;
export declare const ormAdapter: ORMAdapterBase;
export declare const threadAdapter: ORMAdapterBase;
export declare const postAdapter: ORMAdapterBase;
export declare const router: CrudRouter;
export declare const req: CrudRequest;
export declare const collection: CRUDCollection;
export declare const categories: CRUDCollection;
export declare const threads: CRUDCollection;
export declare const posts: CRUDCollection;
export declare const users: CRUDCollection;
export declare const parents: readonly ParentRef[];
export declare const rows: Row[];
export declare const postSpec: ModelSpec;
export declare const postModel: CompiledModel;
export declare const statements: ModelStatements;
export declare const statement: Statement;
export declare const exec: Executor;
export declare const session: Session;
export declare const reader: JsonBodyReader;
`;
const preludePath = join(exampleDir, '__prelude.ts');
const preludeNames = new Set([
  ...[...prelude.matchAll(/^export declare const (\w+)/gm)].map((m) => m[1] ?? ''),
  ...(prelude.match(/^export \{([^}]*)\}/m)?.[1] ?? '').split(',').map((n) => n.trim()),
]);

interface Example {
  readonly source: string;
  readonly line: number;
  readonly code: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The examples of one file: fenced blocks after `@example`, or the rest of the `@example` line. */
function examplesOf(file: string): Example[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const found: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    const at = lines[i]?.match(/@example\s*(.*)$/);
    if (!at) continue;
    const inline = (at[1] ?? '').replace(/\*\/\s*$/, '').trim();
    if (inline) {
      found.push({ source: file, line: i + 1, code: inline.replace(/^`|`$/g, '') });
      continue;
    }
    const open = lines.findIndex((l, j) => j > i && /^\s*\*\s*```/.test(l));
    const close = lines.findIndex((l, j) => j > open && /^\s*\*\s*```\s*$/.test(l));
    if (open < 0 || close < 0) continue;
    const body = lines.slice(open + 1, close).map((l) => l.replace(/^\s*\*\s?/, ''));
    found.push({ source: file, line: i + 1, code: body.join('\n') });
  }
  return found;
}

/** The local names an import statement binds. */
function importedNames(line: string): string[] {
  const clause = line.replace(/^import\s+(type\s+)?/, '').replace(/\s+from\s+.*$/, '');
  return [...clause.replace(/\btype\s+|\w+\s+as\s+/g, '').matchAll(/[A-Za-z_$][\w$]*/g)].map((m) => m[0]);
}

/** The names a module exports, read by the checker. */
function exportsOf(program: ts.Program, file: string): Set<string> {
  const checker = program.getTypeChecker();
  const sf = program.getSourceFile(file);
  const symbol = sf && checker.getSymbolAtLocation(sf);
  return new Set(symbol ? checker.getExportsOfModule(symbol).map((s) => s.name) : []);
}

/** The names the modules a file imports from `src` export, each with its module. */
function neighboursOf(program: ts.Program, file: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const statement of program.getSourceFile(file)?.statements ?? []) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (!specifier.startsWith('.')) continue;
    const module = resolve(dirname(file), specifier);
    for (const name of exportsOf(program, module)) if (!names.has(name)) names.set(name, module);
  }
  return names;
}

const options: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2023.d.ts'],
  types: ['node'],
  strict: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  allowImportingTsExtensions: true,
  experimentalDecorators: true,
  skipLibCheck: true,
  noEmit: true,
  customConditions: ['ormcrud-source'],
};

/** The package's entry points: import specifier and source file. */
function entryPoints(): { specifier: string; file: string }[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    exports: Record<string, Record<string, string>>;
  };
  return Object.entries(pkg.exports).map(([sub, conds]) => ({
    specifier: `ormcrud${sub.slice(1)}`,
    file: join(root, conds['ormcrud-source'] ?? ''),
  }));
}

test('every value an entry point exports has an @example (interfaces and type aliases need none)', () => {
  const entries = entryPoints();
  const program = ts.createProgram(
    entries.map((e) => e.file),
    options,
  );
  const checker = program.getTypeChecker();
  const hasExample = (d: ts.Declaration) => ts.getJSDocTags(d).some((tag) => tag.tagName.text === 'example');
  const typeOnly = (d: ts.Declaration) => ts.isInterfaceDeclaration(d) || ts.isTypeAliasDeclaration(d);
  const missing = entries.flatMap(({ specifier, file }) => {
    const sf = program.getSourceFile(file);
    const module = sf && checker.getSymbolAtLocation(sf);
    return (module ? checker.getExportsOfModule(module) : [])
      .filter((symbol) => {
        const real = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
        const declarations = real.declarations ?? [];
        return !declarations.every(typeOnly) && !declarations.some(hasExample);
      })
      .map((symbol) => `${specifier}: ${symbol.name}`);
  });
  assert.deepEqual(missing, []);
});

test('every @example in src typechecks', () => {
  const entries = entryPoints();
  const files = sourceFiles(join(root, 'src'));
  const base = ts.createProgram(files, options);
  const publicNames = new Map<string, string>();
  for (const entry of entries) {
    for (const name of exportsOf(base, entry.file)) if (!publicNames.has(name)) publicNames.set(name, entry.specifier);
  }

  const virtual = new Map<string, Example>();
  const texts = new Map<string, string>([[preludePath, prelude]]);
  for (const file of files) {
    const own = exportsOf(base, file);
    const neighbours = neighboursOf(base, file);
    for (const example of examplesOf(file)) {
      const own_imports = [...example.code.matchAll(/^import[^;]*;?$/gm)].map((m) => m[0]);
      const body = example.code.replace(/^import[^;]*;?$/gm, '');
      const imported = new Set(own_imports.flatMap(importedNames));
      const used = new Set([...body.matchAll(/\b[A-Za-z_$][\w$]*\b/g)].map((m) => m[0]));
      const auto = new Map<string, string[]>();
      for (const name of used) {
        if (imported.has(name)) continue;
        const from = preludeNames.has(name)
          ? preludePath
          : (publicNames.get(name) ?? (own.has(name) ? file : neighbours.get(name)));
        if (from) auto.set(from, [...(auto.get(from) ?? []), name]);
      }
      const importLines = [...auto].map(([from, names]) => `import { ${names.join(', ')} } from '${from}';`);
      const path = join(exampleDir, `__example-${virtual.size}.ts`);
      virtual.set(path, example);
      texts.set(path, [...own_imports, ...importLines, 'export async function example() {', body, '}'].join('\n'));
    }
  }

  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (f) => texts.has(f) || fileExists.call(host, f);
  host.readFile = (f) => texts.get(f) ?? readFile.call(host, f);
  host.getSourceFile = (f, lang, ...rest) => {
    const text = texts.get(f);
    return text === undefined ? getSourceFile.call(host, f, lang, ...rest) : ts.createSourceFile(f, text, lang);
  };
  const program = ts.createProgram([...texts.keys()], options, host, base);
  const problems = [...texts.keys()].flatMap((path) => {
    const sf = program.getSourceFile(path);
    const example = virtual.get(path);
    if (!sf || !example) return [];
    return ts.getPreEmitDiagnostics(program, sf).map((d) => {
      const message = ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n')[0];
      return `${relative(root, example.source)}:${example.line}: ${message}`;
    });
  });
  assert.ok(virtual.size > 50, `found only ${virtual.size} examples`);
  assert.deepEqual(problems, [], `${problems.length} problems in ${virtual.size} examples`);
});
