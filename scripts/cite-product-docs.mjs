#!/usr/bin/env node
/**
 * Rewrites citations of documents that are not in the repository — the three specification
 * documents ("spec 000 §3", "spec 001", "spec 002 §3.14"), the engineering guide ("GUIDE habit 4",
 * "GUIDE §2") and the security lessons ("SECURITY-LESSONS #6") — into our own pages:
 * `docs/product/<page>.md#<anchor>` and `docs/engineering.md#<anchor>`.
 *
 * Scope: *.ts, *.tsx and *.md under packages/, e2e/, bench/ and docs/ (not docs/product/, not
 * node_modules, build output or artifacts). Idempotent: a second run changes nothing, since the
 * rewritten text no longer matches.
 *
 *   node scripts/cite-product-docs.mjs            rewrite the files
 *   node scripts/cite-product-docs.mjs --dry-run  print what would change (file:line  old → new)
 *
 * A specification section covers several product areas (§3 "Entities" holds documents, identities,
 * grants, events, logs…), so each section has an ordered list of rules: the first whose pattern
 * matches "<file path> :: <the citing line>" gives the page and anchor; the last rule of each list
 * is the default. `scripts/check-citations.mjs` then proves nothing outside the repository is cited
 * and that every cited anchor exists.
 */
import { URL } from 'node:url';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const ROOTS = ['packages', 'e2e', 'bench', 'docs'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'artifacts', 'coverage', '.vite', 'test-results']);
const SKIP_PREFIXES = ['docs/product/'];
const EXTENSIONS = ['.ts', '.tsx', '.md'];

const P = 'docs/product/';
const E = 'docs/engineering.md';

/**
 * The mapping table: `<document>§<section>` → ordered [pattern, target] rules; `null` matches
 * anything (the default). Patterns see "path :: line".
 */
