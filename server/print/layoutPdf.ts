import { toBuffer } from 'bwip-js/node';
import type { LayoutTree, PrintPage } from '../../domain/print/renderLayout';
import { pdfmake } from '../files/pdfmakeSetup';

const pointsPerMm = 72 / 25.4;
const fontSize = { heading: 16, bold: 11, normal: 10 } as const;

const pageOf = (page: PrintPage) =>
  page.kind === 'a4'
    ? { pageSize: 'A4', pageMargins: [40, 40, 40, 40], width: 595 - 80, scale: 1 }
    : {
        pageSize: { width: page.widthMm * pointsPerMm, height: page.heightMm * pointsPerMm },
        pageMargins: [6, 6, 6, 6],
        width: page.widthMm * pointsPerMm - 12,
        // Labels are small: text shrinks with them, down to 60 % for a 40 mm label.
        scale: Math.max(0.6, Math.min(1, page.widthMm / 70)),
      };

/** A barcode as a PNG data URL (bwip-js; GS1-128 reads the `(AI)` form and draws FNC1 itself). */
const barcodePng = async (symbology: 'code128' | 'gs1-128', data: string): Promise<string> => {
  const png = await toBuffer({
    bcid: symbology,
    text: data,
    scale: 3,
    height: 12,
    includetext: true,
    textxalign: 'center',
  });
  return `data:image/png;base64,${png.toString('base64')}`;
};

/**
 * The neutral layout tree as a PDF: an A4 page or a page the size of the label, texts in Roboto (never read as
 * markup), barcodes as images. `title` and `subject` go into the PDF's information (shown by viewers).
 */
export const layoutToPdf = async (
  tree: LayoutTree,
  info: { readonly title: string; readonly subject: string },
): Promise<Buffer> => {
  const page = pageOf(tree.page);
  const content: Record<string, unknown>[] = [];
  for (const block of tree.blocks) {
    if (block.kind === 'gap') content.push({ text: ' ', fontSize: 6 * page.scale });
    else if (block.kind === 'text')
      content.push({
        text: block.text,
        fontSize: fontSize[block.style] * page.scale,
        bold: block.style !== 'normal',
        margin: [0, 0, 0, 2],
      });
    else
      content.push({
        image: await barcodePng(block.symbology, block.data),
        fit: [page.width, 60 * page.scale],
        margin: [0, 2, 0, 4],
      });
  }
  const doc = pdfmake.createPdf({
    info: { title: info.title, subject: info.subject, creator: 'Aisle' },
    pageSize: page.pageSize,
    pageMargins: page.pageMargins,
    content,
    defaultStyle: { font: 'Roboto' },
  });
  return doc.getBuffer();
};
