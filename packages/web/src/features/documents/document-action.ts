/**
 * The document menu as a registry (docs/product/forms-and-lists.md#document-page: Open, Edit, Delete,
 * Copy Link, PDF Cover toggle, Add child, Add Review; workflow actions join with the workflow
 * module). Each `actions/*.action.tsx` exports an `entry` giving the items it offers for a
 * document; an entry with no items is hidden. Adding an action is adding a file.
 */
import type { ReactElement } from 'react';
import type { TFunction } from 'i18next';
import type { DocumentSchema } from '@docket/shared';
import type { TypeCatalog } from '../../api/document-types.ts';
import type { RecordRow } from '../../api/records-api.ts';
import type { Translate } from '../../forms/schema-i18n.ts';
import type { Viewer } from '../../lists/filter-dialog.tsx';
import type { PdfSource } from '../../components/pdf-preview/pdf-preview-dialog.tsx';
import type { Holder } from './type-access.ts';

export interface DocumentActionContext {
  doc: RecordRow;
  type: DocumentSchema;
  types: TypeCatalog | undefined;
  viewer: Viewer & Holder;
  translate: Translate;
  t: TFunction;
  /** Where the action is offered: the document's own page, or a row of a list. */
  place: 'page' | 'row';
  navigate: (to: string) => void;
  showMessage: (text: string, severity: 'success' | 'error' | 'info' | 'warning') => void;
  askDelete: () => void;
  openReview: () => void;
  togglePdfCover: () => void;
  /** Opens the PDF preview dialog on a file (the document's own PDF). */
  previewPdf: (source: PdfSource) => void;
}

export interface DocumentActionItem {
  key: string;
  label: string;
  icon: ReactElement;
  run: () => void;
  /** A toggle's state (PDF Cover). */
  isChecked?: boolean;
  isDestructive?: boolean;
}

export interface DocumentActionEntry {
  id: string;
  /** Position in the menu (lower first). */
  order: number;
  /** Header buttons sit beside the title; the rest go in the 'More actions' menu. */
  placement: 'header' | 'menu';
  items: (ctx: DocumentActionContext) => DocumentActionItem[];
}

export function accessOf(doc: RecordRow): { editor: boolean; delete: boolean } {
  const access = doc.meta?.access;
  return { editor: access?.editor === true, delete: access?.delete === true };
}

/** Documents with an external ref offer no Edit or Delete (docs/product/access.md#external-documents). */
export function isExternal(doc: RecordRow): boolean {
  return !!doc.meta?.ref;
}
