/** Card mode 3: a horizontal card with the document's image (its first picture) on the left. */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import { thumbnailOf } from '../columns/image.column.tsx';
import { cardDetails } from '../support/card-content.ts';
import type { CardModeEntry, DocumentCardProps } from '../card-mode.ts';
import { Byline, CardFacts, CardTitle, titleOf } from './card-parts.tsx';

function HorizontalCard({ row, type, href, lang, translate, actions }: DocumentCardProps) {
  const titleId = `card-h-title-${String(row.id ?? '')}`;
  const src = thumbnailOf(row, undefined);
  return (
    <Card component="article" aria-labelledby={titleId} sx={{ display: 'flex', height: '100%' }} data-testid="document-card">
      <Box sx={{ width: 140, flexShrink: 0, bgcolor: 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {src ? (
          <Box component="img" src={src} alt={titleOf(row)} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <ImageIcon color="disabled" fontSize="large" />
        )}
      </Box>
      <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
        <CardContent>
          <Stack spacing={1}>
            <CardTitle row={row} href={href} id={titleId} variant="subtitle1" />
            <Byline row={row} lang={lang} />
            <CardFacts details={cardDetails(row, type, translate)} />
          </Stack>
        </CardContent>
        {actions && <CardActions sx={{ mt: 'auto' }}>{actions}</CardActions>}
      </Stack>
    </Card>
  );
}

export const entry: CardModeEntry = { mode: 3, Component: HorizontalCard };
