/** Document actions collected from `actions/*.action.tsx`, in menu order. */
import type { DocumentActionEntry } from './document-action.ts';

const modules = import.meta.glob<DocumentActionEntry>('./actions/*.action.tsx', { eager: true, import: 'entry' });

export const documentActions: readonly DocumentActionEntry[] = Object.values(modules).sort((a, b) => a.order - b.order);
