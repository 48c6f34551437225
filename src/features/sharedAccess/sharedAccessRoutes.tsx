import { type ListActionProps, type PreviewExtraProps, resourceExtensions } from '../../resources/extensions';
import type { FeatureRoute } from '../../ui/featureRoute';
import { lazyNamed } from '../../ui/lazyNamed';

// Loaded with the screens that show them: a picker's terminal never downloads them.
const extras = () => import('./SharedAccessExtras');
const SharedAccessNewPage = lazyNamed(() => import('./SharedAccessNewPage'), 'SharedAccessNewPage');

// The generic list and preview of links (customWrite: no generic add or edit) get their ways in here.
resourceExtensions.addListAction(
  'sharedAccess',
  lazyNamed<'SharedAccessListActions', ListActionProps>(extras, 'SharedAccessListActions'),
);
resourceExtensions.addPreviewExtra(
  'sharedAccess',
  lazyNamed<'SharedAccessPreviewExtra', PreviewExtraProps>(extras, 'SharedAccessPreviewExtra'),
);

/** Staff screens of shared access beyond the generic list and preview. */
export const sharedAccessRoutes: readonly FeatureRoute[] = [
  { path: '/shared-access/new', element: <SharedAccessNewPage /> },
];
