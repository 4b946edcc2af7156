/**
 * "Browse…" for reference fields: opens the referenced type's list in a picker dialog and
 * resolves with the chosen documents as `{value, label}` (their ids and summaries).
 */
import { useCallback, useRef, useState } from 'react';
import type { DocumentSchema } from '@docket/shared';
import { useDocumentTypes } from '../../api/document-types.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import type { Viewer } from '../../lists/filter-dialog.tsx';
import { ListPickerDialog } from '../../lists/list-picker-dialog.tsx';
import { titleOf } from '../../lists/cards/card-parts.tsx';
import type { Row } from '../../lists/support/cell-value.ts';

type Picked = { value: number; label: string }[] | null;

export function useDocumentPicker(viewer: Viewer) {
  const catalog = useDocumentTypes(viewer.appId, viewer.isAdministrator);
  const showMessage = useMessageBar();
  const [open, setOpen] = useState<{ type: DocumentSchema; isMultiple: boolean } | null>(null);
  const resolver = useRef<((picked: Picked) => void) | null>(null);
  const finish = (picked: Picked) => {
    resolver.current?.(picked);
    resolver.current = null;
    setOpen(null);
  };
  const pickDocuments = useCallback(
    (docType: string, isMultiple: boolean) =>
      new Promise<Picked>((resolve) => {
        const type = catalog.data?.byName.get(docType);
        if (!type) return resolve(null);
        resolver.current = resolve;
        setOpen({ type, isMultiple });
      }),
    [catalog.data],
  );
  const dialog = (
    <ListPickerDialog
      type={open?.type ?? null}
      viewer={viewer}
      isMultiple={open?.isMultiple ?? false}
      onPick={(rows: Row[]) => finish(rows.map((row) => ({ value: Number(row.id), label: titleOf(row) })))}
      onClose={() => finish(null)}
      onMessage={showMessage}
    />
  );
  return { pickDocuments, dialog };
}
