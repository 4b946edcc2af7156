import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RichText } from '../../components/rich-text.tsx';
import { CARD_SUMMARY_MAX, formatDateTime, truncate } from './format.ts';
import type { Post } from './post-api.ts';

/** A post in the list's card mode: title, date, author, description (clamped), tags. */
export function PostCard({ post }: { post: Post }) {
  const { t, i18n } = useTranslation();
  const to = `/docs/post/${post.id}`;
  const titleId = `post-title-${post.id}`;
  return (
    <Card component="article" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="post-card">
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h2" gutterBottom id={titleId}>
          <Link component={RouterLink} to={to} color="inherit" underline="hover">
            {truncate(post.summary, CARD_SUMMARY_MAX)}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {t('news.byline', {
            date: formatDateTime(post.meta.created_date, i18n.language),
            name: post.meta.created_by.display_name,
          })}
        </Typography>
        <RichText
          text={post.descrip ?? ''}
          sx={{ mt: 1.5, maxHeight: '9.5em', overflow: 'hidden', maskImage: 'linear-gradient(180deg, #000 70%, transparent)' }}
        />
        {post.tags && post.tags.length > 0 && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }} aria-label={t('news.tags')}>
            {post.tags.map((tag) => (
              <Chip key={tag} label={tag} size="small" />
            ))}
          </Stack>
        )}
      </CardContent>
      <CardActions>
        {/* Described by the title, so "Open" and "Edit" say which post they act on. */}
        <Button component={RouterLink} to={to} size="small" aria-describedby={titleId}>
          {t('news.open')}
        </Button>
        {post.meta.access.editor && (
          <Button component={RouterLink} to={`${to}?edit`} size="small" aria-describedby={titleId}>
            {t('news.edit')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
