import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { rememberPath } from '../session/redirectMemory';
import { useAuthStore } from '../state/authStore';

/** Guard of every non-public route: without a session the full path is remembered and /signin shown. */
export const RequireAuth = (): ReactNode => {
  const token = useAuthStore((s) => s.token);
  const reason = useAuthStore((s) => s.signOutReason);
  const location = useLocation();
  if (!token) {
    if (reason !== 'user') rememberPath(`${location.pathname}${location.search}`);
    return <Navigate to="/signin" replace />;
  }
  return <Outlet />;
};
