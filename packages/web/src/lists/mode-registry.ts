/** List display modes by name, collected from `modes/*.mode.tsx`. */
import type { ViewMode } from '@docket/shared';
import type { ListModeEntry } from './list-mode.ts';

const modules = import.meta.glob<ListModeEntry>('./modes/*.mode.tsx', { eager: true, import: 'entry' });
const byMode = new Map(Object.values(modules).map((entry) => [entry.mode, entry]));

export function listModeOf(mode: ViewMode): ListModeEntry | undefined {
  return byMode.get(mode);
}

/** The type's allowed modes that exist here; the first one is the fallback (docs/product/forms-and-lists.md#display-modes). */
export function allowedModes(modes: readonly ViewMode[] | undefined, canGroup: boolean): ViewMode[] {
  const wanted = modes && modes.length > 0 ? modes : (['table'] as ViewMode[]);
  const known = wanted.filter((mode) => byMode.has(mode) && (mode !== 'group' || canGroup));
  return known.length > 0 ? known : ['table'];
}
