// Finds human text written straight into JSX (instead of coming from i18next `t(...)`).
// Used by scripts/checkLiterals.mjs (npm run lint) and test/meta/literals.test.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';

const require = createRequire(import.meta.url);
const ts = require('typescript');

/** Attributes whose string values are shown to people. */
export const textAttributes = ['title', 'label', 'placeholder', 'aria-label', 'description', 'alt'];

/** A line carrying this marker (or the line just above the text) is allowed to contain literal text. */
export const ignoreMarker = 'i18n-ignore';

const letter = /\p{L}/u;
const hasLetters = (text) => letter.test(text.replace(/&(?:[a-zA-Z]+|#\d+|#x[0-9a-fA-F]+);/g, ''));

/**
 * @param {string} source TSX source text
 * @param {string} [fileName]
 * @returns {{ file: string, line: number, column: number, text: string, kind: string }[]}
 */
export const scanSource = (source, fileName = 'file.tsx') => {
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lines = source.split('\n');
  const findings = [];

  const ignored = (line) =>
    (lines[line] ?? '').includes(ignoreMarker) ||
    (line > 0 && (lines[line - 1] ?? '').includes(ignoreMarker));

  const report = (node, text, kind) => {
    const start = node.getStart(sourceFile);
    const { line, character } = sourceFile.getLineAndCharacterOfPosition(start);
    if (ignored(line)) return;
    findings.push({
      file: fileName,
      line: line + 1,
      column: character + 1,
      text: text.trim().replace(/\s+/g, ' '),
      kind,
    });
  };

  // String literals an attribute expression can evaluate to: 'x', `x`, a ? 'x' : 'y', a ?? 'x', a || 'x', ('x').
  const literalsIn = (expression, out) => {
    if (!expression) return out;
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
      out.push(expression);
    else if (ts.isTemplateExpression(expression)) out.push(expression);
    else if (ts.isParenthesizedExpression(expression)) literalsIn(expression.expression, out);
    else if (ts.isConditionalExpression(expression)) {
      literalsIn(expression.whenTrue, out);
      literalsIn(expression.whenFalse, out);
    } else if (ts.isBinaryExpression(expression)) {
      const op = expression.operatorToken.kind;
      if (
        op === ts.SyntaxKind.QuestionQuestionToken ||
        op === ts.SyntaxKind.BarBarToken ||
        op === ts.SyntaxKind.AmpersandAmpersandToken
      ) {
        literalsIn(expression.left, out);
        literalsIn(expression.right, out);
      }
    }
    return out;
  };

  const literalText = (node) => {
    if (ts.isTemplateExpression(node))
      return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
    return node.text;
  };

  const visit = (node) => {
    if (ts.isJsxText(node)) {
      if (hasLetters(node.text)) report(node, node.text, 'JSX text');
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(sourceFile);
      if (textAttributes.includes(name) && node.initializer) {
        const candidates = ts.isStringLiteral(node.initializer)
          ? [node.initializer]
          : ts.isJsxExpression(node.initializer)
            ? literalsIn(node.initializer.expression, [])
            : [];
        for (const literal of candidates) {
          const text = literalText(literal);
          if (hasLetters(text)) report(literal, text, `attribute ${name}`);
        }
      }
    } else if (
      ts.isJsxExpression(node) &&
      node.parent &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      // {'Some text'} or {cond ? 'Yes' : 'No'} as a child
      for (const literal of literalsIn(node.expression, [])) {
        const text = literalText(literal);
        if (hasLetters(text)) report(literal, text, 'JSX string child');
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
};

const listTsx = (dir) => {
  if (!existsSync(dir)) return [];
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) files.push(...listTsx(path));
    } else if (entry.name.endsWith('.tsx')) files.push(path);
  }
  return files.sort();
};

/** Scans `<root>/src/**\/*.tsx`. File names in findings are relative to root. */
export const scanLiterals = (root) => {
  const findings = [];
  for (const file of listTsx(join(root, 'src'))) {
    findings.push(...scanSource(readFileSync(file, 'utf8'), relative(root, file)));
  }
  return findings;
};

export const formatFinding = (f) => `${f.file}:${f.line}:${f.column}  ${f.kind}: "${f.text}"`;
