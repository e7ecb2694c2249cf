// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * react-router and rxjs are shared tree-shaken: every app's copy holds only the exports listed in
 * tools/federation/shared.cjs (SHARED_SURFACE). An import outside the list would be `undefined` at
 * runtime in the composed page, whichever app's copy loaded first, so this scan makes it a test failure
 * in CI instead. The shell owns the check because it is the host every remote is composed into.
 */
const repo = resolve(__dirname, '../../..');
const require = createRequire(import.meta.url);
const { SHARED_SURFACE, SINGLETONS } = require(join(repo, 'tools/federation/shared.cjs')) as {
  SHARED_SURFACE: Record<string, string[]>;
  SINGLETONS: string[];
};

const APP_SOURCES = ['shell/src', 'mf-auth/src', 'mf-library/src', 'mf-player/src', 'packages/event-bus/src', 'packages/api-client/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // Tests and their helpers (src/test/) run under vitest, never in the federated page.
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(d|test)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

interface ValueImport {
  file: string;
  from: string;
  names: string[];
}

/** Every import or re-export that reaches a module at run time (type-only ones vanish in the build). */
function valueImports(file: string): ValueImport[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: ValueImport[] = [];
  for (const statement of source.statements) {
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      const from = statement.moduleSpecifier.text;
      const names: string[] = [];
      if (ts.isImportDeclaration(statement)) {
        const clause = statement.importClause;
        if (!clause || clause.isTypeOnly) continue;
        if (clause.name) names.push('default');
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
        if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) if (!element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
      } else {
        if (statement.isTypeOnly) continue;
        const clause = statement.exportClause;
        if (!clause) names.push('*');
        else if (ts.isNamedExports(clause)) for (const element of clause.elements) if (!element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
      }
      if (names.length > 0) found.push({ file: relative(repo, file), from, names });
    }
  }
  return found;
}

const imports = APP_SOURCES.flatMap((dir) => sourceFiles(join(repo, dir))).flatMap(valueImports);

describe('the shared surface of react-router and rxjs', () => {
  it('covers every export an app imports', () => {
    const outside = imports.flatMap(({ file, from, names }) =>
      SHARED_SURFACE[from] ? names.filter((name) => !SHARED_SURFACE[from]!.includes(name)).map((name) => `${file}: ${name} from '${from}'`) : [],
    );
    expect(outside, 'add the export to SHARED_SURFACE in tools/federation/shared.cjs (and deploy the shell first)').toEqual([]);
  });

  it('is reached only through the shared package names, never a subpath or react-router-dom', () => {
    // A subpath (rxjs/operators, react-router/dom) or react-router-dom would bundle a second, unshared copy
    // of the router or of rxjs: two router contexts, or two Subject classes, on one page.
    const bypasses = imports
      .filter(({ from }) => from === 'react-router-dom' || /^(react-router|rxjs)\//.test(from))
      .map(({ file, from }) => `${file}: '${from}'`);
    expect(bypasses).toEqual([]);
  });

  it('is really used: the scan sees the apps’ router and bus imports', () => {
    // Guards the scan itself: if it found nothing, the checks above would pass vacuously.
    expect(imports.filter(({ from }) => from === 'react-router').length).toBeGreaterThan(10);
    expect(imports.some(({ from, names }) => from === 'rxjs' && names.includes('ReplaySubject'))).toBe(true);
    for (const name of Object.keys(SHARED_SURFACE)) expect(SINGLETONS).toContain(name);
  });
});
