import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { startPathOf } from '../session/landing';
import { useAuthStore } from '../state/authStore';
import { lazyNamed } from '../ui/lazyNamed';
import { NotPermittedPage } from '../ui/NotPermittedPage';
import { appMenu } from './menu/appMenu';
import { isKnownRoute } from './routeRegistry';

const HomePage = lazyNamed(() => import('./HomePage'), 'HomePage');

/**
 * The app's start address (`/`, also where an installed app opens): the supervisor's dashboard for staff, the
 * terminal for a picker, the portal for a contractor.
 */
export const StartPage = (): ReactNode => {
  const claims = useAuthStore((s) => s.claims);
  const start = startPathOf(appMenu, claims, isKnownRoute);
  if (start === undefined) return <NotPermittedPage />;
  if (start !== '/') return <Navigate to={start} replace />;
  return <HomePage />;
};
