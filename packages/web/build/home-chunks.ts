/**
 * Rollup's `manualChunks` for the screen sign-in leads to (docs/product/reporting.md#dashboard):
 * left to itself, Rollup splits the private layout and the dashboard into some fifty small chunks
 * (one per set of routes sharing a module), which a browser fetches six at a time over HTTP/1.1 —
 * the sign-in's token call queued behind them. Here every module the private layout loads
 * (statically) that the sign-in route does not goes into one `private-layout` chunk, and every
 * module the dashboard route loads besides those into one `dashboard` chunk: two files instead of
 * fifty, the same bytes. Other lazy routes that share a module with these import that chunk,
 * which the private area has loaded already (or, for the dashboard's, loads once).
 * The entry's own modules (the sign-in route) are never named, and the build sets Rollup's
 * `onlyExplicitManualChunks` so a named module's other dependencies are not pulled in after it
 * (Rollup's default would move React and MUI into `private-layout`): the sign-in route's chunk
 * stays as it was.
 */
import type { Rollup } from 'vite';

const HOME_CHUNKS: readonly { name: string; route: RegExp }[] = [
  { name: 'private-layout', route: /[\\/]src[\\/]app[\\/]private-layout\.tsx$/ },
  { name: 'dashboard', route: /[\\/]src[\\/]features[\\/]dashboard[\\/]dashboard-route\.tsx$/ },
];

type ModuleInfoOf = Rollup.ManualChunkMeta['getModuleInfo'];

/** The modules `roots` load through static imports, not entering `excluded`. */
function staticClosure(roots: readonly string[], getModuleInfo: ModuleInfoOf, excluded: ReadonlySet<string>): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (seen.has(id) || excluded.has(id)) continue;
    seen.add(id);
    pending.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** Module id → its chunk's name, for the home chunks' modules. */
function assignHomeChunks(moduleIds: readonly string[], getModuleInfo: ModuleInfoOf): Map<string, string> {
  const entries = moduleIds.filter((id) => getModuleInfo(id)?.isEntry);
  const taken = staticClosure(entries, getModuleInfo, new Set());
  const assignment = new Map<string, string>();
  for (const { name, route } of HOME_CHUNKS) {
    const roots = moduleIds.filter((id) => route.test(id));
    if (roots.length === 0) throw new Error(`home chunks: no module matches ${String(route)}`);
    for (const id of staticClosure(roots, getModuleInfo, taken)) {
      assignment.set(id, name);
      taken.add(id);
    }
  }
  return assignment;
}

export function homeChunks(): Rollup.GetManualChunk {
  let assignment: Map<string, string> | undefined;
  return (id, meta) => {
    assignment ??= assignHomeChunks([...meta.getModuleIds()], meta.getModuleInfo);
    return assignment.get(id);
  };
}
