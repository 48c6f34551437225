import { resourceExtensions } from '../../resources/extensions';
import type { FeatureRoute } from '../../ui/featureRoute';
import { lazyNamed } from '../../ui/lazyNamed';

const PrintLayoutEditorPage = lazyNamed(() => import('./PrintLayoutEditorPage'), 'PrintLayoutEditorPage');
const actions = () => import('./PrintAction');

// "Print…" on the previews of the records that print, and the sample print in a layout's preview.
resourceExtensions.addPreviewExtra('wmsDocument', lazyNamed(actions, 'DocumentPrintAction'));
resourceExtensions.addPreviewExtra('wmsOrder', lazyNamed(actions, 'OrderPrintAction'));
resourceExtensions.addPreviewExtra('product', lazyNamed(actions, 'ProductPrintAction'));
resourceExtensions.addPreviewExtra('storageSpace', lazyNamed(actions, 'LocationPrintAction'));
resourceExtensions.addPreviewExtra(
  'printLayout',
  lazyNamed(() => import('./PrintLayoutPreviewExtra'), 'PrintLayoutPreviewExtra'),
);

/** The layout editor replaces the generic edit form of a layout (a live preview beside the text). */
export const printRoutes: readonly FeatureRoute[] = [
  { path: '/print-layouts/:id/edit', element: <PrintLayoutEditorPage /> },
];
