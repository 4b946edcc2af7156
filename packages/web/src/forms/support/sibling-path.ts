/** The data path of a sibling field: `rows.2.cost` and `currency_id` give `rows.2.currency_id`. Pure. */
export function siblingPath(path: string, field: string): string {
  const parts = path.split('.');
  parts[parts.length - 1] = field;
  return parts.join('.');
}
