/**
 * The log's account of a settings save (docs/product/administration.md#logs): each changed
 * setting, before and after. A secret is only said to have changed, never shown.
 */
export function settingsChanges(
  section: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  secrets: readonly string[],
): string {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const lines = keys.flatMap((key) => {
    const was = JSON.stringify(before[key] ?? null);
    const now = JSON.stringify(after[key] ?? null);
    if (was === now) return [];
    if (secrets.some((secret) => key.startsWith(secret))) return [`${section}.${key}: changed`];
    return [`${section}.${key}: ${was} → ${now}`];
  });
  return lines.length > 0 ? lines.join('\n') : `${section}: no change`;
}
