/** Labels the server answered for a field (`data_normalised` keeps names in value order). */
export function normalisedLabels(values: unknown, names: unknown): Map<string, string> {
  const map = new Map<string, string>();
  const keys = Array.isArray(values) ? values : [values];
  const labels = Array.isArray(names) ? names : [names];
  keys.forEach((key, index) => {
    if (typeof labels[index] === 'string') map.set(String(key), labels[index] as string);
  });
  return map;
}
