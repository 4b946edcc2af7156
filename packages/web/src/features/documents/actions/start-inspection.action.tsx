/**
 * Start inspection on a checklist's page and rows (docs/product/documents-and-schemas.md#inspections):
 * for an enabled checklist, when the user may create inspections somewhere.
 */
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { startInspectionHref, TEMPLATE_TYPE } from '../../inspections/start-inspection.tsx';
import type { DocumentActionEntry } from '../document-action.ts';
import { canCreate } from '../type-access.ts';

export const entry: DocumentActionEntry = {
  id: 'start-inspection',
  order: 5,
  placement: 'header',
  items: (ctx) => {
    if (ctx.type.type !== TEMPLATE_TYPE || ctx.doc.enabled === false) return [];
    const inspection = ctx.types?.byName.get('inspection');
    if (!inspection || !canCreate(inspection, ctx.types)) return [];
    return [
      {
        key: 'start-inspection',
        label: ctx.t('inspections.start'),
        icon: <PlayArrowIcon />,
        run: () => ctx.navigate(startInspectionHref(String(ctx.doc.id))),
      },
    ];
  },
};
