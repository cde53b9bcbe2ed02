import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { getSession, onSessionChange, refreshSession, type Role, type Session } from './api.ts';

interface SessionState {
  /** undefined while the page asks the server whether a session cookie exists; null when logged out. */
  session: Session | null | undefined;
}

const SessionContext = createContext<SessionState>({ session: undefined });

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null | undefined>(getSession() ?? undefined);
  useEffect(() => {
    const off = onSessionChange(setSession);
    // After a reload the access token is gone (memory only): the cookie brings a new one.
    if (getSession() === null) void refreshSession();
    return () => void off();
  }, []);
  return <SessionContext.Provider value={{ session }}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);

/** Whether the logged-in staff user holds one of the roles (what the page shows; the admin API decides). */
export function useRoles() {
  const { session } = useSession();
  return (...roles: Role[]) => Boolean(session?.roles.some((r) => roles.includes(r)));
}
