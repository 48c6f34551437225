import type { PrintObjectType, PrintRecord } from './printVocabulary';

const goods = {
  index: 'MILK-1L',
  name: 'Milk 3.2% 1 l',
  unit: 'pcs',
  gtin: '05901234123457',
  lot: 'L2611',
  expiryDate: '2027-03-31',
  quantity: '12',
};

const lines: readonly PrintRecord[] = [
  { no: '1', quantity: '12', location: 'A-01-02', product: goods },
  {
    no: '2',
    quantity: '4',
    location: 'A-01-03',
    product: { ...goods, index: 'TEA-100', name: 'Green tea 100 g', gtin: '04006381333931', lot: 'T-7' },
  },
];

const document = {
  number: 'DIN/2026/000042',
  type: 'DIN',
  status: 'confirmed',
  date: '2026-11-26',
  contractor: 'ACME',
  sourceLocation: '',
  destinationLocation: 'A-01',
  comment: '',
};

/** Made-up records the layout editor previews a layout with, one per kind (what a real print would fill in). */
export const samplePrintData: Readonly<Record<PrintObjectType, PrintRecord>> = {
  document: { company: 'Demo Logistics', document, lines },
  order: {
    company: 'Demo Logistics',
    order: {
      number: 'OIN/2026/000007',
      type: 'OIN',
      status: 'approved',
      date: '2026-11-27',
      contractor: 'ACME',
      comment: '',
    },
    lines,
  },
  location: {
    company: 'Demo Logistics',
    location: { code: 'A-01-02', type: 'SHELF', parent: 'A-01', description: '' },
  },
  product: { company: 'Demo Logistics', product: goods },
  shippingLabel: {
    company: 'Demo Logistics',
    document,
    sender: {
      name: 'Demo Logistics',
      street: 'Magazynowa 1',
      city: 'Poznań',
      postalCode: '60-001',
      country: 'PL',
    },
    recipient: {
      name: 'ACME Retail Ltd.',
      street: 'Market Street 5',
      city: 'Leeds',
      postalCode: 'LS1 4AP',
      country: 'GB',
    },
    parcels: '2',
  },
};
