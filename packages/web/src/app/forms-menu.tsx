/**
 * The drawer's Forms entry (docs/product/forms-and-lists.md#layouts): every document type with a list, grouped by category,
 * each opening its list. Types with requiredRoles appear only for users holding one; the
 * administration's own types (schemas, reference data, keyword lists) live in the admin area.
 */
import { useState } from 'react';
import { NavLink } from 'react-router';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { useDocumentTypes } from '../api/document-types.ts';
import { isTypeInMenu } from '../features/documents/type-access.ts';
import { listHref } from '../features/documents/document-links.ts';
import { useSecondaryReadsAllowed } from './secondary-reads.ts';
import { useSession } from './session-context.tsx';
import { formsByCategory } from './forms-menu-groups.ts';

interface FormsMenuProps {
  label: string;
  icon: React.ReactElement;
  isExpanded: boolean;
  onSelect: () => void;
  itemSx: object;
  iconSx: object;
}

export function FormsMenu({ label, icon, isExpanded, onSelect, itemSx, iconSx }: FormsMenuProps) {
  const { i18n } = useTranslation();
  const session = useSession();
  // Not before the screen's first content (secondary-reads.ts).
  const types = useDocumentTypes(session.appId, session.isAdministrator, useSecondaryReadsAllowed());
  const [isOpen, setIsOpen] = useState(true);
  const holder = { roles: session.user.roles, isAdministrator: session.isAdministrator };
  const lang = i18n.resolvedLanguage ?? 'en';
  const groups = formsByCategory(types.data?.types ?? [], (type) => isTypeInMenu(type, holder), lang);
  return (
    <li>
      <ListItemButton onClick={() => setIsOpen(!isOpen)} aria-expanded={isOpen} sx={itemSx}>
        <ListItemIcon sx={iconSx}>{icon}</ListItemIcon>
        <ListItemText primary={label} sx={{ opacity: isExpanded ? 1 : 0 }} />
        {isExpanded && (isOpen ? <ExpandLess /> : <ExpandMore />)}
      </ListItemButton>
      <Collapse in={isOpen && isExpanded} unmountOnExit>
        {groups.map(({ category, heading, entries }) => (
          <List
            key={category}
            dense
            disablePadding
            aria-label={heading}
            subheader={
              <ListSubheader sx={{ bgcolor: 'transparent', color: 'inherit', opacity: 0.7, lineHeight: '32px', pl: 4 }}>
                {heading}
              </ListSubheader>
            }
          >
            {entries.map(({ type, title }) => (
              <li key={type.type}>
                <ListItemButton component={NavLink} to={listHref(type.type)} onClick={onSelect} sx={{ ...itemSx, pl: 4, minHeight: 36 }}>
                  <ListItemText primary={title} />
                </ListItemButton>
              </li>
            ))}
          </List>
        ))}
      </Collapse>
    </li>
  );
}
