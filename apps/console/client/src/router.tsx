import { createContext, useContext, useEffect, useState, type MouseEvent, type ReactNode } from 'react';

interface Route {
  path: string;
  query: URLSearchParams;
  navigate(to: string): void;
}

const RouteContext = createContext<Route>({ path: '/', query: new URLSearchParams(), navigate: () => undefined });

/** The page's own tiny router over the History API: a handful of pages need no library. */
export function RouterProvider({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(() => ({ path: window.location.pathname, search: window.location.search }));
  useEffect(() => {
    const onPop = () => setLocation({ path: window.location.pathname, search: window.location.search });
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = (to: string) => {
    window.history.pushState(null, '', to);
    const url = new URL(to, window.location.origin);
    setLocation({ path: url.pathname, search: url.search });
    window.scrollTo(0, 0);
  };
  return (
    <RouteContext.Provider value={{ path: location.path, query: new URLSearchParams(location.search), navigate }}>
      {children}
    </RouteContext.Provider>
  );
}

export const useRoute = () => useContext(RouteContext);

export function Link({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  const { navigate, path } = useRoute();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={onClick} className={className} aria-current={path === to ? 'page' : undefined}>
      {children}
    </a>
  );
}
