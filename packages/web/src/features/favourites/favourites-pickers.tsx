/**
 * The header's recent and starred pickers (docs/product/forms-and-lists.md#recent-and-starred): the last 10 opened documents under the
 * title Recent, and the starred types and documents.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import HistoryIcon from '@mui/icons-material/History';
import StarIcon from '@mui/icons-material/StarBorder';
import { useTranslation } from 'react-i18next';
import { useDocumentTypes } from '../../api/document-types.ts';
import { useSecondaryReadsAllowed } from '../../app/secondary-reads.ts';
import { useSession } from '../../app/session-context.tsx';
import { schemaTranslator } from '../../forms/schema-i18n.ts';
import { documentHref, listHref } from '../documents/document-links.ts';
import { RECENT_SHOWN, useRecentItems } from './recent-store.ts';

type Picker = 'recent' | 'starred';

export function FavouritesPickers() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  // Not before the screen's first content (app/secondary-reads.ts).
  const types = useDocumentTypes(session.appId, session.isAdministrator, useSecondaryReadsAllowed());
  const recentAll = useRecentItems(session.appId);
  const recent = recentAll.slice(0, RECENT_SHOWN);
  const starred = session.user.preferences.starred ?? [];
  const [open, setOpen] = useState<{ picker: Picker; anchor: HTMLElement } | null>(null);
  const lang = i18n.resolvedLanguage ?? 'en';
  const typeTitle = (name: string) => {
    const type = types.data?.byName.get(name);
    return schemaTranslator(type, lang)(type?.view?.title ?? type?.form?.title ?? name);
  };
  const go = (to: string) => {
    setOpen(null);
    void navigate(to);
  };
  const button = (picker: Picker, label: string, icon: React.ReactNode) => (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        aria-label={label}
        aria-haspopup="menu"
        onClick={(event) => setOpen({ picker, anchor: event.currentTarget })}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <>
      {button('recent', t('favourites.recent'), <HistoryIcon />)}
      {button('starred', t('favourites.starred'), <StarIcon />)}
      <Menu
        anchorEl={open?.anchor}
        open={open !== null}
        onClose={() => setOpen(null)}
        slotProps={{ paper: { sx: { minWidth: 280, maxWidth: 420 } } }}
      >
        <ListSubheader>{open?.picker === 'starred' ? t('favourites.starred') : t('favourites.recent')}</ListSubheader>
        {open?.picker === 'recent' && recent.length === 0 && <MenuItem disabled>{t('favourites.noRecent')}</MenuItem>}
        {open?.picker === 'recent' &&
          recent.map((item) => (
            <MenuItem key={`${item.type}-${item.id}`} onClick={() => go(documentHref(item.type, item.id))}>
              <ListItemText
                primary={item.title}
                secondary={[item.displayId, typeTitle(item.type)].filter(Boolean).join(' · ')}
                slotProps={{ primary: { noWrap: true } }}
              />
            </MenuItem>
          ))}
        {open?.picker === 'starred' && starred.length === 0 && <MenuItem disabled>{t('favourites.noStarred')}</MenuItem>}
        {open?.picker === 'starred' &&
          starred.map((item) => (
            <MenuItem
              key={`${item.type}-${item.id ?? ''}`}
              onClick={() => go(item.id ? documentHref(item.type, item.id) : listHref(item.type))}
            >
              <ListItemText
                // A starred document is named by its title when it was opened on this browser.
                primary={
                  item.id
                    ? (recentAll.find((entry) => entry.type === item.type && String(entry.id) === String(item.id))?.title ??
                      `${typeTitle(item.type)} #${item.id}`)
                    : typeTitle(item.type)
                }
                secondary={item.id ? typeTitle(item.type) : undefined}
              />
            </MenuItem>
          ))}
      </Menu>
    </>
  );
}
