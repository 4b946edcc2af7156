/**
 * The upload panel's file rules (docs/product/workflow-and-timeline.md#attachments, docs/product/workflow-and-timeline.md#limits): files are deduplicated by name
 * (against those already chosen too), items without a name or a size are dropped with the
 * spec's warning, and at most 10 files are taken per drop.
 */
import { MAX_FILES_PER_UPLOAD } from '@docket/shared';

export interface FileLike {
  name: string;
  size: number;
}

export interface Selection<F extends FileLike> {
  files: F[];
  /** Some items had no name or size (a folder, an unreadable entry). */
  hasUnreadable: boolean;
  /** More than 10 files were offered: the rest were left out. */
  isTruncated: boolean;
}

export function addFiles<F extends FileLike>(
  chosen: readonly F[],
  offered: readonly (F | null | undefined)[],
  max = MAX_FILES_PER_UPLOAD,
): Selection<F> {
  const files = [...chosen];
  const names = new Set(chosen.map((file) => file.name));
  let hasUnreadable = false;
  let isTruncated = false;
  let taken = 0;
  for (const item of offered) {
    if (!item || !item.name || !item.size) {
      hasUnreadable = true;
      continue;
    }
    if (names.has(item.name)) continue;
    if (taken >= max || files.length >= max) {
      isTruncated = true;
      continue;
    }
    names.add(item.name);
    files.push(item);
    taken += 1;
  }
  return { files, hasUnreadable, isTruncated };
}

/** The extensions that get thumbnails (docs/product/workflow-and-timeline.md#limits). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}
