import { createBrowserRouter, type RouteObject } from 'react-router';
import { sharedPublicRoutes } from '../features/sharedAccess/sharedPublicRoutes';
import { lazyNamed } from '../ui/lazyNamed';
import { NotFoundPage } from '../ui/NotFoundPage';
import { RouteErrorPage } from '../ui/RouteErrorPage';
import { PublicPages } from './FirstScreenMark';
import { featureRoutes } from './featureRoutes';
import { RequireAuth } from './RequireAuth';
import { RootLayout } from './RootLayout';
import { registerRoutes } from './routeRegistry';
import { Shell } from './Shell';
import { StartPage } from './StartPage';

// Public pages and the home page load on demand: a signed-in picker's terminal needs none of them.
const SignInPage = lazyNamed(() => import('../features/auth/SignInPage'), 'SignInPage');
const ActivatePage = lazyNamed(() => import('../features/auth/ActivatePage'), 'ActivatePage');
const RecoveryPage = lazyNamed(() => import('../features/auth/RecoveryPage'), 'RecoveryPage');
const TitlePage = lazyNamed(() => import('./TitlePage'), 'TitlePage');
const ClientPricePage = lazyNamed(() => import('../features/catalyst/ClientPricePage'), 'ClientPricePage');

const relative = (path: string): string => path.replace(/^\/+/, '');

/** Every route: public pages, then the guarded main layout with the features and the not-found page. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicPages />,
        children: [
          { path: 'signin', element: <SignInPage /> },
          { path: 'signup', element: <SignInPage /> },
          { path: 'activate', element: <ActivatePage /> },
          { path: 'recovery', element: <RecoveryPage /> },
          { path: 'title', element: <TitlePage /> },
          ...sharedPublicRoutes,
          { path: 'catalyst-client', element: <ClientPricePage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <Shell />,
            children: [
              // A screen that fails keeps the shell (menu, header) around the message.
              {
                errorElement: <RouteErrorPage />,
                children: [
                  { index: true, element: <StartPage /> },
                  ...featureRoutes.map((r) =>
                    'lazy' in r
                      ? { path: relative(r.path), lazy: async () => ({ element: await r.lazy() }) }
                      : { path: relative(r.path), element: r.element },
                  ),
                  { path: '*', element: <NotFoundPage /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

registerRoutes(appRoutes);

export const router = createBrowserRouter(appRoutes);
