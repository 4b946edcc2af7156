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
  pattern: RegExp;
  /** Which placeholder each capture group fills, in the order they appear in the English. */
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
    const match = template.pattern.exec(message);
    if (!match) continue;
    const parts = new Map<string, string>();
    template.placeholders.forEach((placeholder, index) => {
      const part = match[index + 1] ?? '';
      parts.set(placeholder, depth < MAX_NESTING ? (translate(part, catalogue, depth + 1) ?? part) : part);
    });
    return template.translation.replace(PLACEHOLDER, (whole, number: string) => parts.get(number) ?? whole);
  }
  return undefined;
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
    const pattern = new RegExp(`^${literals.map(escapeRegExp).join('([\\s\\S]*?)')}$`);
    templates.push({ pattern, placeholders, translation, literalLength: literals.join('').length });
  }
  templates.sort((a, b) => b.literalLength - a.literalLength);
  return { exact, templates };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
