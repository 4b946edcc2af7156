import { createContext, useContext } from 'react';
import type { SessionAnswer } from '@docket/shared';

export interface SessionValue extends SessionAnswer {
  appId: string;
  isAdministrator: boolean;
}

export const SessionContext = createContext<SessionValue | null>(null);

/** The signed-in user and the organisation in context; only inside the private layout. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside the private layout');
  return value;
}
