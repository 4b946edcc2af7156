/**
 * Row selection (docs/product/forms-and-lists.md#list-view): a row is selectable with edit rights (every
 * row for administrators), or by anyone when a column allows read-select; select-all takes only
 * those. Deleting the selection needs delete access on each row.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteRecord } from '../api/records-api.ts';
import type { RecordApi } from '../api/record-api.ts';
import { describeError } from '../api/describe-error.ts';
import type { RowSelection } from './column-type.ts';
import type { Row } from './support/cell-value.ts';

type Access = { editor?: boolean; delete?: boolean };
const accessOf = (row: Row): Access => (row.meta as { access?: Access } | undefined)?.access ?? {};

export function useRowSelection(rows: Row[], api: RecordApi, isAdministrator: boolean, allowReadSelect: boolean) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<Map<string, Row>>(new Map());
  const remove = useDeleteRecord(api);
  const keyOf = (row: Row) => String(api.idOf(row));
  const canSelect = (row: Row) => allowReadSelect || isAdministrator || accessOf(row).editor === true;
  const selectable = rows.filter(canSelect);
  const list = [...selected.values()];
  const deletable = list.filter((row) => isAdministrator || (accessOf(row).editor === true && accessOf(row).delete === true));
  const toggle = (row: Row) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(keyOf(row))) next.delete(keyOf(row));
      else next.set(keyOf(row), row);
      return next;
    });
  const context: RowSelection = { isSelected: (row) => selected.has(keyOf(row)), canSelect, toggle };
  return {
    context,
    selected: list,
    selectable,
    deletable,
    clear: () => setSelected(new Map()),
    selectAll: (isOn: boolean) => setSelected(isOn ? new Map(selectable.map((row) => [keyOf(row), row])) : new Map()),
    deleteSelected: async (onMessage: (text: string, severity: 'success' | 'error') => void) => {
      let deleted = 0;
      for (const row of deletable) {
        try {
          await remove.mutateAsync(api.idOf(row));
          deleted += 1;
        } catch (error) {
          onMessage(describeError(error, t, t('documents.deleteError')), 'error');
        }
      }
      setSelected(new Map());
      if (deleted > 0) onMessage(t('lists.deletedCount', { count: deleted }), 'success');
    },
  };
}
