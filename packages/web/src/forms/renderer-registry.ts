/**
 * The form renderer registry: JSON Forms' material renderers as the base, then every
 * `renderers/**\/*.renderer.tsx` file's `entry` (found at build time by Vite, so a new renderer
 * needs no edit here). The highest-ranked tester for an element wins.
 */
import { materialCells, materialRenderers } from '@jsonforms/material-renderers';
import type { JsonFormsCellRendererRegistryEntry } from '@jsonforms/core';
import type { FormRendererEntry } from './renderer-entry.ts';

const ours = import.meta.glob<FormRendererEntry>('./renderers/**/*.renderer.tsx', { eager: true, import: 'entry' });

export const formRenderers: FormRendererEntry[] = [...materialRenderers, ...Object.values(ours)];
export const formCells: JsonFormsCellRendererRegistryEntry[] = materialCells;
