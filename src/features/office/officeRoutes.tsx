import { resourceExtensions } from '../../resources/extensions';
import type { FeatureRoute } from '../../ui/featureRoute';
import { lazyNamed } from '../../ui/lazyNamed';
import { ExternalCredentialsPanel } from '../external/ExternalCredentialsPanel';
import { TemplatePlaceholders } from '../messages/TemplatePlaceholders';
import { TestMessageButton } from '../messages/TestMessageButton';

const DiscussionsPage = lazyNamed(() => import('../discussions/DiscussionsPage'), 'DiscussionsPage');
const HistoryPage = lazyNamed(() => import('../history/HistoryPage'), 'HistoryPage');

resourceExtensions.addPreviewExtra('emailAccount', TestMessageButton);
resourceExtensions.addPreviewExtra('emailTemplate', TemplatePlaceholders);
resourceExtensions.addPreviewExtra('externalCredentials', ExternalCredentialsPanel);

/** The office's screens beyond the generic resource ones. */
export const officeRoutes: readonly FeatureRoute[] = [
  { path: '/discussions', element: <DiscussionsPage /> },
  { path: '/history/:openedDialogId?', element: <HistoryPage /> },
];
