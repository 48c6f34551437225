import { describe, expect, it } from 'vitest';
import { resourceExtensions } from '../../../src/resources/extensions';

describe('resource extensions', () => {
  it('keeps preview extras and list actions per resource, once each', () => {
    const Extra = () => null;
    const Action = () => null;
    resourceExtensions.addPreviewExtra('widgetTest', Extra);
    resourceExtensions.addPreviewExtra('widgetTest', Extra);
    resourceExtensions.addListAction('widgetTest', Action);
    expect(resourceExtensions.previewExtrasOf('widgetTest')).toEqual([Extra]);
    expect(resourceExtensions.listActionsOf('widgetTest')).toEqual([Action]);
    expect(resourceExtensions.previewExtrasOf('otherTest')).toEqual([]);
  });
});
