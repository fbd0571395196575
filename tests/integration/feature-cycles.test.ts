/**
 * No cycles between features (decision 040; STYLE.md "no cycles"). `import-x/no-cycle` in
 * eslint.config.js refuses cycles between modules; two features can still depend on each other
 * through different modules (as chat.server → leads/lead-access and leads.server → chat/chat.types
 * did before decision 043), which no module cycle shows. This test reads every feature module's
 * imports with TypeScript's own parser and resolver (tsconfig.json's `~/*` paths included), draws
 * the graph of features, and refuses any strongly connected group of two or more features. `import type` is left out, as
 * no-cycle leaves it out: it is erased at run time, and another feature's types are allowed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../..');
const FEATURES = path.join(REPO, 'app/features');

/**
 * Feature cycles tolerated for now: none since the inquiries domain (decision 043) and the
 * work-order core (decision 044). An entry is only ever added with a decision record that says
 * when it goes; the last test fails when a listed cycle is gone, so the entry leaves with the fix.
 */
const KNOWN_CYCLES: string[][] = [];

const compilerOptions = (() => {
  const file = path.join(REPO, 'tsconfig.json');
  const { config } = ts.readConfigFile(file, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, REPO, undefined, file).options;
})();

/** The module specifiers `file` imports at run time: static imports and re-exports that are not type-only, dynamic imports. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      if (!typeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) specifiers.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** The feature a path belongs to, or null outside app/features. */
function featureOf(file: string): string | null {
  const relative = path.relative(FEATURES, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : (relative.split(path.sep)[0] ?? null);
}

/** feature → feature it imports → the imports that make the edge ("file → specifier"). */
function featureGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  const files = readdirSync(FEATURES, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.join(FEATURES, name));
  for (const file of files) {
    const from = featureOf(file);
    if (!from) continue;
    for (const specifier of runtimeImports(file)) {
      if (!specifier.startsWith('.') && !specifier.startsWith('~/')) continue;
      const resolved = ts.resolveModuleName(specifier, file, compilerOptions, ts.sys).resolvedModule?.resolvedFileName;
      const to = resolved ? featureOf(resolved) : null;
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      edges.set(to, [...(edges.get(to) ?? []), `${path.relative(REPO, file)} → ${specifier}`]);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** The strongly connected groups of two or more features (Tarjan), each sorted, sorted. */
function cyclesOf(graph: Map<string, Map<string, string[]>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node)?.keys() ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return groups.sort((a, b) => a.join().localeCompare(b.join()));
}

describe('cycles between features', () => {
  const graph = featureGraph();
  const cycles = cyclesOf(graph);
  const isKnown = (cycle: string[]) => KNOWN_CYCLES.some((known) => known.join() === cycle.join());
  /** The imports inside a group of features, to say where to cut it. */
  const edgesOf = (cycle: string[]) =>
    cycle.flatMap((from) => cycle.flatMap((to) => (from === to ? [] : (graph.get(from)?.get(to) ?? []))));

  it('finds a cycle made through different modules of two features (the detector works)', () => {
    expect(
      cyclesOf(
        new Map([
          ['a', new Map([['b', ['a/x → b/y']]])],
          ['b', new Map([['a', ['b/z → a/w']]])],
        ]),
      ),
    ).toEqual([['a', 'b']]);
    expect(cyclesOf(new Map([['a', new Map([['b', ['a/x → b/y']]])]]))).toEqual([]);
  });

  it('no feature depends, through others, on a feature that depends on it (besides the known cycles)', () => {
    const unknown = cycles.filter((cycle) => !isKnown(cycle)).map((cycle) => ({ features: cycle, imports: edgesOf(cycle) }));
    expect(unknown).toEqual([]);
  });

  it('each known cycle still exists (remove its entry once it is broken)', () => {
    expect(KNOWN_CYCLES.filter((known) => !cycles.some((cycle) => cycle.join() === known.join()))).toEqual([]);
  });
});
