import { importColumn, resourceColumns } from '../../../domain/import/resourceColumns';
import { canWrite } from '../../../domain/resources/access';
import { addressResource } from '../../../domain/resources/definitions/address';
import { defineImportTemplate } from '../importTemplate';
import { planWithCompany, savePlan } from '../templateKit';

/** Postal addresses of companies (company by short name). Every row is a new address. */
export const addressesTemplate = defineImportTemplate<null>({
  key: 'addresses',
  order: 40,
  title: 'resources:address.title',
  columns: [
    importColumn('companyShortName', 'text', 'ACME'),
    ...resourceColumns(
      addressResource,
      {
        street: 'Prosta',
        number: '20',
        city: 'Warszawa',
        postalCode: '00-850',
        province: 'mazowieckie',
        country: 'Polska',
        latitude: 52.2317,
        longitude: 20.9873,
        comment: '',
      },
      ['latitude', 'longitude'],
    ),
  ],
  allowed: (scope) => canWrite(addressResource, scope.claims),
  start: () => null,
  importBatch: async (work) =>
    savePlan(work, await planWithCompany(work, work.rows), {
      def: addressResource,
      columnOf: { companyId: 'companyShortName' },
    }),
});
