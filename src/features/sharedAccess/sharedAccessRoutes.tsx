import { resourceExtensions } from '../../resources/extensions';
import type { FeatureRoute } from '../../ui/featureRoute';
import { SharedAccessListActions, SharedAccessPreviewExtra } from './SharedAccessExtras';
import { SharedAccessNewPage } from './SharedAccessNewPage';

// The generic list and preview of links (customWrite: no generic add or edit) get their ways in here.
resourceExtensions.addListAction('sharedAccess', SharedAccessListActions);
resourceExtensions.addPreviewExtra('sharedAccess', SharedAccessPreviewExtra);

/** Staff screens of shared access beyond the generic list and preview. */
export const sharedAccessRoutes: readonly FeatureRoute[] = [
  { path: '/shared-access/new', element: <SharedAccessNewPage /> },
];
