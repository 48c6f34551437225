import type { ImportProblem } from '../../../domain/import/importColumn';
import { headerKey } from '../../../domain/import/importColumn';
import { resourceColumns } from '../../../domain/import/resourceColumns';
import { languages } from '../../../domain/languages';
import { canWrite } from '../../../domain/resources/access';
import { companyResource, companyRoles } from '../../../domain/resources/definitions/company';
import { translate } from '../../i18n';
import { defineImportTemplate } from '../importTemplate';
import { ifGiven, type PlannedRecord, savePlan } from '../templateKit';

/** A role as written in a file: its code or its name in any of the languages. */
const roleNames = (): Map<string, string> => {
  const out = new Map<string, string>();
  for (const role of companyRoles) {
    out.set(headerKey(role), role);
    for (const lng of languages)
      out.set(headerKey(translate(lng, 'resources', `company.options.roles.${role}`)), role);
  }
  return out;
};

/** Business partners: short name required and the key (a stored one is updated), roles by code or name. */
export const companiesTemplate = defineImportTemplate<{
  seen: Map<string, number>;
  roles: Map<string, string>;
}>({
  key: 'companies',
  order: 20,
  title: 'resources:company.title',
  columns: resourceColumns(companyResource, {
    shortName: 'ACME',
    fullName: 'ACME Trading Ltd.',
    taxId: 'PL5250001009',
    taxCountry: 'PL',
    roles: 'contractor|supplier',
    officeMail: 'office@acme.example',
    officePhone: '+48 22 100 20 30',
    bankAccount: 'PL61109010140000071219812874',
    bankName: 'Bank',
    swift: 'WBKPPLPP',
    paymentMethod: 'transfer 14 days',
    websiteUrl: 'https://acme.example',
    tags: 'key account',
    groups: '',
  }),
  allowed: (scope) => canWrite(companyResource, scope.claims),
  start: () => ({ seen: new Map(), roles: roleNames() }),
  async importBatch(work) {
    const problems: ImportProblem[] = [];
    const planned: PlannedRecord[] = [];
    for (const row of work.rows) {
      const given = Array.isArray(row.values.roles) ? (row.values.roles as readonly string[]) : [];
      const roles = given.map((r) => work.state.roles.get(headerKey(r)));
      const unknown = given.filter((_, i) => roles[i] === undefined);
      if (unknown.length) {
        problems.push({
          line: row.line,
          column: 'roles',
          code: 'invalidValue',
          params: { value: unknown.join(', ') },
        });
        continue;
      }
      planned.push({
        line: row.line,
        input: { ...row.values, ...ifGiven(row.values, 'roles', 'roles', [...new Set(roles)]) },
      });
    }
    return savePlan(
      work,
      { planned, problems },
      { def: companyResource, keyField: 'shortName', seen: work.state.seen },
    );
  },
});
