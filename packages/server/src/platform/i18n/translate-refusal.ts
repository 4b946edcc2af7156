/**
 * A refusal's text in the caller's language (docs/architecture.md#refusal-languages). Operations
 * keep throwing their message in English, the spec's words; one hook translates the answer on its
 * way out, so no call site carries a language. A catalogue maps each English template to its
 * translation: `{1}`, `{2}`… stand for the parts filled in at run time, and a part that is itself
 * a known message (a mail server's refusal inside "Mail connector '…': …") is translated too.
 * A message the catalogue does not know is answered as thrown.
 */
import type { RefusalLanguage } from './refusal-language.ts';
import { REFUSALS_ES } from './refusals.es.ts';
import { REFUSALS_FR } from './refusals.fr.ts';

const catalogues: Record<Exclude<RefusalLanguage, 'en'>, Readonly<Record<string, string>>> = {
  fr: REFUSALS_FR,
  es: REFUSALS_ES,
};

interface Template {
  /** The English around the placeholders: one more than there are placeholders. */
  literals: string[];
  /** Which placeholder each part fills, in the order they appear in the English. */
  placeholders: string[];
  translation: string;
}

interface CompiledCatalogue {
  exact: Map<string, string>;
  /** Most literal text first, so "Invalid order: {1} appears twice" wins over "Invalid order: {1}". */
  templates: Template[];
}

const PLACEHOLDER = /\{(\d+)\}/g;
/** A part is translated as a message of its own at most this deep. */
const MAX_NESTING = 2;
const compiled = new Map<RefusalLanguage, CompiledCatalogue>();

export function translateRefusal(message: string, language: RefusalLanguage): string {
  if (language === 'en') return message;
  return translate(message, catalogueOf(language), 0) ?? message;
}

function translate(message: string, catalogue: CompiledCatalogue, depth: number): string | undefined {
  const exact = catalogue.exact.get(message);
  if (exact !== undefined) return exact;
  for (const template of catalogue.templates) {
    const found = partsOf(message, template.literals);
    if (!found) continue;
    const parts = new Map<string, string>();
    template.placeholders.forEach((placeholder, index) => {
      const part = found[index] ?? '';
      parts.set(placeholder, depth < MAX_NESTING ? (translate(part, catalogue, depth + 1) ?? part) : part);
    });
    return template.translation.replace(PLACEHOLDER, (whole, number: string) => parts.get(number) ?? whole);
  }
  return depth === 0 ? translateProblems(message, catalogue) : translateFieldRule(message, catalogue, depth);
}

/** A request validator's rule on one field, `id must be integer` (http/error-handler.ts): the path kept, the rule translated. */
const FIELD_RULE = /^([\w$.[\]/-]+) (must [\s\S]+)$/;

function translateFieldRule(message: string, catalogue: CompiledCatalogue, depth: number): string | undefined {
  const found = FIELD_RULE.exec(message);
  const rule = found ? translate(found[2]!, catalogue, depth + 1) : undefined;
  return rule === undefined ? undefined : `${found![1]!} ${rule}`;
}

/** One of a validator's problems: `path: message` (describeProblems, '; ' between them). */
const PROBLEM = /^([\w$.[\]-]+): ([\s\S]+)$/;

/**
 * A validator's problems, `summary: Please enter a title; rating: must be <= 5`: each message
 * translated where the catalogue knows it, the paths (field names) kept as they are.
 */
function translateProblems(message: string, catalogue: CompiledCatalogue): string | undefined {
  let isChanged = false;
  const problems = message.split('; ').map((problem) => {
    const found = PROBLEM.exec(problem);
    const text = found ? found[2]! : problem;
    const translated = translate(text, catalogue, 1);
    if (translated === undefined) return problem;
    isChanged = true;
    return found ? `${found[1]!}: ${translated}` : translated;
  });
  return isChanged ? problems.join('; ') : undefined;
}

/**
 * The parts of `message` between the template's literals, or null when it is not of that template.
 * Each inner literal is taken at its first occurrence and never revisited, so the cost is linear in
 * the message whatever a quoted caller's text holds (a refusal may quote up to 10,000 characters of
 * a filter): nothing here backtracks, so there is no backtracking to reason about.
 */
function partsOf(message: string, literals: string[]): string[] | null {
  const first = literals[0]!;
  const last = literals[literals.length - 1]!;
  if (message.length < first.length + last.length || !message.startsWith(first) || !message.endsWith(last)) return null;
  const end = message.length - last.length;
  const parts: string[] = [];
  let position = first.length;
  for (const literal of literals.slice(1, -1)) {
    const at = message.indexOf(literal, position);
    if (at === -1 || at + literal.length > end) return null;
    parts.push(message.slice(position, at));
    position = at + literal.length;
  }
  parts.push(message.slice(position, end));
  return parts;
}

function catalogueOf(language: Exclude<RefusalLanguage, 'en'>): CompiledCatalogue {
  let catalogue = compiled.get(language);
  if (!catalogue) {
    catalogue = compile(catalogues[language]);
    compiled.set(language, catalogue);
  }
  return catalogue;
}

function compile(entries: Readonly<Record<string, string>>): CompiledCatalogue {
  const exact = new Map<string, string>();
  const templates: (Template & { literalLength: number })[] = [];
  for (const [english, translation] of Object.entries(entries)) {
    const placeholders = [...english.matchAll(PLACEHOLDER)].map((found) => found[1]!);
    if (placeholders.length === 0) {
      exact.set(english, translation);
      continue;
    }
    const literals = english.split(PLACEHOLDER).filter((_, index) => index % 2 === 0);
    templates.push({ literals, placeholders, translation, literalLength: literals.join('').length });
  }
  templates.sort((a, b) => b.literalLength - a.literalLength);
  return { exact, templates };
}
