/**
 * Panels a type shows beside its form while it is edited (a registry keyed by type, not an
 * if/else chain): each `form-panels/*.panel.tsx` exports an `entry` naming its type. The panel
 * sees the form's current data; it never changes it. Adding a panel is adding a file.
 */
import type { ComponentType } from 'react';

export interface FormPanelProps {
  appId: string;
  data: Record<string, unknown>;
}

export interface FormPanelEntry {
  type: string;
  Panel: ComponentType<FormPanelProps>;
}

const modules = import.meta.glob<FormPanelEntry>('./form-panels/*.panel.tsx', { eager: true, import: 'entry' });

export const formPanels: readonly FormPanelEntry[] = Object.values(modules);

export function formPanelsOf(type: string): FormPanelEntry[] {
  return formPanels.filter((entry) => entry.type === type);
}
