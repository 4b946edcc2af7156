/**
 * What 'Test connection' found (docs/product/mail.md#connector-settings): the server's refusal in
 * its own words, or that the connection works, with the server's folders the connector does not
 * have yet offered as chips to add.
 */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MailConnectionTestAnswer } from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';

interface ConnectorTestResultProps {
  prefix: string;
  /** The failed test's error; null when the last test did not fail. */
  failure: unknown;
  tested: MailConnectionTestAnswer | null;
  folders: readonly string[];
  onAddFolder: (folder: string) => void;
}

export function ConnectorTestResult({ prefix, failure, tested, folders, onAddFolder }: ConnectorTestResultProps) {
  const { t } = useTranslation();
  const offered = (tested?.server_folders ?? []).filter((folder) => !folders.includes(folder));
  return (
    <>
      {failure !== null && (
        <Alert severity="error" data-testid={`${prefix}-test-error`}>
          {describeError(failure, t, t('mailSettings.testFailed'))}
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
                  <Chip key={folder} label={folder} variant="outlined" onClick={() => onAddFolder(folder)} data-testid="server-folder" />
                ))}
              </Stack>
            </>
          )}
        </Alert>
      )}
    </>
  );
}
