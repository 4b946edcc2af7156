/**
 * One display mode of the list (docs/product/forms-and-lists.md#display-modes: table, card, group). Each
 * `modes/*.mode.tsx` exports one `entry`; the view offers the modes the type allows, in its order.
 */
import type { ComponentType, ReactElement, ReactNode } from 'react';
import type { DocumentSchema, TableColumn, ViewMode } from '@docket/shared';
import type { RecordApi } from '../api/record-api.ts';
import type { CellContext } from './column-type.ts';
import type { Density } from './list-preferences.ts';
import type { Row } from './support/cell-value.ts';

export interface GroupSource {
  api: RecordApi;
  groupBy: string;
  filter: string | undefined;
  useDefaultFilter: boolean;
  /** A cell of the cross-tab was chosen: show its documents (a filter and its chip label). */
  onChoose: (filter: string, label: string) => void;
}

export interface ListModeProps {
  rows: Row[];
  columns: TableColumn[];
  type: DocumentSchema | undefined;
  cell: CellContext;
  density: Density;
  order: string | undefined;
  onSort: (field: string) => void;
  onOpen: (row: Row) => void;
  /** Buttons at the foot of a card (Open, Edit). */
  cardActions: (row: Row) => ReactNode;
  group: GroupSource;
  /** Rows whose selection the header's select-all covers (editable ones). */
  selectable: Row[];
  onSelectAll: (isSelected: boolean) => void;
  selectedCount: number;
  /** What an empty list says (it names a filter in force that may hide documents). */
  emptyText?: string;
}

export interface ListModeEntry {
  mode: ViewMode;
  labelKey: 'lists.modeTable' | 'lists.modeCard' | 'lists.modeGroup';
  icon: ReactElement;
  Component: ComponentType<ListModeProps>;
}