export const SECTION_RULES = {
  // spec 000: the core platform.
  '000§1': [
    [/en-gb|dates|date/i, `${P}administration.md#localisation`],
    [null, `${P}README.md#product`],
  ],
  '000§2': [
    [/login with a query message|features\/auth/i, `${P}identities-and-sign-in.md#sign-in`],
    [/All documents search|Admin list views|Document Schemas|features\/admin|table-list/i, `${P}administration.md#administration-area`],
    [/Activity panel|features\/activity|Upload panel/i, `${P}workflow-and-timeline.md#events`],
    [/search/i, `${P}forms-and-lists.md#search`],
    [/favourites|recent and starred/i, `${P}forms-and-lists.md#recent-and-starred`],
    [/Document page and cards|card-mode|document-action|row-card-dialog/i, `${P}forms-and-lists.md#document-page`],
    [/options-popover/i, `${P}forms-and-lists.md#limits`],
    [/Save Global|global-filter|filter-dialog|filter-chips/i, `${P}forms-and-lists.md#filters`],
    [/renderers\/(layouts|complex)/i, `${P}forms-and-lists.md#form-layouts`],
    [/Form screen|form-actions|form-editor|document-form-page|raw-data|errors-dialog/i, `${P}forms-and-lists.md#form-screen`],
    [/list-mode|mode-registry|modes\/|table, card, group/i, `${P}forms-and-lists.md#display-modes`],
    [/List view|web\/src\/lists\//i, `${P}forms-and-lists.md#list-view`],
    [/type-access/i, `${P}access.md#type-rules`],
    [
      /Layouts|Menu entries|menu-entries|forms-menu|message-bar|nav-drawer|header|background|public-layout/i,
      `${P}forms-and-lists.md#layouts`,
    ],
    [null, `${P}forms-and-lists.md#screens-and-routes`],
  ],
  '000§3': [
    [/"Scope levels"|"workflow|"Workflow block"|"Step"/, `${P}workflow-and-timeline.md#workflow-definitions`],
    [/"Access control entry"/, `${P}access.md#grants`],
    [/"Document"/, `${P}documents-and-schemas.md#documents`],
    [/"Document schema"/, `${P}documents-and-schemas.md#document-types`],
    [/"Table column"|column-type|cell-value|columns\//i, `${P}forms-and-lists.md#columns`],
    [/Survey item|survey/i, `${P}documents-and-schemas.md#survey-and-risk`],
    [/"Identity option"|identity-options/i, `${P}identities-and-sign-in.md#identities`],
    [/local storage|local-store|list-preferences|recent/i, `${P}forms-and-lists.md#local-storage`],
    [/"Identity" preferences|preferences/i, `${P}identities-and-sign-in.md#preferences`],
    [/"Session|session/i, `${P}identities-and-sign-in.md#sessions`],
    [/"Directory settings"|directory/i, `${P}identities-and-sign-in.md#directory-settings`],
    [/"Access control entry"|acl|grant|ACL levels/i, `${P}access.md#grants`],
    [/"Identity"|identities|users\.type/i, `${P}identities-and-sign-in.md#identities`],
    [/"Log"|logs/i, `${P}administration.md#logs`],
    [/"review"|review/i, `${P}workflow-and-timeline.md#reviews`],
    [/"Event"|event/i, `${P}workflow-and-timeline.md#events`],
    [/workflow|Scope levels|block/i, `${P}workflow-and-timeline.md#workflow-definitions`],
    [/"Select option"|value wrappers|Rating|keyword|date-range|enum-select|rating/i, `${P}forms-and-lists.md#field-values`],
    [/priority/i, `${P}forms-and-lists.md#columns`],
    [/i18n|translat/i, `${P}administration.md#localisation`],
    [/2023-01-01|default filter|Filter-language expression applied/i, `${P}forms-and-lists.md#filters`],
    [/"Document schema"|schema|types\.service/i, `${P}documents-and-schemas.md#document-types`],
    [/"Document"|document/i, `${P}documents-and-schemas.md#documents`],
    [null, `${P}documents-and-schemas.md#document-types`],
  ],
  '000§4': [
    [/Sign-in|Application states|sign-out|sign-in|federated|admin_consent|dashboard\/2|otp/i, `${P}identities-and-sign-in.md#sign-in`],
    [/Survey and risk|risk|survey/i, `${P}documents-and-schemas.md#survey-and-risk`],
    [/review/i, `${P}workflow-and-timeline.md#reviews`],
    [/"Export"|export|download/i, `${P}forms-and-lists.md#export`],
    [/"Events"|Upload panel|event|activity/i, `${P}workflow-and-timeline.md#events`],
    [/List selection|row-selection|table\.mode/i, `${P}forms-and-lists.md#list-view`],
    [/filter-dialog|filter/i, `${P}forms-and-lists.md#filters`],
    [/Document form|form-actions|form-editor|document-form-page|news\.e2e|update returns/i, `${P}forms-and-lists.md#form-screen`],
    [/Due dates|due_date|days after/, `${P}workflow-and-timeline.md#due-dates`],
    [/actionee/i, `${P}workflow-and-timeline.md#who-may-act`],
    [/marked invalid|actions|offered/i, `${P}workflow-and-timeline.md#actions`],
    [/statuses|status|Closed and Approved/i, `${P}workflow-and-timeline.md#statuses`],
    [null, `${P}workflow-and-timeline.md#workflow-definitions`],
  ],
  '000§5': [
    [/Upload|file/i, `${P}workflow-and-timeline.md#attachments`],
    [/directory|provider/i, `${P}identities-and-sign-in.md#directory-settings`],
    [/otp|one-time|sign-in/i, `${P}identities-and-sign-in.md#sign-in`],
    [/password/i, `${P}identities-and-sign-in.md#passwords`],
    [/merge/i, `${P}identities-and-sign-in.md#merge`],
    [/no spaces|schema-problems/i, `${P}documents-and-schemas.md#schema-rules`],
    [/Create button|type-access/i, `${P}access.md#create-button`],
    [/Delete|delete/i, `${P}forms-and-lists.md#document-page`],
    [
      /keyword|greyed|P \(program\)|investigation|document-lookup|value-parsing|number|text\.renderer|parsed/i,
      `${P}forms-and-lists.md#field-values`,
    ],
    [/filter/i, `${P}forms-and-lists.md#filters`],
    [/errors-dialog|Error\(s\)|use-form-problems|Form screen/i, `${P}forms-and-lists.md#validation`],
    [null, `${P}documents-and-schemas.md#validation`],
  ],
  '000§6': [
    [/event/i, `${P}workflow-and-timeline.md#event-rules`],
    [/review/i, `${P}workflow-and-timeline.md#reviews`],
    [/workflow|step|External steps|scoped form properties|Who may act/i, `${P}workflow-and-timeline.md#who-may-act`],
    [/protected|Hidden \(Protected\)|'\?'|avatar/i, `${P}access.md#protected-fields`],
    [/external ref|external reference/i, `${P}access.md#external-documents`],
    [/themeUserAllow|theme/i, `${P}administration.md#theme`],
    [/Save Global|global-filter/i, `${P}forms-and-lists.md#filters`],
    [/requiredRolesForCreate/i, `${P}access.md#type-rules`],
    [
      /Administration menu|admin-gate|admin-guard|admin-types|schema-type|Administrators only|administer|Administrator-only/i,
      `${P}access.md#administrator-only`,
    ],
    [/select/i, `${P}forms-and-lists.md#list-view`],
    [/type-access/i, `${P}access.md#type-rules`],
    [null, `${P}access.md#document-access`],
  ],
  '000§7': [
    [/lookups/i, `${P}documents-and-schemas.md#api`],
    [/bearer|api\/client/i, `${P}identities-and-sign-in.md#sessions`],
    [/token|oauth|auth\.routes|oauth-error/i, `${P}identities-and-sign-in.md#sign-in`],
    [/merge/i, `${P}identities-and-sign-in.md#merge`],
    [/identities\/all|identity-options/i, `${P}identities-and-sign-in.md#identities`],
    [/prefs|preferences/i, `${P}identities-and-sign-in.md#preferences`],
    [/bearer|api\/client/i, `${P}identities-and-sign-in.md#sessions`],
    [/review|tilde/i, `${P}workflow-and-timeline.md#reviews`],
    [/event|files|file|upload|attachment|workflow|parent_id/i, `${P}workflow-and-timeline.md#api`],
    [/lookups|options/i, `${P}documents-and-schemas.md#api`],
    [null, `${P}documents-and-schemas.md#api`],
  ],
  '000§8': [
    [/merge/i, `${P}identities-and-sign-in.md#merge`],
    [/todo/i, `${P}workflow-and-timeline.md#todo`],
    [/type-registry|stored schemas|built-in types|document-types|types serve/i, `${P}documents-and-schemas.md#document-types`],
    [/Delete|delete/i, `${P}forms-and-lists.md#document-page`],
    [null, `${P}forms-and-lists.md#messages`],
  ],
  '000§9': [
    [/Constants of/i, `${P}README.md#messages-and-limits`],
    [/export|xls/i, `${P}forms-and-lists.md#export`],
    [/Select lookups|lookups/i, `${P}forms-and-lists.md#field-values`],
    [/identities|display_name|federated yes|users\.type/i, `${P}administration.md#identities`],
    [/logs/i, `${P}administration.md#logs`],
    [
      /Event filter|event-type|event|thumbnail|image formats|nested|attachments|images\.ts|file-selection/i,
      `${P}workflow-and-timeline.md#limits`,
    ],
    [/theme/i, `${P}administration.md#theme`],
    [/Report scope/i, `${P}reporting.md#scopes`],
    [
      /Default-value|default-values|form\.defaults|plus N days|initial-data|builtin-types\/index/i,
      `${P}documents-and-schemas.md#default-values`,
    ],
    [/risk|criticality|Medium warning|Medium as a warning/i, `${P}documents-and-schemas.md#survey-and-risk`],
    [/priority|status\.column|column-type/i, `${P}forms-and-lists.md#columns`],
    [/recent-store|recent/i, `${P}forms-and-lists.md#local-storage`],
    [null, `${P}forms-and-lists.md#limits`],
  ],
  // spec 001: reporting, plus the header bar and the user drawer.
  '001': [
    [/Header bar|header-bar|header-breadcrumb/i, `${P}forms-and-lists.md#layouts`],
    [/User drawer|user-drawer/i, `${P}forms-and-lists.md#layouts`],
    [/Page templates/i, `${P}reporting.md#dashboard`],
    [/report-metric/i, `${P}reporting.md#metrics`],
    [null, `${P}reporting.md#overview`],
  ],
  '001§3': [
    [/reporter_category_id|request/i, `${P}mail.md#requests-from-mail`],
    [null, `${P}reporting.md#report-data`],
  ],
  '001§9': [[null, `${P}README.md#messages-and-limits`]],
  // spec 002: built-in types, administration settings, legacy workflow, catalogues.
  '002': [
    [/unit of/i, `${P}documents-and-schemas.md#default-values`],
    [null, `${P}documents-and-schemas.md#built-in-types`],
  ],
  '002§3': [[null, `${P}documents-and-schemas.md#built-in-types`]],
  '002§3.2': [[null, `${P}documents-and-schemas.md#safety-visit`]],
  '002§3.3': [[null, `${P}documents-and-schemas.md#investigation`]],
  '002§3.4': [[null, `${P}documents-and-schemas.md#posts`]],
  '002§3.5': [[null, `${P}documents-and-schemas.md#currency`]],
  '002§3.6': [[null, `${P}reporting.md#reports`]],
  '002§3.7': [[null, `${P}reporting.md#metrics`]],
  '002§3.8': [[null, `${P}documents-and-schemas.md#checklists`]],
  '002§3.9': [[null, `${P}documents-and-schemas.md#keyword-lists`]],
  '002§3.10': [[null, `${P}mail.md#notifications`]],
  '002§3.11': [[null, `${P}administration.md#subscriptions`]],
  '002§3.12': [[null, `${P}identities-and-sign-in.md#preferences`]],
  '002§3.13': [[null, `${P}administration.md#storage`]],
  '002§3.14': [[null, `${P}workflow-and-timeline.md#legacy-workflow`]],
  '002§4': [[null, `${P}workflow-and-timeline.md#statuses`]],
  '002§5': [[null, `${P}documents-and-schemas.md#validation`]],
  '002§6': [[null, `${P}access.md#administrator-only`]],
  '002§7': [
    [/tags/i, `${P}documents-and-schemas.md#posts`],
    [null, `${P}workflow-and-timeline.md#todo`],
  ],
  '002§8': [[null, `${P}forms-and-lists.md#messages`]],
  '002§9': [
    [/theme/i, `${P}administration.md#theme`],
    [/version/i, `${P}administration.md#version`],
    [/Priorit/i, `${P}documents-and-schemas.md#documents`],
    [/colour|Medium/i, `${P}documents-and-schemas.md#survey-and-risk`],
    [/Constants of/i, `${P}README.md#messages-and-limits`],
    [null, `${P}administration.md#limits`],
  ],
};

/** Sections without their own rules fall back to their document's whole-document rules. */
function rulesFor(doc, section) {
  return (
    SECTION_RULES[`${doc}§${section}`] ??
    SECTION_RULES[`${doc}§${section.split('.')[0]}`] ??
    SECTION_RULES[doc] ??
    SECTION_RULES[`${doc}§3`]
  );
}

/** The engineering guide: habits and sections. */
const GUIDE_SECTIONS = {
  1: `${E}#architecture`,
  2: `${P}README.md#api-conventions`,
  3: `${E}#habits`,
  4: `${E}#tests-and-ci`,
  5: `${P}security.md#rules`,
  6: `${E}#tests-and-ci`,
};

/** Sentences whose wording only made sense beside the specification: rewritten whole. */
const PHRASES = [
  ['past the summary length (§9: 200)', 'past the summary length (200, docs/product/forms-and-lists.md#limits)'],
  ['§8 merge\n * outcome). ', '§8).\n * '],
  ['constants of the spec (§9)', 'constants and limits (docs/product/README.md#messages-and-limits)'],
  [
    'Spec 000\n * §7 lets events name a parent_id and §9 fetches nested events 100 at a time, but sets no depth.',
    'Events may name a\n * parent_id and nested events load 100 at a time (docs/product/workflow-and-timeline.md#replies).',
  ],
];

function pick(rules, context) {
  for (const [pattern, target] of rules) if (!pattern || pattern.test(context)) return target;
  throw new Error(`no default rule for ${context}`);
}

const GAP = String.raw`(?:[ \t]+|[ \t]*\n[ \t]*(?:\*|\/\/)?[ \t]*)`;
// After a section: a quoted subsection name, a code span, or one of the unquoted subsection names
// the old comments used. Names only made sense beside the specification and go with the citation;
// code spans (a route, a call) are kept in front of the links.
const NAME = String.raw`(?:[ \t]+(?:"[^"\n]*"|\`[^\`\n]*\`|Form screen|Document form|Layouts|value wrappers))`;
const REF = String.raw`(?:(00[0-2])[ \t]+)?§[ \t]*(\d+(?:\.\d+)*)`;
const SPEC = new RegExp(
  String.raw`\b[Ss]pec${GAP}(00[0-2])(${NAME}?)((?:${GAP}?§[ \t]*\d+(?:\.\d+)*${NAME}*)(?:[ \t]*(?:,|\/|and)${GAP}?(?:00[0-2][ \t]+)?§[ \t]*\d+(?:\.\d+)*${NAME}*)*)?`,
  'g',
);
const REF_IN_LIST = new RegExp(REF, 'g');
const GUIDE = /\bGUIDE(?:\.md)?(?:[ \t]+(?:habit[ \t]+(\d+)|§[ \t]*(\d+)))?/g;
const LESSONS = /\bSECURITY-LESSONS(?:\.md)?((?:[ \t]*(?:,|and)?[ \t]*#\d+)*)/g;

const COMMENT_LINE = /^\s*(\*|\/\/|\/\*\*)/;

/**
 * The text around a match, for the rules' context: its line(s), plus the line above when both are
 * comment lines (a comment's subject often sits on the line above) or prose in a Markdown file.
 */
function textAround(path, text, start, end) {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const toIndex = text.indexOf('\n', end);
  // Long lines (Markdown tables) count only near the match.
  const lines = text.slice(Math.max(from, start - 140), Math.min(toIndex === -1 ? text.length : toIndex, end + 100));
  const previousFrom = text.lastIndexOf('\n', from - 2) + 1;
  const previous = from > 0 ? text.slice(previousFrom, from - 1) : '';
  const isProse = path.endsWith('.md') && previous.trim() !== '' && !previous.includes('|');
  const isComment = COMMENT_LINE.test(text.slice(from, start)) && COMMENT_LINE.test(previous) && !previous.includes('*/');
  return (isProse || isComment ? previous + '\n' : '') + lines;
}

function unique(list) {
  return [...new Set(list)];
}

/** Rewrites one file's text; answers the new text and the changes made. */
export function rewrite(path, text) {
  const changes = [];
  let out = text;
  for (const [from, to] of PHRASES) {
    if (out.includes(from)) {
      out = out.split(from).join(to);
      changes.push([from, to]);
    }
  }
  out = out.replace(SPEC, (match, doc, _name, refs, offset, whole) => {
    const context = `${path} :: ${textAround(path, whole, offset, offset + match.length)}`;
    const targets = [];
    if (!refs) {
      targets.push(pick(rulesFor(doc, ''), context));
    } else {
      let current = doc;
      for (const ref of refs.matchAll(REF_IN_LIST)) {
        current = ref[1] ?? current;
        targets.push(pick(rulesFor(current, ref[2]), context));
      }
    }
    const codeSpans = match.match(/`[^`\n]*`/g) ?? [];
    let replacement = [...codeSpans, ...unique(targets)].join(', ');
    // A citation broken over two comment lines moves whole to the second line.
    const newline = match.match(/\n[ \t]*(?:\*|\/\/)?[ \t]*/);
    if (newline) replacement = newline[0] + replacement;
    changes.push([match, replacement]);
    return replacement;
  });
  out = out.replace(/[ \t]+(\n[ \t]*(?:\*|\/\/)?[ \t]*docs\/)/g, '$1');
  out = out.replace(GUIDE, (match, habit, section) => {
    const replacement = habit ? `${E}#habit-${habit}` : section ? (GUIDE_SECTIONS[section] ?? E) : E;
    changes.push([match, replacement]);
    return replacement;
  });
  out = out.replace(LESSONS, (match, numbers) => {
    const ids = [...numbers.matchAll(/#(\d+)/g)].map((m) => m[1]);
    const replacement = ids.length
      ? `${P}security.md#lesson-${ids[0]}` +
        ids
          .slice(1)
          .map((id) => `, #lesson-${id}`)
          .join('')
      : `${P}security.md#lessons`;
    changes.push([match, replacement]);
    return replacement;
  });
  return { text: out, changes };
}

export function* sourceFiles(root = ROOT) {
  function* walk(dir) {
    for (const name of readdirSync(dir)) {
      if (SKIP_DIRS.has(name)) continue;
      const full = join(dir, name);
      const rel = relative(root, full);
      if (SKIP_PREFIXES.some((prefix) => (rel + '/').startsWith(prefix))) continue;
      if (statSync(full).isDirectory()) yield* walk(full);
      else if (EXTENSIONS.some((ext) => name.endsWith(ext))) yield rel;
    }
  }
  for (const dir of ROOTS) yield* walk(join(root, dir));
}

function main() {
  const dryRun = process.argv.includes('--dry-run');
  let files = 0;
  let citations = 0;
  for (const rel of sourceFiles()) {
    const full = join(ROOT, rel);
    const before = readFileSync(full, 'utf8');
    const { text, changes } = rewrite(rel, before);
    if (text === before) continue;
    files += 1;
    citations += changes.length;
    if (dryRun) for (const [from, to] of changes) console.log(`${rel}: ${JSON.stringify(from)} → ${to}`);
    else writeFileSync(full, text);
  }
  console.log(`${dryRun ? 'would rewrite' : 'rewrote'} ${citations} citation(s) in ${files} file(s)`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
