import { createBrowserRouter, type RouteObject } from 'react-router';
import { ActivatePage } from '../features/auth/ActivatePage';
import { RecoveryPage } from '../features/auth/RecoveryPage';
import { SignInPage } from '../features/auth/SignInPage';
import { NotFoundPage } from '../ui/NotFoundPage';
import { featureRoutes } from './featureRoutes';
import { HomePage } from './HomePage';
import { RequireAuth } from './RequireAuth';
import { RootLayout } from './RootLayout';
import { registerRoutes } from './routeRegistry';
import { SharedPage } from './SharedPage';
import { Shell } from './Shell';
import { TitlePage } from './TitlePage';

const relative = (path: string): string => path.replace(/^\/+/, '');

/** Every route: public pages, then the guarded main layout with the features and the not-found page. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: 'signin', element: <SignInPage /> },
      { path: 'signup', element: <SignInPage /> },
      { path: 'activate', element: <ActivatePage /> },
      { path: 'recovery', element: <RecoveryPage /> },
      { path: 'title', element: <TitlePage /> },
      { path: 'shared', element: <SharedPage /> },
      { path: 'shared/*', element: <SharedPage /> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <Shell />,
            children: [
              { index: true, element: <HomePage /> },
              ...featureRoutes.map((r) => ({ path: relative(r.path), element: r.element })),
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

registerRoutes(appRoutes);

export const router = createBrowserRouter(appRoutes);
