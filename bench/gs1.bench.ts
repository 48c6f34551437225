// npm run bench: GS1 parsing and product matching throughput (20,000 products, 100,000 scans).
import { gtinCheckDigit, parseGs1 } from '../domain/barcodes/gs1';
import { buildProductIndex, matchProduct, type ProductKeys } from '../domain/barcodes/matchProduct';

const GS = '\u001d';
const today = '2026-05-14';
const productCount = 20_000;
const scanCount = 100_000;

const ean13 = (i: number): string => {
  const body = `590${String(i).padStart(9, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
};

const products: ProductKeys[] = Array.from({ length: productCount }, (_, i) => ({
  id: `p${i}`,
  index: `IDX-${i}`,
  barcodes: [ean13(i), `C128-${i}`],
}));

const scans = Array.from({ length: scanCount }, (_, n) => {
  const i = n % productCount;
  switch (n % 5) {
    case 0:
      return `]C1010${ean13(i)}17261231${'10'}LOT${i}${GS}21S${n}`;
    case 1:
      return `(01)0${ean13(i)}(17)261200(10)L${i}`;
    case 2:
      return ean13(i);
    case 3:
      return `idx-${i}`;
    default:
      return `C128-${i}\r\n`;
  }
});

const time = (label: string, count: number, run: () => void): void => {
  const started = performance.now();
  run();
  const ms = performance.now() - started;
  console.log(
    `${label.padEnd(44)} ${ms.toFixed(1).padStart(8)} ms  ${((count / ms) * 1000).toFixed(0).padStart(9)} /s`,
  );
};

let sink = 0;
time(`parseGs1 × ${scanCount}`, scanCount, () => {
  for (const scan of scans) if (parseGs1(scan, { today }).ok) sink++;
});
let index = buildProductIndex(products);
time(`buildProductIndex (${productCount} products)`, 1, () => {
  index = buildProductIndex(products);
});
time(`matchProduct × ${scanCount} (prebuilt index)`, scanCount, () => {
  for (const scan of scans) if (matchProduct(scan, index, { today }).kind === 'found') sink++;
});
time(`matchProduct × ${scanCount} (array, cached index)`, scanCount, () => {
  for (const scan of scans) if (matchProduct(scan, products, { today }).kind === 'found') sink++;
});
if (sink !== (scanCount * 3) / 5 + scanCount * 2) throw new Error(`unexpected results: ${sink}`);
