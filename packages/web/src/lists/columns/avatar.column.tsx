/**
 * People as 40 px avatars with their initials (names from `data_normalised`); a protected column
 * shows '?' to non-editors (docs/product/access.md#protected-fields, docs/product/forms-and-lists.md#limits).
 */
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import { cellLabels, isProtectedFor } from '../support/cell-value.ts';
import type { CellProps, ColumnTypeEntry } from '../column-type.ts';

export const AVATAR_COLUMN_WIDTH_PX = 40;
const AVATAR_SIZE_PX = 28;

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

function AvatarCell({ row, column, ctx }: CellProps) {
  const { t } = ctx;
  // Primary keeps white initials readable (MUI's default grey does not reach 4.5:1).
  const sx = { width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX, fontSize: 12, bgcolor: 'primary.main', color: 'primary.contrastText' };
  if (isProtectedFor(row, column, ctx.isAdministrator)) {
    return (
      <Avatar sx={sx} title={t('columns.protected')} aria-label={t('columns.protected')}>
        ?
      </Avatar>
    );
  }
  const names = cellLabels(row, column, ctx.type, ctx.translate);
  if (names.length === 0) return null;
  return (
    <AvatarGroup max={3} sx={{ justifyContent: 'flex-end', '& .MuiAvatar-root': sx }} title={names.join(', ')}>
      {names.map((name, index) => (
        <Avatar key={`${name}-${index}`} sx={sx} aria-label={name}>
          {initials(name)}
        </Avatar>
      ))}
    </AvatarGroup>
  );
}

export const entry: ColumnTypeEntry = { type: 'avatar', width: () => AVATAR_COLUMN_WIDTH_PX, align: 'center', Cell: AvatarCell };
