#!/usr/bin/env node
/**
 * Fails when a source comment, test or document cites something outside the repository (the
 * specification documents, the engineering guide, the security lessons), or cites one of our own
 * pages at an anchor that does not exist. Part of `npm test` (after lint and the format check).
 *
 * Searched: *.ts, *.tsx and *.md under packages/, e2e/, bench/ and docs/ (docs/product/ too, for
 * its links between pages). `scripts/cite-product-docs.mjs` rewrites old citations into our pages.
 */
import { URL } from 'node:url';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { sourceFiles } from './cite-product-docs.mjs';

const ROOT = new URL('..', import.meta.url).pathname;

/** What an outside citation looks like. */
const OUTSIDE = [
  [/\bspec\s+00[0-2]\b/i, 'cites a specification document'],
  [/\b00[0-2]\s+§\s*\d/, 'cites a specification section'],
  [/\bGUIDE\b/, 'cites the engineering guide'],
  [/SECURITY-LESSONS/, 'cites the security lessons'],
  [/(^|[^\w.])§\s*\d/, 'cites a section sign without a page'],
];
/** Section signs of standards are fine: "RFC 6749 §4.1.2". */
const STANDARD_SECTION = /\bRFC\s*\d+\s*§/;

const ourLink = /\b(docs\/(?:product\/)?[\w-]+\.md)(?:#([\w-]+))?/g;
const markdownLink = /\]\(([^)\s]+\.md)(?:#([\w-]+))?\)/g;

const anchorCache = new Map();
function anchorsOf(file) {
  if (!anchorCache.has(file)) {
    const text = existsSync(join(ROOT, file)) ? readFileSync(join(ROOT, file), 'utf8') : null;
    anchorCache.set(file, text === null ? null : new Set([...text.matchAll(/<a id="([\w-]+)"><\/a>/g)].map((m) => m[1])));
  }
  return anchorCache.get(file);
}

function checkTarget(problems, where, file, anchor) {
  const anchors = anchorsOf(file);
  if (anchors === null) problems.push(`${where}: ${file} does not exist`);
  else if (anchor && !anchors.has(anchor)) problems.push(`${where}: ${file} has no anchor #${anchor}`);
}

const problems = [];
for (const rel of [...sourceFiles(), ...productPages()]) {
  const lines = readFileSync(join(ROOT, rel), 'utf8').split('\n');
  lines.forEach((line, index) => {
    const where = `${rel}:${index + 1}`;
    for (const [pattern, what] of OUTSIDE) {
      if (pattern.test(line) && !(what.includes('section sign') && STANDARD_SECTION.test(line))) {
        problems.push(`${where}: ${what}: ${line.trim().slice(0, 120)}`);
      }
    }
    for (const [, file, anchor] of line.matchAll(ourLink)) checkTarget(problems, where, file, anchor);
    if (rel.endsWith('.md')) {
      for (const [, target, anchor] of line.matchAll(markdownLink)) {
        if (/^[a-z]+:/.test(target)) continue;
        checkTarget(problems, where, normalize(join(dirname(rel), target)), anchor);
      }
    }
  });
}

function productPages() {
  return ['README.md', 'access.md', 'administration.md', 'documents-and-schemas.md', 'forms-and-lists.md']
    .concat(['identities-and-sign-in.md', 'mail.md', 'reporting.md', 'security.md', 'workflow-and-timeline.md'])
    .map((page) => relative(ROOT, join(ROOT, 'docs/product', page)));
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(
    `\n${problems.length} citation problem(s). Cite our own pages (docs/product/<page>.md#<anchor>, ` +
      'docs/engineering.md#<anchor>); `node scripts/cite-product-docs.mjs` rewrites old specification citations.',
  );
  process.exit(1);
}
console.log('citations: every comment cites pages of this repository, at anchors that exist');
