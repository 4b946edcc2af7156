import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import SaveIcon from '@mui/icons-material/Save';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import { describeError } from '../../api/describe-error.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { usePageTitle } from '../../app/page-title.ts';
import { useSession } from '../../app/session-context.tsx';
import { ErrorsDialog } from '../../components/errors-dialog.tsx';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { NotAuthorised } from '../../components/not-authorised.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { usePost, useSavePost } from './post-api.ts';
import type { Post, PostInput } from './post-api.ts';
import { PostFetchError } from './post-fetch-error.tsx';
import { PostFormFields, validatePost } from './post-form-fields.tsx';

/**
 * The post form: docs/post/0?edit creates, docs/post/{id}?edit edits (spec 000 §2 Form screen).
 * Only administrators create posts (spec 002 §3.4); editing follows the post's meta.access.
 */
export function PostFormPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const { appId, isAdministrator } = useSession();
  const isCreate = id === 0;
  const post = usePost(appId, id, !isCreate);
  usePageTitle(isCreate ? t('form.newTitle') : t('form.editTitle'), { label: t('news.title'), to: '/docs/post' });

  if (isCreate) return isAdministrator ? <PostForm id={0} /> : <NotAuthorised />;
  if (post.isPending) return <LoadingScreen label={t('common.loading')} />;
  if (post.isError) return <PostFetchError error={post.error} />;
  if (!post.data.meta.access.editor) return <NotAuthorised />;
  return <PostForm id={id} post={post.data} />;
}

function PostForm({ id, post }: { id: number; post?: Post }) {
  const { t } = useTranslation();
  const { appId } = useSession();
  const navigate = useNavigate();
  const showMessage = useMessageBar();
  const save = useSavePost(appId);
  const [values, setValues] = useState<PostInput>({
    summary: post?.summary ?? '',
    descrip: post?.descrip ?? '',
    tags: Array.isArray(post?.tags) ? post.tags : [],
  });
  const [isDirty, setIsDirty] = useState(false);
  const [isErrorsOpen, setIsErrorsOpen] = useState(false);
  const errors = validatePost(values, t);
  const isCreate = id === 0;

  const change = (next: PostInput) => {
    setValues(next);
    setIsDirty(true);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!isDirty || errors.length > 0 || save.isPending) return;
    save.mutate(
      { id, input: { ...values, summary: values.summary.trim() } },
      {
        onSuccess: (saved) => {
          showMessage(t('form.saved'), 'success');
          void navigate(`/docs/post/${saved.id}`, { replace: true });
        },
        onError: (error) =>
          showMessage(describeError(error, t, isCreate ? t('form.createError') : t('form.updateError')), 'error'),
      },
    );
  };

  const action =
    errors.length > 0 ? (
      <Button variant="contained" color="error" startIcon={<ErrorIcon />} onClick={() => setIsErrorsOpen(true)}>
        {t('form.errorsButton', { count: errors.length })}
      </Button>
    ) : (
      <Button
        variant="contained"
        startIcon={<SaveIcon />}
        onClick={() => submit()}
        disabled={!isDirty || save.isPending}
      >
        {save.isPending ? t('form.saving') : t('common.save')}
      </Button>
    );

  return (
    <Stack spacing={2}>
      <PageHeader
        title={isCreate ? t('form.newTitle') : t('form.editTitle')}
        displayId={isCreate ? undefined : post?.display_id}
        backTo={isCreate ? '/docs/post' : `/docs/post/${id}`}
        actions={action}
      />
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2, sm: 3 } }} aria-busy={save.isPending}>
        <PostFormFields values={values} onChange={change} showErrors={isDirty} isDisabled={save.isPending} />
        {/* Lets Enter in a single-line field submit, like any form. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Paper>
      <ErrorsDialog errors={errors} isOpen={isErrorsOpen} onClose={() => setIsErrorsOpen(false)} />
    </Stack>
  );
}
