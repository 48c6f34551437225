import { importColumn, resourceColumns } from '../../../domain/import/resourceColumns';
import { canWrite } from '../../../domain/resources/access';
import { personResource } from '../../../domain/resources/definitions/person';
import { defineImportTemplate } from '../importTemplate';
import { planWithCompany, savePlan } from '../templateKit';

/** Contact people, each linked to a company by its short name (when given). Every row is a new person. */
export const peopleTemplate = defineImportTemplate<null>({
  key: 'people',
  order: 30,
  title: 'resources:person.title',
  columns: [
    ...resourceColumns(personResource, {
      firstName: 'Anna',
      lastName: 'Nowak',
      email: 'anna.nowak@acme.example',
      phone: '+48 600 100 200',
      position: 'Purchasing',
    }),
    importColumn('companyShortName', 'text', 'ACME'),
    ...resourceColumns(personResource, { description: '', tags: '' }),
  ],
  allowed: (scope) => canWrite(personResource, scope.claims),
  start: () => null,
  importBatch: async (work) =>
    savePlan(work, await planWithCompany(work, work.rows), {
      def: personResource,
      columnOf: { companyId: 'companyShortName' },
    }),
});
