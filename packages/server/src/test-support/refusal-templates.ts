/**
 * Every refusal the server's code can throw with a literal text, as a catalogue template
 * (docs/architecture.md#refusal-languages): read from the source with TypeScript's type checker, so
 * a message named by a constant, an object entry or a function returning a template is found
 * where it is written, not only where it is thrown. `${…}` parts become `{1}`, `{2}`…
 *
 * Found: the message argument of badRequest, forbidden, notFound, unauthenticated, HttpError,
 * OAuthError, toApiError and any other `new …Error(message)`, and `reason:` / `message:` entries
 * (access decisions, workflow outcomes). Not found: texts computed elsewhere (a validator's
 * problems, a mail server's own words) — those are answered as they come.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
const MESSAGE_FIRST = new Set(['badRequest', 'forbidden', 'notFound', 'unauthenticated']);
const MESSAGE_SECOND = new Set(['HttpError', 'toApiError', 'OAuthError']);
const NOT_REFUSALS = new Set(['Error', 'TypeError', 'RangeError', 'SyntaxError']);
/** Properties and parameters that carry a refusal's text. */
const MESSAGE_NAMES = new Set(['reason', 'message']);
/** How far a constant, a property or a function is followed to its text. */
const MAX_DEPTH = 6;

export function refusalTemplates(): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(serverRoot, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  );
  if (!config) throw new Error('packages/server/tsconfig.json cannot be read');
  const program = ts.createProgram(config.fileNames, config.options);
  const reader = new TemplateReader(program.getTypeChecker());
  const found = new Set<string>();
  for (const file of program.getSourceFiles()) {
    if (!isProductionSource(file)) continue;
    const visit = (node: ts.Node): void => {
      for (const text of reader.refusalsAt(node)) found.add(text);
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return [...found].filter(isMessage).sort();
}

function isProductionSource(file: ts.SourceFile): boolean {
  const name = file.fileName;
  // The catalogues themselves are keyed by what this finds.
  if (file.isDeclarationFile || /\/(node_modules|test-support|bench|platform\/i18n)\//.test(name)) return false;
  return /\/packages\/(server|shared)\/src\//.test(name) && !/\.test\.ts$/.test(name);
}

/** A whole sentence, as message constants are written: capitalised, ending in a full stop, '!' or '?'. */
function isSentence(text: string): boolean {
  return /^[A-Z]/.test(text) && /[.!?]$/.test(text) && /\s/.test(text);
}

/** A sentence, not a code such as 'invalid_request' or a bare "{1}: {2}". */
function isMessage(template: string): boolean {
  const letters = template.replace(/\{\d+\}/g, '').match(/[A-Za-z]/g) ?? [];
  return /\s/.test(template) && letters.length >= 3 && !/^[a-z_]+$/.test(template);
}

class TemplateReader {
  private readonly checker: ts.TypeChecker;

  constructor(checker: ts.TypeChecker) {
    this.checker = checker;
  }

  refusalsAt(node: ts.Node): string[] {
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.arguments) {
      // Whatever a thrown call or construction is given: `throw refusal('zone_id', ZONE_NOT_OF_SITE)`.
      if (ts.isCallExpression(node) && ts.isThrowStatement(node.parent))
        return node.arguments.flatMap((argument) => this.texts(argument, 0));
      const name = calleeName(node.expression);
      const isOtherError = ts.isNewExpression(node) && !MESSAGE_SECOND.has(name) && this.isErrorClass(node.expression);
      const second = MESSAGE_SECOND.has(name) || name === 'deny';
      const message = MESSAGE_FIRST.has(name) || isOtherError ? node.arguments[0] : second ? node.arguments[1] : undefined;
      return message ? this.texts(message, 0) : [];
    }
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && MESSAGE_NAMES.has(node.name.text))
      return this.texts(node.initializer, 0);
    // `unauthenticated(message = 'You have been logged out.')`
    if (ts.isParameter(node) && ts.isIdentifier(node.name) && MESSAGE_NAMES.has(node.name.text)) return this.texts(node.initializer, 0);
    // `export const OWN_SUBMISSION = { approve: 'You cannot approve your own submission.', … }`
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && /^[A-Z][A-Z0-9_]+$/.test(node.name.text)) {
      const initializer = node.initializer && (ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer);
      if (initializer && ts.isObjectLiteralExpression(initializer)) {
        return initializer.properties
          .flatMap((property) => (ts.isPropertyAssignment(property) ? this.texts(property.initializer, 0) : []))
          .filter(isSentence);
      }
    }
    return [];
  }

  /** A class that is, or extends, a refusal-carrying Error (not Error, TypeError… themselves). */
  private isErrorClass(expression: ts.Expression): boolean {
    const name = calleeName(expression);
    if (NOT_REFUSALS.has(name)) return false;
    if (/.Error$/.test(name)) return true;
    let declaration = this.declarationOf(expression);
    for (let depth = 0; declaration && ts.isClassDeclaration(declaration) && depth < MAX_DEPTH; depth++) {
      const base = declaration.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
      if (!base) return false;
      if (calleeName(base) === 'Error') return true;
      declaration = this.declarationOf(base);
    }
    return false;
  }

  private texts(node: ts.Node | undefined, depth: number): string[] {
    if (!node || depth > MAX_DEPTH) return [];
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
    if (ts.isTemplateExpression(node)) {
      return [node.templateSpans.reduce((text, span, index) => `${text}{${index + 1}}${span.literal.text}`, node.head.text)];
    }
    if (ts.isConditionalExpression(node)) return [...this.texts(node.whenTrue, depth + 1), ...this.texts(node.whenFalse, depth + 1)];
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
      return this.texts(node.expression, depth + 1);
    if (ts.isBinaryExpression(node) && isFallback(node.operatorToken.kind))
      return [...this.texts(node.left, depth + 1), ...this.texts(node.right, depth + 1)];
    if (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node)) return this.declaredTexts(this.declarationOf(node), depth);
    if (ts.isElementAccessExpression(node)) {
      // `MESSAGES[action]`: every entry of the object.
      const declaration = this.declarationOf(node.expression);
      const initializer = declaration && ts.isVariableDeclaration(declaration) ? declaration.initializer : undefined;
      if (!initializer || !ts.isObjectLiteralExpression(initializer)) return [];
      return initializer.properties.flatMap((property) =>
        ts.isPropertyAssignment(property) ? this.texts(property.initializer, depth + 1) : [],
      );
    }
    if (ts.isCallExpression(node)) return this.returnedTexts(this.declarationOf(node.expression), depth);
    return [];
  }

  private declaredTexts(declaration: ts.Declaration | undefined, depth: number): string[] {
    if (declaration && (ts.isVariableDeclaration(declaration) || ts.isPropertyAssignment(declaration))) {
      return this.texts(declaration.initializer, depth + 1);
    }
    return [];
  }

  /** What a message-making function returns: `(name) => \`…${name}…\`` or its return statements. */
  private returnedTexts(declaration: ts.Declaration | undefined, depth: number): string[] {
    const fn = declaration && ts.isVariableDeclaration(declaration) ? declaration.initializer : declaration;
    if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionDeclaration(fn) || ts.isFunctionExpression(fn)) || !fn.body) return [];
    if (!ts.isBlock(fn.body)) return this.texts(fn.body, depth + 1);
    const returned: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isReturnStatement(node) && node.expression) returned.push(...this.texts(node.expression, depth + 1));
      else if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
    };
    ts.forEachChild(fn.body, visit);
    return returned;
  }

  private declarationOf(node: ts.Node): ts.Declaration | undefined {
    let symbol = this.checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    return symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  }
}

function calleeName(callee: ts.Expression): string {
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return '';
}

function isFallback(kind: ts.SyntaxKind): boolean {
  return kind === ts.SyntaxKind.BarBarToken || kind === ts.SyntaxKind.QuestionQuestionToken;
}
