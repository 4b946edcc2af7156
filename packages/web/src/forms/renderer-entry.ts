/**
 * One row of the renderer registry (docs/engineering.md#habit-5): a JSON Forms tester and the renderer it
 * picks. Each file under renderers/ named `*.renderer.tsx` exports one as `entry`; the registry
 * collects them all, so adding a renderer is adding a file. Ranks: JSON Forms' material
 * renderers (the base set) rank at most 5; ours start at 10 so they win, and more specific ones
 * (lookups, risk matrix, survey) rank higher still.
 */
import type { JsonFormsRendererRegistryEntry } from '@jsonforms/core';

export type FormRendererEntry = JsonFormsRendererRegistryEntry;

export const RANK = {
  base: 10,
  choice: 12,
  specialised: 15,
  lookup: 20,
  named: 30,
} as const;
