import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { getSession, onSessionChange, refreshSession } from './api.ts';

interface SessionState {
  /** undefined while the page asks the server whether a session cookie exists. */
  playerId: string | null | undefined;
}

const SessionContext = createContext<SessionState>({ playerId: undefined });

export function SessionProvider({ children }: { children: ReactNode }) {
  const [playerId, setPlayerId] = useState<string | null | undefined>(getSession()?.playerId ?? undefined);
  useEffect(() => {
    const off = onSessionChange((session) => setPlayerId(session?.playerId ?? null));
    // After a reload the access token is gone (memory only): the cookie brings a new one.
    if (getSession() === null) void refreshSession();
    return () => void off();
  }, []);
  return <SessionContext.Provider value={{ playerId }}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);
