/**
 * One mail connector's settings (docs/product/mail.md#connector-settings): for an organisation's
 * connector its title and kind, then for any connector the server, security, user, authentication,
 * the secret, its folders and the poll interval. The secret is write-only: the form never shows
 * a stored one, and an empty field keeps it. 'Test connection' tries the settings without saving
 * and offers the folders the server has; saving tries them again on the server before storing.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MAIL_POLL_MINUTES,
  type MailConnectionTestAnswer,
  type MailConnectorInput,
  type MailConnectorSettingsAnswer,
  type MailRuleSetting,
  type MailSecurityMode,
} from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';
import { useSession } from '../../app/session-context.tsx';
import { ConnectorFolders } from './connector-folders.tsx';
import { ConnectorRules } from './connector-rules.tsx';
import { ConnectorSenderTrust, MyMailSendersUnverified, TRUSTED_SERVER_PATTERN } from './connector-sender-trust.tsx';
import { useSaveConnector, useSaveMyMail, useTestConnection } from './mail-settings-api.ts';

export type ConnectorScope = 'organisation' | 'mine';

interface Draft {
  title: string;
  kind: 'shared' | 'imap';
  host: string;
  port: string;
  security: MailSecurityMode;
  user: string;
  auth: 'password' | 'oauth2';
  secret: string;
  folders: string[];
  newFolder: string;
  pollMinutes: string;
  allowHosts: string;
  trustedServer: string;
  enabled: boolean;
  rules: MailRuleSetting[];
}

type Field = 'title' | 'host' | 'port' | 'user' | 'secret' | 'folders' | 'pollMinutes' | 'trustedServer';
type Errors = Partial<Record<Field, string>> & { rules?: Record<number, string> };

const DEFAULT_PORT: Record<MailSecurityMode, string> = { tls: '993', starttls: '143', none: '143' };
const HOST_PATTERN = /^[A-Za-z0-9.:[\]-]+$/;

function draftOf(initial: MailConnectorSettingsAnswer | null, scope: ConnectorScope): Draft {
  return {
    title: initial?.title ?? '',
    kind: initial?.kind === 'imap' ? 'imap' : 'shared',
    host: initial?.host ?? '',
    port: String(initial?.port ?? 993),
    security: initial?.security ?? 'tls',
    user: initial?.user ?? '',
    auth: initial?.auth ?? 'password',
    secret: '',
    folders: initial ? initial.folders.map((folder) => folder.path) : scope === 'mine' ? ['INBOX', 'Sent'] : ['INBOX', 'Sent'],
    newFolder: '',
    pollMinutes: String(initial?.poll_minutes ?? MAIL_POLL_MINUTES),
    allowHosts: (initial?.allow_hosts ?? []).join(', '),
    trustedServer: scope === 'organisation' ? (initial?.trusted_authserv_id ?? '') : '',
    enabled: initial?.enabled ?? true,
    rules: initial?.rules ?? [],
  };
}

function wholeNumber(text: string): number | null {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

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
  const [errors, setErrors] = useState<Errors>({});
  const [tested, setTested] = useState<MailConnectionTestAnswer | null>(null);
  const saveConnector = useSaveConnector(appId);
  const saveMine = useSaveMyMail(appId);
  const test = useTestConnection(appId, scope);
  const save = scope === 'mine' ? saveMine : saveConnector;
  const isOrganisation = scope === 'organisation';
  const hasStoredSecret = initial?.has_secret ?? false;
  const prefix = isOrganisation ? 'connector' : 'my-mail';

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setTested(null);
  };

  const required = (field: string) => t('form.required', { field });
  function validate(): Errors {
    const found: Errors = {};
    if (isOrganisation && !draft.title.trim()) found.title = required(t('mailSettings.title'));
    if (!draft.host.trim()) found.host = required(t('mailSettings.host'));
    else if (!HOST_PATTERN.test(draft.host.trim())) found.host = t('mailSettings.hostInvalid');
    const port = wholeNumber(draft.port);
    if (port === null) found.port = t('validation.type', { type: t('validation.types.integer') });
    else if (port < 1) found.port = t('validation.minimum', { limit: '1' });
    else if (port > 65535) found.port = t('validation.maximum', { limit: '65535' });
    if (!draft.user.trim()) found.user = required(t('mailSettings.user'));
    if (!draft.secret && !hasStoredSecret)
      found.secret = required(t(draft.auth === 'oauth2' ? 'mailSettings.token' : 'mailSettings.password'));
    if (draft.folders.length === 0) found.folders = t('validation.minItems_one');
    const poll = wholeNumber(draft.pollMinutes);
    if (poll === null) found.pollMinutes = t('validation.type', { type: t('validation.types.integer') });
    else if (poll < 1) found.pollMinutes = t('validation.minimum', { limit: '1' });
    else if (poll > 1440) found.pollMinutes = t('validation.maximum', { limit: '1440' });
    if (isOrganisation && !TRUSTED_SERVER_PATTERN.test(draft.trustedServer.trim()))
      found.trustedServer = t('mailSettings.trustedServerInvalid');
    const ruleErrors: Record<number, string> = {};
    draft.rules.forEach((rule, index) => {
      if (!draft.folders.includes(rule.folder)) ruleErrors[index] = t('mailSettings.ruleFolderGone');
      else if (!rule.doc_type) ruleErrors[index] = required(t('mailSettings.ruleType'));
    });
    if (Object.keys(ruleErrors).length > 0) found.rules = ruleErrors;
    return found;
  }

  function inputOf(): MailConnectorInput {
    return {
      title: isOrganisation ? draft.title.trim() : 'My Mail',
      ...(isOrganisation ? { kind: draft.kind } : {}),
      host: draft.host.trim(),
      port: Number(draft.port),
      security: draft.security,
      user: draft.user.trim(),
      auth: draft.auth,
      ...(draft.secret ? { secret: draft.secret } : {}),
      folders: draft.folders,
      poll_minutes: Number(draft.pollMinutes),
      ...(isOrganisation
        ? {
            // Always sent: an emptied field stops trusting any server. My Mail never names one
            // (docs/product/mail.md#requests-from-mail): the server refuses it there.
            trusted_authserv_id: draft.trustedServer.trim(),
            allow_hosts: draft.allowHosts
              .split(/[\s,]+/)
              .map((host) => host.trim())
              .filter(Boolean),
            rules: draft.rules,
            enabled: draft.enabled,
          }
        : {}),
    };
  }

  function checked(): MailConnectorInput | null {
    const found = validate();
    setErrors(found);
    return Object.keys(found).length === 0 ? inputOf() : null;
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
  const fieldProps = (field: Field) => ({ error: Boolean(errors[field]), helperText: errors[field] ?? ' ', fullWidth: true });
  const secretLabel = t(draft.auth === 'oauth2' ? 'mailSettings.token' : 'mailSettings.password');
  const offered = (tested?.server_folders ?? []).filter((folder) => !draft.folders.includes(folder));

  return (
    <Box component="form" noValidate onSubmit={onSubmit} data-testid={`${prefix}-form`}>
      <Stack spacing={1}>
        {isOrganisation && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
            <TextField
              label={t('mailSettings.title')}
              value={draft.title}
              onChange={(event) => set('title', event.target.value)}
              required
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'connector-title' } }}
              {...fieldProps('title')}
            />
            <TextField
              select
              label={t('mailSettings.kind')}
              value={draft.kind}
              onChange={(event) => set('kind', event.target.value as Draft['kind'])}
              helperText={t(draft.kind === 'imap' ? 'mailSettings.kindImapHint' : 'mailSettings.kindSharedHint')}
              fullWidth
            >
              <MenuItem value="shared">{t('mailSettings.kindShared')}</MenuItem>
              <MenuItem value="imap">{t('mailSettings.kindImap')}</MenuItem>
            </TextField>
          </Stack>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
          <TextField
            label={t('mailSettings.host')}
            value={draft.host}
            onChange={(event) => set('host', event.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: 255, 'data-testid': `${prefix}-host`, autoCapitalize: 'none', spellCheck: false } }}
            {...fieldProps('host')}
          />
          <TextField
            select
            label={t('mailSettings.security')}
            value={draft.security}
            onChange={(event) => {
              const security = event.target.value as MailSecurityMode;
              // The usual port follows the security unless the administrator typed another.
              const port = Object.values(DEFAULT_PORT).includes(draft.port) ? DEFAULT_PORT[security] : draft.port;
              setDraft((current) => ({ ...current, security, port }));
              setTested(null);
            }}
            helperText={draft.security === 'none' ? t('mailSettings.plainHint') : ' '}
            fullWidth
            slotProps={{ select: { inputProps: { 'data-testid': `${prefix}-security` } } }}
          >
            <MenuItem value="tls">{t('mailSettings.tls')}</MenuItem>
            <MenuItem value="starttls">{t('mailSettings.starttls')}</MenuItem>
            <MenuItem value="none">{t('mailSettings.none')}</MenuItem>
          </TextField>
          <TextField
            label={t('mailSettings.port')}
            value={draft.port}
            onChange={(event) => set('port', event.target.value)}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `${prefix}-port` } }}
            {...fieldProps('port')}
            sx={{ maxWidth: { sm: 140 } }}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
          <TextField
            label={t('mailSettings.user')}
            value={draft.user}
            onChange={(event) => set('user', event.target.value)}
            required
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 320, 'data-testid': `${prefix}-user`, autoCapitalize: 'none', spellCheck: false } }}
            {...fieldProps('user')}
          />
          <TextField
            select
            label={t('mailSettings.auth')}
            value={draft.auth}
            onChange={(event) => set('auth', event.target.value as Draft['auth'])}
            helperText=" "
            fullWidth
          >
            <MenuItem value="password">{t('mailSettings.password')}</MenuItem>
            <MenuItem value="oauth2">{t('mailSettings.oauth2')}</MenuItem>
          </TextField>
          <TextField
            label={secretLabel}
            type="password"
            value={draft.secret}
            onChange={(event) => set('secret', event.target.value)}
            required={!hasStoredSecret}
            autoComplete="new-password"
            placeholder={hasStoredSecret ? t('mailSettings.secretKept') : undefined}
            slotProps={{
              htmlInput: { maxLength: 8192, 'data-testid': `${prefix}-secret` },
              inputLabel: { shrink: hasStoredSecret || undefined },
            }}
            {...fieldProps('secret')}
            helperText={errors.secret ?? (hasStoredSecret ? t('mailSettings.secretKeptHint') : t('mailSettings.secretHint'))}
          />
        </Stack>

        <ConnectorFolders
          prefix={prefix}
          folders={draft.folders}
          newFolder={draft.newFolder}
          error={errors.folders}
          onRemove={(folder) =>
            set(
              'folders',
              draft.folders.filter((path) => path !== folder),
            )
          }
          onNewFolderChange={(text) => setDraft((current) => ({ ...current, newFolder: text }))}
          onAdd={addFolder}
        />

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
          <TextField
            label={t('mailSettings.pollMinutes')}
            value={draft.pollMinutes}
            onChange={(event) => set('pollMinutes', event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...fieldProps('pollMinutes')}
            helperText={errors.pollMinutes ?? t('mailSettings.pollHint')}
            sx={{ maxWidth: { sm: 220 } }}
          />
          {isOrganisation && (
            <TextField
              label={t('mailSettings.allowHosts')}
              value={draft.allowHosts}
              onChange={(event) => set('allowHosts', event.target.value)}
              helperText={t('mailSettings.allowHostsHint')}
              fullWidth
            />
          )}
        </Stack>
        {isOrganisation ? (
          <ConnectorSenderTrust
            idPrefix={prefix}
            value={draft.trustedServer}
            error={errors.trustedServer}
            onChange={(value) => set('trustedServer', value)}
          />
        ) : (
          <MyMailSendersUnverified />
        )}
        {isOrganisation && (
          <FormControlLabel
            control={<Switch checked={draft.enabled} onChange={(event) => set('enabled', event.target.checked)} />}
            label={t('mailSettings.enabled')}
          />
        )}
        {isOrganisation && (
          <ConnectorRules
            rules={draft.rules}
            folders={draft.folders}
            errors={errors.rules ?? {}}
            onChange={(rules) => set('rules', rules)}
          />
        )}

        {test.isError && (
          <Alert severity="error" data-testid={`${prefix}-test-error`}>
            {describeError(test.error, t, t('mailSettings.testFailed'))}
          </Alert>
        )}
        {tested && (
          <Alert severity="success" data-testid={`${prefix}-test-result`}>
            {t('mailSettings.testWorked')}
            {offered.length > 0 && (
              <>
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {t('mailSettings.serverFolders')}
                </Typography>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
                  {offered.map((folder) => (
                    <Chip key={folder} label={folder} variant="outlined" onClick={() => addFolder(folder)} data-testid="server-folder" />
                  ))}
                </Stack>
              </>
            )}
          </Alert>
        )}
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
