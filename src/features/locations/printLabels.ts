import { notifications } from '@mantine/notifications';
import { errorMessage, type Translate } from '../../i18n/i18n';
import { code128Svg } from './barcode';
import { buildLabelSheetHtml, type PrintLabel } from './labelPrint';

export interface LabelToPrint {
  readonly text: string;
  readonly caption?: string;
}

/**
 * Opens the print view of location labels and starts printing. The window is opened before the barcodes
 * are drawn (the barcode library loads on demand) because browsers only allow pop-ups straight from a
 * click. False when the pop-up was blocked.
 */
export const printLabels = async (
  sheet: { readonly title: string; readonly lang: string },
  labels: readonly LabelToPrint[],
): Promise<boolean> => {
  const win = window.open('', '_blank');
  if (!win) return false;
  try {
    const rendered: PrintLabel[] = await Promise.all(
      labels.map(async (label) => ({ ...label, svg: await code128Svg(label.text) })),
    );
    win.document.open();
    win.document.write(buildLabelSheetHtml({ ...sheet, labels: rendered }));
    win.document.close();
    win.focus();
    win.print();
    return true;
  } catch (error) {
    win.close();
    throw error;
  }
};

/**
 * Prints labels from a click, telling the user when the pop-up was blocked or the barcodes failed (in the
 * translated `infrastructure` texts).
 */
export const printLabelsWithNotice = (t: Translate, lang: string, labels: readonly LabelToPrint[]): void => {
  printLabels({ title: t('infrastructure:labels.title'), lang }, labels).then(
    (opened) => {
      if (!opened) notifications.show({ color: 'red', message: t('infrastructure:labels.popupBlocked') });
    },
    (error: unknown) => notifications.show({ color: 'red', message: errorMessage(t, error) }),
  );
};
