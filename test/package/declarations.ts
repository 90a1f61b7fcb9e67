/**
 * Type errors in the library's own declaration files, which `skipLibCheck`
 * would hide: a project is loaded with `skipLibCheck` off, and only the
 * library's `.d.ts` files and the project's own files are checked (checking
 * every dependency's declarations would take many times longer).
 */
import ts from 'typescript';

export interface DeclarationCheck {
  /** The library's files the project read. */
  readonly ours: string[];
  /** Every error in them and in the project's own files, formatted as tsc prints it. */
  readonly errors: string[];
}

const host: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (file) => file,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => '\n',
};

/** Loads the project of `tsconfigPath` without `skipLibCheck` and checks the library's declarations in it. */
export function declarationErrors(tsconfigPath: string): DeclarationCheck {
  const config = ts.getParsedCommandLineOfConfigFile(
    tsconfigPath,
    { skipLibCheck: false, noEmit: true },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.formatDiagnostic(diagnostic, host));
      },
    },
  );
  if (!config) throw new Error(`cannot read ${tsconfigPath}`);
  const program = ts.createProgram(config.fileNames, config.options);
  const roots = new Set(config.fileNames);
  const ours = program.getSourceFiles().filter((file) => isOurs(file.fileName));
  const checked = program.getSourceFiles().filter((file) => roots.has(file.fileName) || isOurs(file.fileName));
  const diagnostics = [
    ...config.errors,
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...checked.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]),
  ];
  return {
    ours: ours.map((file) => file.fileName),
    errors: diagnostics.map((diagnostic) => ts.formatDiagnostic(diagnostic, host)),
  };
}

/** A file of this library: its built declarations, installed or in this repository. */
function isOurs(file: string): boolean {
  return /\/node_modules\/ormcrud\//.test(file) || (/\/(dist|src)\//.test(file) && !file.includes('/node_modules/'));
}
