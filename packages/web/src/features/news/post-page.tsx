import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import { describeError } from '../../api/describe-error.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { usePageTitle } from '../../app/page-title.ts';
import { useSession } from '../../app/session-context.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { RichText } from '../../components/rich-text.tsx';
import { formatDateTime } from './format.ts';
import { useDeletePost, usePost } from './post-api.ts';
import { PostFetchError } from './post-fetch-error.tsx';

/** The full document page of a post (card mode 1): header actions Edit and Delete per meta.access. */
export function PostPage({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const { appId } = useSession();
  const navigate = useNavigate();
  const showMessage = useMessageBar();
  const post = usePost(appId, id);
  const remove = useDeletePost(appId);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const section = { label: t('news.title'), to: '/docs/post' };
  usePageTitle(post.data?.summary ?? t('news.title'), section);

  if (post.isPending) return <LoadingScreen label={t('common.loading')} />;
  if (post.isError) return <PostFetchError error={post.error} />;

  const { meta } = post.data;
  const askDelete = () => {
    if (!meta.access.delete) showMessage(t('news.deleteNoAccess'), 'warning');
    else setIsConfirmOpen(true);
  };
  const confirmDelete = () =>
    remove.mutate(id, {
      onSuccess: () => {
        setIsConfirmOpen(false);
        showMessage(t('news.deleted'), 'success');
        void navigate('/docs/post', { replace: true });
      },
      onError: (error) => {
        setIsConfirmOpen(false);
        showMessage(describeError(error, t, t('news.deleteError')), 'error');
      },
    });

  return (
    <Stack spacing={2}>
      <PageHeader
        title={post.data.summary}
        displayId={post.data.display_id}
        backTo="/docs/post"
        actions={
          <>
            {meta.access.editor && (
              <Button component={RouterLink} to={`/docs/post/${id}?edit`} startIcon={<EditIcon />}>
                {t('news.edit')}
              </Button>
            )}
            {(meta.access.editor || meta.access.delete) && (
              <Button color="error" onClick={askDelete} startIcon={<DeleteIcon />}>
                {t('news.delete')}
              </Button>
            )}
          </>
        }
      />
      <Paper component="article" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {t('news.byline', {
            date: formatDateTime(meta.created_date, i18n.language),
            name: meta.created_by.display_name,
          })}
        </Typography>
        <RichText text={post.data.descrip ?? ''} sx={{ mt: 2 }} />
        {post.data.tags && post.data.tags.length > 0 && (
          <Stack direction="row" spacing={1} sx={{ mt: 3, flexWrap: 'wrap', rowGap: 1 }} aria-label={t('news.tags')}>
            {post.data.tags.map((tag) => (
              <Chip key={tag} label={tag} size="small" />
            ))}
          </Stack>
        )}
      </Paper>
      <ConfirmDialog
        isOpen={isConfirmOpen}
        title={t('news.deleteTitle')}
        confirmLabel={t('news.delete')}
        isDestructive
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setIsConfirmOpen(false)}
      >
        <Typography gutterBottom>{t('news.deleteConfirm')}</Typography>
        <Alert severity="warning">{t('news.deleteNote')}</Alert>
      </ConfirmDialog>
    </Stack>
  );
}
