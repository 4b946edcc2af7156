/** Drag-and-drop and picker intake for the upload panel, applying the spec's file rules. */
import { useState } from 'react';
import type { DragEvent } from 'react';
import { addFiles } from './file-selection.ts';

export type UploadPanelState = 'idle' | 'chosen' | 'uploading';

export interface FileDrop {
  files: File[];
  isDragging: boolean;
  offer: (items: readonly (File | null)[]) => void;
  remove: (name: string) => void;
  clear: () => void;
  dropHandlers: {
    onDragEnter: (event: DragEvent) => void;
    onDragOver: (event: DragEvent) => void;
    onDragLeave: (event: DragEvent) => void;
    onDrop: (event: DragEvent) => void;
  };
}

/** Files of a drop: an entry that cannot be read as a file (a folder, a link) is kept as null. */
function droppedFiles(transfer: DataTransfer): (File | null)[] {
  if (transfer.items && transfer.items.length > 0) {
    return Array.from(transfer.items).map((item) => (item.kind === 'file' ? item.getAsFile() : null));
  }
  return Array.from(transfer.files);
}

export function useFileDrop(options: { isDisabled: boolean; onIgnored: () => void; onTruncated: () => void }): FileDrop {
  const [files, setFiles] = useState<File[]>([]);
  const [isDragging, setIsDragging] = useState(false);
  const { isDisabled, onIgnored, onTruncated } = options;

  const offer = (items: readonly (File | null)[]) => {
    if (isDisabled) return;
    const result = addFiles(files, items);
    setFiles(result.files);
    if (result.hasUnreadable) onIgnored();
    else if (result.isTruncated) onTruncated();
  };
  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

  return {
    files,
    isDragging,
    offer,
    remove: (name) => setFiles((current) => current.filter((file) => file.name !== name)),
    clear: () => setFiles([]),
    dropHandlers: {
      onDragEnter: (event) => {
        if (!hasFiles(event) || isDisabled) return;
        event.preventDefault();
        setIsDragging(true);
      },
      onDragOver: (event) => {
        if (!hasFiles(event) || isDisabled) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      },
      onDragLeave: (event) => {
        // Leaving for a child element is not leaving the panel.
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        setIsDragging(false);
      },
      onDrop: (event) => {
        event.preventDefault();
        setIsDragging(false);
        offer(droppedFiles(event.dataTransfer));
      },
    },
  };
}
