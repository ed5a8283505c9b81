import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The browser suite's per-test limit when a test names none (e2e/playwright.config.ts `timeout`). */
export const E2E_DEFAULT_TEST_TIMEOUT_MS = 45_000;

/** One wait with a written limit, found in a test or in a function it calls. */
export interface TimedWait {
  ms: number;
  /** `file:line` of the wait. */
  at: string;
}

/** A browser test, its limit, and the longest single wait it can reach. */
export interface TestTimeouts {
  test: string;
  at: string;
  testTimeoutMs: number;
  longestWait: TimedWait | undefined;
}

interface Fn {
  name: string;
  file: string;
  body: ts.Node;
}

function numericValue(node: ts.Expression, consts: Map<string, ts.Expression>): number | undefined {
  if (ts.isNumericLiteral(node)) return Number(node.text.replaceAll('_', ''));
  if (ts.isIdentifier(node)) {
    const init = consts.get(node.text);
    return init && ts.isNumericLiteral(init) ? Number(init.text.replaceAll('_', '')) : undefined;
  }
  return undefined;
}

function lineOf(source: ts.SourceFile, node: ts.Node, root: string): string {
  return `${path.relative(root, source.fileName)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
}

/**
 * Reads e2e/tests and e2e/src and gives, for each `test(name, fn, { timeoutMs })` of the harness, the test's
 * limit and its longest wait with a written limit: a `timeout:` property (`waitFor`, `expect`, `expect.poll`,
 * `waitForEvent`, ...) or the limit passed to `expectAiLandmarks`, inside the test's function or any function of
 * the suite it calls, directly or through others (by name, across e2e/src and its own file). Waits without a
 * written limit use the context's 10 s default. Issue 29 item 5: no test's limit may be shorter than a wait in it.
 */
export function e2eTestTimeouts(root: string): TestTimeouts[] {
  const dirs = ['e2e/src', 'e2e/tests'].map((d) => path.join(root, d));
  const sources = dirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => {
        const file = path.join(dir, f);
        return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      }),
  );
  const shared = new Map<string, Fn>();
  const local = new Map<ts.SourceFile, Map<string, Fn>>();
  const consts = new Map<ts.SourceFile, Map<string, ts.Expression>>();
  for (const source of sources) {
    const fns = new Map<string, Fn>();
    const values = new Map<string, ts.Expression>();
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionDeclaration(node) && node.name && node.body)
        fns.set(node.name.text, { name: node.name.text, file: source.fileName, body: node.body });
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const init = node.initializer;
        if (ts.isArrowFunction(init) || ts.isFunctionExpression(init))
          fns.set(node.name.text, { name: node.name.text, file: source.fileName, body: init.body });
        else values.set(node.name.text, init);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    local.set(source, fns);
    consts.set(source, values);
    if (source.fileName.includes(`${path.sep}e2e${path.sep}src${path.sep}`)) for (const [name, fn] of fns) shared.set(name, fn);
  }
  const sourceOf = new Map(sources.map((s) => [s.fileName, s]));

  /** Every wait with a written limit reachable from `body`, following calls by name. */
  function waitsIn(body: ts.Node, source: ts.SourceFile, seen: Set<Fn>): TimedWait[] {
    const found: TimedWait[] = [];
    const values = consts.get(source) ?? new Map<string, ts.Expression>();
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'timeout') {
        const ms = numericValue(node.initializer, values);
        if (ms !== undefined) found.push({ ms, at: lineOf(source, node, root) });
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const name = node.expression.text;
        const limit = node.arguments[1];
        if (name === 'expectAiLandmarks' && limit) {
          const ms = numericValue(limit, values);
          if (ms !== undefined) found.push({ ms, at: lineOf(source, node, root) });
        }
        const callee = local.get(source)?.get(name) ?? shared.get(name);
        if (callee && !seen.has(callee)) {
          seen.add(callee);
          const calleeSource = sourceOf.get(callee.file);
          if (calleeSource) found.push(...waitsIn(callee.body, calleeSource, seen));
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(body);
    return found;
  }

  const tests: TestTimeouts[] = [];
  for (const source of sources.filter((s) => s.fileName.includes(`${path.sep}tests${path.sep}`))) {
    const values = consts.get(source) ?? new Map<string, ts.Expression>();
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'test' && node.arguments.length >= 2) {
        const [nameArg, fnArg, optionsArg] = node.arguments;
        let testTimeoutMs = E2E_DEFAULT_TEST_TIMEOUT_MS;
        const options = optionsArg && ts.isIdentifier(optionsArg) ? values.get(optionsArg.text) : optionsArg;
        if (options && ts.isObjectLiteralExpression(options)) {
          for (const p of options.properties) {
            if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'timeoutMs') {
              testTimeoutMs = numericValue(p.initializer, values) ?? testTimeoutMs;
            }
          }
        }
        const name =
          nameArg && (ts.isStringLiteral(nameArg) || ts.isNoSubstitutionTemplateLiteral(nameArg))
            ? nameArg.text
            : (nameArg?.getText(source) ?? '');
        const waits = fnArg ? waitsIn(fnArg, source, new Set()) : [];
        const longestWait = waits.reduce<TimedWait | undefined>((a, w) => (a === undefined || w.ms > a.ms ? w : a), undefined);
        tests.push({ test: name, at: lineOf(source, node, root), testTimeoutMs, longestWait });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return tests;
}
