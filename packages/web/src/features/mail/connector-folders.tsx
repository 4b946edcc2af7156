/**
 * A connector's folders (docs/product/mail.md#connector-settings): the first is the inbox; each
 * can be removed from its chip, and another added by name (Enter or Add).
 */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

export function ConnectorFolders({
  prefix,
  folders,
  newFolder,
  error,
  onRemove,
  onNewFolderChange,
  onAdd,
}: {
  prefix: string;
  folders: readonly string[];
  newFolder: string;
  error: string | undefined;
  onRemove: (folder: string) => void;
  onNewFolderChange: (text: string) => void;
  onAdd: (folder: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography variant="subtitle2" component="h2" id={`${prefix}-folders-label`}>
        {t('mailSettings.folders')}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', my: 1 }}
        aria-labelledby={`${prefix}-folders-label`}
        role="list"
      >
        {folders.map((folder, index) => (
          <Chip
            key={folder}
            role="listitem"
            label={index === 0 ? `${folder} · ${t('mail.inbox')}` : folder}
            onDelete={() => onRemove(folder)}
            data-testid="connector-folder"
          />
        ))}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
        <TextField
          size="small"
          label={t('mailSettings.addFolder')}
          value={newFolder}
          onChange={(event) => onNewFolderChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              onAdd(newFolder);
            }
          }}
          error={Boolean(error)}
          helperText={error ?? t('mailSettings.foldersHint')}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ flex: 1 }}
        />
        <Button onClick={() => onAdd(newFolder)} disabled={!newFolder.trim()} sx={{ mt: { sm: 0.5 } }}>
          {t('mailSettings.add')}
        </Button>
      </Stack>
    </Box>
  );
}
