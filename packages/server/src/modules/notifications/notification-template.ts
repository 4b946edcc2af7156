/**
 * Logic-less message templates (docs/product/security.md#lesson-5): `{{field}}` and `{{a.b}}` are replaced by
 * the document's values, HTML-escaped; nothing else in a template means anything. No eval, no
 * `new Function`, no expressions — a template cannot run code or reach anything but the values.
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*){0,7})\s*\}\}/g;
const BLOCKED = new Set(['__proto__', 'constructor', 'prototype']);

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function lookup(values: Readonly<Record<string, unknown>>, path: string): unknown {
  let current: unknown = values;
  for (const segment of path.split('.')) {
    if (BLOCKED.has(segment) || typeof current !== 'object' || current === null || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

function display(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(display).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function renderTemplate(template: string, values: Readonly<Record<string, unknown>>): string {
  return template.replace(PLACEHOLDER, (_match, path: string) => escapeHtml(display(lookup(values, path))));
}
