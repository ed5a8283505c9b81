import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * No repository filters patient data by owner on its own (Step 16, docs/clinics.md): ESLint refuses
 * `patients.userId` / `patients.clinicId` in features, and this test refuses a query on `patients`
 * that does not ask the access policy. Every drizzle statement that reads, joins, updates or deletes
 * `patients` (and every `sql` template that names the table) in apps/server/src/features must carry
 * `patientScope` / `patientScopeTemplate` / `liveChartScope`, directly or through a local helper or value that does, unless it is
 * marked `// access: <why>` on the line above (an id the caller's space already yielded, the
 * administrators' or the trail's own reading), or its file is one of the few listed below.
 */

const FEATURES = path.resolve(__dirname, '../../src/features');

/** Whole files that read `patients` for something other than serving a caller's patient data. */
const EXEMPT_FILES: Record<string, string> = {
  'admin/admin.repository.ts': "the administrators' usage per account (eslint.config.js allows it too)",
  'audit/audit-targets.repository.ts': 'the trail\'s "whose is this?" look-ups: attribution, never data served',
  'images/purge.repository.ts': 'the draft sweeper and the discard: by expiry, or ids a scoped look-up yielded',
};

const SCOPE = /\b(patientScope(Template|For)?|liveChartScope)\(/;
const QUERY_METHODS = new Set(['from', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'update', 'delete', 'insert']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.split(path.sep).join('/'));
}

/** Names of the file's functions and constants that apply the scope (directly, or by calling one that does). */
function scopedNames(file: ts.SourceFile): Set<string> {
  // By name: a name declared twice in a file (two local `conditions`) counts as scoped when either is.
  const bodies = new Map<string, string>();
  const add = (name: string, body: string) => bodies.set(name, `${bodies.get(name) ?? ''}\n${body}`);
  const visit = (node: ts.Node): void => {
    if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name && ts.isIdentifier(node.name)) {
      add(node.name.text, node.getText(file));
    } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      add(node.name.text, node.initializer.getText(file));
    } else if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) {
      add(node.name.text, node.initializer.getText(file));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  const scoped = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, body] of bodies) {
      if (scoped.has(name)) continue;
      if (SCOPE.test(body) || [...scoped].some((s) => new RegExp(`\\b${s}\\b`).test(body))) {
        scoped.add(name);
        grew = true;
      }
    }
  }
  return scoped;
}

/** The whole statement a call belongs to: up the chain of calls, member accesses and awaits. */
function statementOf(node: ts.Node): ts.Node {
  let top = node;
  while (
    ts.isCallExpression(top.parent) ||
    ts.isPropertyAccessExpression(top.parent) ||
    ts.isAwaitExpression(top.parent) ||
    ts.isParenthesizedExpression(top.parent)
  ) {
    top = top.parent;
  }
  return top;
}

/** The statements on `patients` in one file that neither apply the scope nor are marked `// access:`. */
function unscopedQueries(relative: string): string[] {
  const text = readFileSync(path.join(FEATURES, relative), 'utf8');
  const file = ts.createSourceFile(relative, text, ts.ScriptTarget.Latest, true);
  const scoped = scopedNames(file);
  // A scoped helper called, or a value one made (`const where = listWhere(...)`) used.
  const applies = (statement: string) => SCOPE.test(statement) || [...scoped].some((s) => new RegExp(`\\b${s}\\b`).test(statement));
  /** `// access: <why>` on the line of the table's mention or one of the two above it. */
  const marked = (node: ts.Node) => {
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
    const above = text.split('\n').slice(Math.max(0, line - 2), line + 1);
    return above.some((l) => /\/\/ access: \S/.test(l));
  };
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const onPatients =
      (ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        QUERY_METHODS.has(node.expression.name.text) &&
        node.arguments[0] !== undefined &&
        ts.isIdentifier(node.arguments[0]) &&
        node.arguments[0].text === 'patients') ||
      (ts.isTaggedTemplateExpression(node) &&
        node.tag.getText(file) === 'sql' &&
        ts.isTemplateExpression(node.template) &&
        node.template.templateSpans.some((span) => span.expression.getText(file) === 'patients'));
    if (onPatients) {
      const statement = ts.isTaggedTemplateExpression(node) ? node : statementOf(node);
      const mention = ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node;
      if (!applies(statement.getText(file)) && !marked(mention)) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
        found.push(`${relative}:${line + 1}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('access policy: every query on patients asks it', () => {
  it('finds no statement on patients in features/ without patientScope', () => {
    const files = sourceFiles(FEATURES).filter((f) => !(f in EXEMPT_FILES));
    expect(files.flatMap(unscopedQueries)).toEqual([]);
  });

  it('catches one that does not (the check itself works)', () => {
    const probe = ts.createSourceFile(
      'probe.ts',
      'const a = db.select().from(patients).where(eq(patients.id, id));\nconst b = db.select().from(patients).where(patientScope(actor));',
      ts.ScriptTarget.Latest,
      true,
    );
    const calls: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'from') {
        calls.push(statementOf(node).getText(probe));
      }
      ts.forEachChild(node, visit);
    };
    visit(probe);
    expect(calls.map((c) => SCOPE.test(c))).toEqual([false, true]);
  });

  it('exempts only files that exist', () => {
    const files = new Set(sourceFiles(FEATURES));
    expect(Object.keys(EXEMPT_FILES).filter((f) => !files.has(f))).toEqual([]);
  });
});
