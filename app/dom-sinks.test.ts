import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Every string that reaches the DOM outside React goes in as text (issue 7: a cemetery named
 * `<img src=x onerror=...>` became live markup in a map tooltip). This reads the source of the
 * web app and fails on any HTML sink given something else than a literal or `asText(...)`:
 *
 * - Leaflet contents: `bindTooltip`, `bindPopup`, `setTooltipContent`, `setPopupContent`,
 *   `setContent`, and `html` of `divIcon` (Leaflet inserts strings with `innerHTML`);
 * - `innerHTML` / `outerHTML` assignments, `insertAdjacentHTML`, `document.write`;
 * - `dangerouslySetInnerHTML` and Quill's `dangerouslyPasteHTML`, allowed only where the HTML was
 *   sanitized on the server (the rich text component and editor).
 */
const APP = path.resolve(import.meta.dirname);

const LEAFLET_SINKS = new Set(["bindTooltip", "bindPopup", "setTooltipContent", "setPopupContent", "setContent"]);
/** Files allowed to insert server-sanitized rich text, and the sink each may use. */
const SANITIZED_HTML: Record<string, string> = {
  "components/rich-text.tsx": "dangerouslySetInnerHTML",
  "components/rich-text-editor.tsx": "dangerouslyPasteHTML",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name.startsWith("+") ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** A literal, or text wrapped by `asText`, or a function that only ever returns those. */
function isSafeContent(node: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(node)) return isSafeContent(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return true;
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "asText") return true;
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
    if (!ts.isBlock(node.body)) return isSafeContent(node.body);
    const returns: ts.ReturnStatement[] = [];
    const visit = (n: ts.Node) => {
      if (ts.isFunctionLike(n) && n !== node) return;
      if (ts.isReturnStatement(n)) returns.push(n);
      ts.forEachChild(n, visit);
    };
    visit(node.body);
    return returns.length > 0 && returns.every((r) => r.expression !== undefined && isSafeContent(r.expression));
  }
  return false;
}

/** Where the file hands HTML to the DOM in a way the rule above does not allow. */
function findUnsafeSinks(fileName: string, code: string, relative: string): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const at = (n: ts.Node, what: string) => {
    const { line } = source.getLineAndCharacterOfPosition(n.getStart());
    found.push(`${relative}:${line + 1} ${what}`);
  };
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression)) {
      const name = n.expression.name.text;
      const [first, second] = n.arguments;
      if (LEAFLET_SINKS.has(name) && first && !isSafeContent(first)) at(n, `${name}(...) with non-literal content`);
      if (name === "insertAdjacentHTML" && !(second && isSafeContent(second))) at(n, "insertAdjacentHTML");
      if (name === "write" && ts.isIdentifier(n.expression.expression) && n.expression.expression.text === "document")
        at(n, "document.write");
      if (name === "divIcon" && first && ts.isObjectLiteralExpression(first)) {
        for (const prop of first.properties) {
          if (ts.isPropertyAssignment(prop) && prop.name.getText(source) === "html" && !isSafeContent(prop.initializer))
            at(prop, "divIcon html with non-literal content");
        }
      }
      if (name === "dangerouslyPasteHTML" && SANITIZED_HTML[relative] !== name) at(n, "dangerouslyPasteHTML");
    }
    if (
      ts.isBinaryExpression(n) &&
      n.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(n.left) &&
      ["innerHTML", "outerHTML"].includes(n.left.name.text) &&
      !isSafeContent(n.right)
    ) {
      at(n, `${n.left.name.text} assignment`);
    }
    if (ts.isJsxAttribute(n) && n.name.getText(source) === "dangerouslySetInnerHTML") {
      if (SANITIZED_HTML[relative] !== "dangerouslySetInnerHTML") at(n, "dangerouslySetInnerHTML");
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return found;
}

describe("HTML sinks of the web app", () => {
  it("finds the sinks it guards (the rule itself can fail)", () => {
    const bad = `
      marker.bindTooltip(\`\${c.name}: free\`);
      layer.bindTooltip((l) => l.feature.properties.sector);
      layer.bindPopup(name);
      L.divIcon({ html: \`<span>\${label}</span>\` });
      el.innerHTML = text;
      el.insertAdjacentHTML("beforeend", text);
      document.write(text);
      const x = <div dangerouslySetInnerHTML={{ __html: text }} />;
      quill.clipboard.dangerouslyPasteHTML(text);
    `;
    expect(findUnsafeSinks("bad.tsx", bad, "components/bad.tsx")).toHaveLength(9);
    const good = `
      marker.bindTooltip(asText(\`\${c.name}: free\`), { permanent: true });
      layer.bindTooltip((l) => { const p = l.feature.properties; return asText(p.sector); });
      layer.bindPopup("Static text");
      L.divIcon({ html: asText(String(n)), className: "vertex" });
      el.innerHTML = "";
    `;
    expect(findUnsafeSinks("good.tsx", good, "components/good.tsx")).toEqual([]);
  });

  it("hands the DOM no user text as HTML anywhere in app/", () => {
    const files = sourceFiles(APP);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((f) =>
      findUnsafeSinks(f, readFileSync(f, "utf8"), path.relative(APP, f).split(path.sep).join("/")),
    );
    expect(found).toEqual([]);
  });
});
