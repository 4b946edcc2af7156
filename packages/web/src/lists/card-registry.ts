/** Card modes by number, collected from `cards/*.card.tsx`. */
import type { CardMode, CardModeEntry } from './card-mode.ts';

const modules = import.meta.glob<CardModeEntry>('./cards/*.card.tsx', { eager: true, import: 'entry' });
const byMode = new Map(Object.values(modules).map((entry) => [entry.mode, entry]));

export function cardModeOf(mode: CardMode): CardModeEntry {
  const entry = byMode.get(mode) ?? byMode.get(2);
  if (!entry) throw new Error(`No card mode ${mode}`);
  return entry;
}
