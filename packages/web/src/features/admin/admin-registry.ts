/** Administration sections collected from `admin-types/*.type.ts`, in menu order. */
import type { AdminSection } from './admin-section.ts';

const modules = import.meta.glob<AdminSection>('./admin-types/*.type.ts', { eager: true, import: 'section' });

export const adminSections: readonly AdminSection[] = Object.values(modules).sort((a, b) => a.order - b.order);

export function adminSectionOf(id: string): AdminSection | undefined {
  return adminSections.find((section) => section.id === id);
}
