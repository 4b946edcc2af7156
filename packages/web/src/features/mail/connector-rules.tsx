/**
 * A connector's rules (docs/product/mail.md#mail-rules): each turns every new message of one of the
 * connector's folders into a document of a chosen type, polled at the connector's interval. The
 * administrator picks the folder among the connector's own and the type among those they may
 * create; a rule can be paused without losing it.
 */
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { typeTitleOf, type MailRuleSetting } from '@docket/shared';
import { useDocumentTypes } from '../../api/document-types.ts';
import { useSession } from '../../app/session-context.tsx';

export function ConnectorRules({
  rules,
  folders,
  errors,
  onChange,
}: {
  rules: readonly MailRuleSetting[];
  folders: readonly string[];
  /** A message per rule index (a folder no longer among the connector's, a missing type). */
  errors: Readonly<Record<number, string>>;
  onChange: (rules: MailRuleSetting[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const { appId, isAdministrator } = useSession();
  const catalog = useDocumentTypes(appId, isAdministrator).data;
  const types = (catalog?.types ?? []).filter((type) => catalog?.creatable.has(type.type) && !type.type.startsWith('$$'));
  const update = (index: number, change: Partial<MailRuleSetting>) =>
    onChange(rules.map((rule, at) => (at === index ? { ...rule, ...change } : rule)));

  return (
    <Stack spacing={1} data-testid="connector-rules">
      <Typography variant="subtitle2" component="h2">
        {t('mailSettings.rules')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('mailSettings.rulesHint')}
      </Typography>
      {rules.map((rule, index) => (
        <Stack
          key={index}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          alignItems={{ sm: 'flex-start' }}
          data-testid="connector-rule"
        >
          <TextField
            select
            label={t('mailSettings.ruleFolder')}
            value={folders.includes(rule.folder) ? rule.folder : ''}
            onChange={(event) => update(index, { folder: event.target.value })}
            error={Boolean(errors[index])}
            helperText={errors[index] ?? ' '}
            sx={{ minWidth: 180 }}
          >
            {folders.map((folder) => (
              <MenuItem key={folder} value={folder}>
                {folder}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('mailSettings.ruleType')}
            value={types.some((type) => type.type === rule.doc_type) ? rule.doc_type : ''}
            onChange={(event) => update(index, { doc_type: event.target.value })}
            helperText=" "
            sx={{ minWidth: 200 }}
          >
            {types.map((type) => (
              <MenuItem key={type.type} value={type.type}>
                {typeTitleOf(type, i18n.language)}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" alignItems="center" spacing={1} sx={{ pt: { sm: 1 } }}>
            <FormControlLabel
              control={<Switch checked={rule.enabled} onChange={(event) => update(index, { enabled: event.target.checked })} />}
              label={t('mailSettings.ruleEnabled')}
            />
            <Tooltip title={t('mailSettings.removeRule')}>
              <IconButton aria-label={t('mailSettings.removeRule')} onClick={() => onChange(rules.filter((_rule, at) => at !== index))}>
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          </Stack>
        </Stack>
      ))}
      <div>
        <Button
          onClick={() => onChange([...rules, { folder: folders[0] ?? 'INBOX', doc_type: types[0]?.type ?? '', enabled: true }])}
          disabled={folders.length === 0}
          data-testid="connector-add-rule"
        >
          {t('mailSettings.addRule')}
        </Button>
      </div>
    </Stack>
  );
}
