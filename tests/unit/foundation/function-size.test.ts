import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// A function longer than this does several jobs; split it into named parts (a hook, a component,
// one checker per concern) so each can be read and changed on its own.
const MAX_LINES = 200;

const root = path.resolve(__dirname, "../../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function nameOf(node: ts.SignatureDeclaration, file: ts.SourceFile): string {
  if (node.name) return node.name.getText(file);
  // An arrow or function expression takes the name it is given: a variable, a property, or the
  // variable of a wrapping call such as forwardRef(...) or memo(...).
  let parent: ts.Node = node.parent;
  while (ts.isCallExpression(parent) || ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent)) parent = parent.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name) {
    return parent.name.getText(file);
  }
  if (ts.isExportAssignment(parent)) return "default export";
  return "(anonymous)";
}

type Long = { where: string; name: string; lines: number };

function longFunctions(fileName: string): Long[] {
  const file = ts.createSourceFile(fileName, readFileSync(fileName, "utf8"), ts.ScriptTarget.Latest, true);
  const found: Long[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const end = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > MAX_LINES) {
        found.push({ where: `${path.relative(root, fileName)}:${start + 1}`, name: nameOf(node, file), lines });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("function size", () => {
  // Parsing some 470 files takes seconds, more on a busy machine: hence the long timeout.
  it(`keeps every function, method and component under ${MAX_LINES + 1} lines`, () => {
    const files = [...sourceFiles(path.join(root, "app")), path.join(root, "server.ts"), path.join(root, "server-app.ts")];
    expect(files.length).toBeGreaterThan(100);
    const long = files.flatMap(longFunctions).map((f) => `${f.where} ${f.name} ${f.lines} lines`);
    expect(long, `split these into named parts of at most ${MAX_LINES} lines`).toEqual([]);
  }, 60_000);
});
