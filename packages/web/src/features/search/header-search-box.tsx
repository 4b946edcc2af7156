/**
 * The header's search box: Enter opens the search screen with the words (docs/product/forms-and-lists.md#search /search?query=).
 * '/' puts the cursor in it; where the box is hidden (phone widths) '/' opens the search screen
 * instead, and on that screen puts the cursor in its field (search-field-shortcut.tsx)
 * (docs/product/forms-and-lists.md#keyboard-shortcuts).
 */
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import InputBase from '@mui/material/InputBase';
import useMediaQuery from '@mui/material/useMediaQuery';
import SearchIcon from '@mui/icons-material/Search';
import { alpha, type Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useShortcut } from '../../shortcuts/use-shortcut.ts';

/** Whether the header shows its search box: from the `md` width up, as the box's `display` below. */
export function useIsHeaderSearchBoxShown(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
}

export function HeaderSearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const isShown = useIsHeaderSearchBoxShown();
  useShortcut('focusSearch', () => {
    if (isShown && input.current) {
      input.current.focus();
      input.current.select(); // typing replaces the last search
    } else void navigate('/search');
  });
  return (
    <Box
      component="form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) void navigate(`/search?query=${encodeURIComponent(text.trim())}`);
      }}
      sx={{
        display: { xs: 'none', md: 'flex' },
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        borderRadius: 1,
        bgcolor: (theme) => alpha(theme.palette.common.white, 0.15),
        '&:focus-within': { bgcolor: (theme) => alpha(theme.palette.common.white, 0.25) },
      }}
    >
      <SearchIcon fontSize="small" aria-hidden />
      <InputBase
        inputRef={input}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('search.placeholder')}
        inputProps={{ 'aria-label': t('search.placeholder'), type: 'search' }}
        sx={{ color: 'inherit', width: 220, '& input::placeholder': { opacity: 0.8 } }}
      />
    </Box>
  );
}
