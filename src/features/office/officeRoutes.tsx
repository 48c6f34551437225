import { resourceExtensions } from '../../resources/extensions';
import type { FeatureRoute } from '../../ui/featureRoute';
import { lazyNamed } from '../../ui/lazyNamed';

const DiscussionsPage = lazyNamed(() => import('../discussions/DiscussionsPage'), 'DiscussionsPage');
const HistoryPage = lazyNamed(() => import('../history/HistoryPage'), 'HistoryPage');

// Loaded with the previews that show them.
resourceExtensions.addPreviewExtra(
  'emailAccount',
  lazyNamed(() => import('../messages/TestMessageButton'), 'TestMessageButton'),
);
resourceExtensions.addPreviewExtra(
  'emailTemplate',
  lazyNamed(() => import('../messages/TemplatePlaceholders'), 'TemplatePlaceholders'),
);
resourceExtensions.addPreviewExtra(
  'externalCredentials',
  lazyNamed(() => import('../external/ExternalCredentialsPanel'), 'ExternalCredentialsPanel'),
);

/** The office's screens beyond the generic resource ones. */
export const officeRoutes: readonly FeatureRoute[] = [
  { path: '/discussions', element: <DiscussionsPage /> },
  { path: '/history/:openedDialogId?', element: <HistoryPage /> },
];
