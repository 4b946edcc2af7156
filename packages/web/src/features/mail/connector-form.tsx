/**
 * One mail connector's settings (docs/product/mail.md#connector-settings): for an organisation's
 * connector its title and kind, then for any connector the server, security, user, authentication,
 * the secret and its folders; for an organisation's, the poll interval and allowed hosts, its
 * trusted mail server, whether it is enabled and its rules. The secret is write-only: the form
 * never shows a stored one, and an empty field keeps it. 'Test connection' tries the settings
 * without saving and offers the folders the server has; saving tries them again on the server
 * before storing.
 * The sections render the draft; connector-draft.ts checks it and makes what is sent.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { MailConnectionTestAnswer, MailConnectorInput, MailConnectorSettingsAnswer } from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';
import { useSession } from '../../app/session-context.tsx';
import { draftOf, draftProblems, inputOfDraft, type ConnectorScope, type Draft, type DraftErrors } from './connector-draft.ts';
import { ConnectorFolders } from './connector-folders.tsx';
import { ConnectorRules } from './connector-rules.tsx';
import { ConnectorScheduleFields } from './connector-schedule-fields.tsx';
import { ConnectorSenderTrust, MyMailSendersUnverified } from './connector-sender-trust.tsx';
import { ConnectorServerFields } from './connector-server-fields.tsx';
import { ConnectorTestResult } from './connector-test-result.tsx';
import { useSaveConnector, useSaveMyMail, useTestConnection } from './mail-settings-api.ts';

export function ConnectorForm({
  scope,
  initial,
  onSaved,
  onCancel,
}: {
  scope: ConnectorScope;
  initial: MailConnectorSettingsAnswer | null;
  onSaved: (saved: MailConnectorSettingsAnswer) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const { appId } = useSession();
  const [draft, setDraft] = useState(() => draftOf(initial, scope));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [tested, setTested] = useState<MailConnectionTestAnswer | null>(null);
  const saveConnector = useSaveConnector(appId);
  const saveMine = useSaveMyMail(appId);
  const test = useTestConnection(appId, scope);
  const save = scope === 'mine' ? saveMine : saveConnector;
  const isOrganisation = scope === 'organisation';
  const hasStoredSecret = initial?.has_secret ?? false;
  const prefix = isOrganisation ? 'connector' : 'my-mail';

  /** A changed setting makes the last test's answer stale. */
  const change = (changed: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...changed }));
    setTested(null);
  };

  function checked(): MailConnectorInput | null {
    const found = draftProblems(draft, { isOrganisation, hasStoredSecret }, t);
    setErrors(found);
    return Object.keys(found).length === 0 ? inputOfDraft(draft, isOrganisation) : null;
  }

  function onTest() {
    const input = checked();
    if (!input) return;
    test.mutate({ id: initial?.id ?? null, input }, { onSuccess: setTested });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = checked();
    if (!input) return;
    if (scope === 'mine') saveMine.mutate(input, { onSuccess: onSaved });
    else saveConnector.mutate({ id: initial?.id ?? null, input }, { onSuccess: onSaved });
  }

  function addFolder(path: string) {
    const folder = path.trim();
    if (!folder || draft.folders.includes(folder)) return;
    setDraft((current) => ({ ...current, folders: [...current.folders, folder], newFolder: '' }));
  }

  const isBusy = save.isPending || test.isPending;

  return (
    <Box component="form" noValidate onSubmit={onSubmit} data-testid={`${prefix}-form`}>
      <Stack spacing={1}>
        {isOrganisation && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }}>
            <TextField
              label={t('mailSettings.title')}
              value={draft.title}
              onChange={(event) => change({ title: event.target.value })}
              required
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'connector-title' } }}
              error={Boolean(errors.title)}
              helperText={errors.title ?? ' '}
              fullWidth
            />
            <TextField
              select
              label={t('mailSettings.kind')}
              value={draft.kind}
              onChange={(event) => change({ kind: event.target.value as Draft['kind'] })}
              helperText={t(draft.kind === 'imap' ? 'mailSettings.kindImapHint' : 'mailSettings.kindSharedHint')}
              fullWidth
            >
              <MenuItem value="shared">{t('mailSettings.kindShared')}</MenuItem>
              <MenuItem value="imap">{t('mailSettings.kindImap')}</MenuItem>
            </TextField>
          </Stack>
        )}
        <ConnectorServerFields prefix={prefix} draft={draft} errors={errors} hasStoredSecret={hasStoredSecret} onChange={change} />

        <ConnectorFolders
          prefix={prefix}
          folders={draft.folders}
          newFolder={draft.newFolder}
          error={errors.folders}
          onRemove={(folder) => change({ folders: draft.folders.filter((path) => path !== folder) })}
          onNewFolderChange={(text) => setDraft((current) => ({ ...current, newFolder: text }))}
          onAdd={addFolder}
        />

        {isOrganisation && <ConnectorScheduleFields draft={draft} errors={errors} onChange={change} />}
        {isOrganisation ? (
          <ConnectorSenderTrust
            idPrefix={prefix}
            value={draft.trustedServer}
            error={errors.trustedServer}
            onChange={(value) => change({ trustedServer: value })}
          />
        ) : (
          <MyMailSendersUnverified />
        )}
        {isOrganisation && (
          <FormControlLabel
            control={<Switch checked={draft.enabled} onChange={(event) => change({ enabled: event.target.checked })} />}
            label={t('mailSettings.enabled')}
          />
        )}
        {isOrganisation && (
          <ConnectorRules rules={draft.rules} folders={draft.folders} errors={errors.rules ?? {}} onChange={(rules) => change({ rules })} />
        )}

        <ConnectorTestResult
          prefix={prefix}
          failure={test.isError ? test.error : null}
          tested={tested}
          folders={draft.folders}
          onAddFolder={addFolder}
        />
        {save.isError && (
          <Alert severity="error" data-testid={`${prefix}-save-error`}>
            {describeError(save.error, t, t('mailSettings.saveFailed'))}
          </Alert>
        )}

        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} justifyContent="flex-end">
          {onCancel && (
            <Button onClick={onCancel} disabled={isBusy}>
              {t('common.cancel')}
            </Button>
          )}
          <Button variant="outlined" onClick={onTest} disabled={isBusy} data-testid={`${prefix}-test`}>
            {test.isPending ? t('mailSettings.testing') : t('mailSettings.test')}
          </Button>
          <Button type="submit" variant="contained" disabled={isBusy} data-testid={`${prefix}-save`}>
            {save.isPending ? t('mailSettings.saving') : t('common.save')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
