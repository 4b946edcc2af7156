/**
 * One column type of the list registry (docs/product/forms-and-lists.md#columns: id, card, selector,
 * priority, status, image, avatar, color, boolean, exists, timestamp, actions, enum, group,
 * groupLink, plus text, number and date). Each `columns/*.column.tsx` file exports one `entry`;
 * adding a column type is adding a file.
 */
import type { ComponentType, ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { DocumentSchema, TableColumn } from '@docket/shared';
import type { Row } from './support/cell-value.ts';

export interface RowSelection {
  isSelected: (row: Row) => boolean;
  canSelect: (row: Row) => boolean;
  toggle: (row: Row) => void;
}

export interface CellContext {
  lang: string;
  /** The app's translator, passed down so hundreds of cells need no i18n subscription each. */
  t: TFunction;
  appId: string;
  translate: (text: string) => string;
  type: DocumentSchema | undefined;
  isAdministrator: boolean;
  /** Where a row opens (its document page), when it has one. */
  hrefOf: (row: Row) => string | undefined;
  selection?: RowSelection;
  /** The row's menu (the actions column). */
  renderActions?: (row: Row) => ReactNode;
}

export interface CellProps {
  row: Row;
  column: TableColumn;
  ctx: CellContext;
}

export interface ColumnTypeEntry {
  type: string;
  /** Fixed width in px (status 260 with a workflow, avatar 40: docs/product/forms-and-lists.md#columns). */
  width?: (column: TableColumn, type: DocumentSchema | undefined) => number | undefined;
  align?: 'left' | 'right' | 'center';
  Cell: ComponentType<CellProps>;
}
