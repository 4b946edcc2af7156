import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { AlertColor } from '@mui/material/Alert';
import { MESSAGE_BAR_HIDE_MS } from '@docket/shared';

interface Message {
  key: number;
  text: string;
  severity: AlertColor;
}

type Show = (text: string, severity?: AlertColor) => void;

const MessageBarContext = createContext<Show | null>(null);

/** The message bar (docs/product/forms-and-lists.md#layouts): bottom centre, hides itself after 5000 ms. */
export function MessageBarProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<Message | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const show = useCallback<Show>((text, severity = 'info') => {
    setMessage({ key: Date.now(), text, severity });
    setIsOpen(true);
  }, []);
  const close = (_event?: unknown, reason?: string) => {
    // A click elsewhere on the page must not swallow a message the user has not read yet.
    if (reason !== 'clickaway') setIsOpen(false);
  };
  const value = useMemo(() => show, [show]);
  return (
    <MessageBarContext.Provider value={value}>
      {children}
      <Snackbar
        key={message?.key}
        open={isOpen}
        autoHideDuration={MESSAGE_BAR_HIDE_MS}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          onClose={() => close()}
          severity={message?.severity ?? 'info'}
          variant="filled"
          sx={{ width: '100%' }}
          data-testid="message-bar"
        >
          {message?.text}
        </Alert>
      </Snackbar>
    </MessageBarContext.Provider>
  );
}

export function useMessageBar(): Show {
  const show = useContext(MessageBarContext);
  if (!show) throw new Error('useMessageBar outside MessageBarProvider');
  return show;
}
