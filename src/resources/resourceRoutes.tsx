import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { ResourceDefinition } from '../../domain/resources/types';
import type { FeatureRoute } from '../ui/featureRoute';
import { lazyNamed } from '../ui/lazyNamed';
import { resourceDefinitions } from './registry';
import { hasGenericWrite } from './useResourceAccess';

// The generic screens load when a list, preview or form is first opened.
const ResourceListPage = lazyNamed(() => import('./ResourceListPage'), 'ResourceListPage');
const ResourcePreview = lazyNamed(() => import('./ResourcePreview'), 'ResourcePreview');
const ResourceForm = lazyNamed(() => import('./ResourceForm'), 'ResourceForm');

const PreviewRoute = ({ def }: { readonly def: ResourceDefinition }): ReactNode => {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return (
    <ResourcePreview
      key={id}
      def={def}
      id={id}
      standalone
      onEdit={() => navigate(`/${def.route}/${id}/edit`)}
      onDeleted={() => navigate(`/${def.route}`, { replace: true })}
      onBack={() => navigate(`/${def.route}`)}
    />
  );
};

const FormRoute = ({
  def,
  edit,
}: {
  readonly def: ResourceDefinition;
  readonly edit: boolean;
}): ReactNode => {
  const { id } = useParams();
  const navigate = useNavigate();
  const editedId = edit ? id : undefined;
  return (
    <ResourceForm
      key={editedId ?? 'new'}
      def={def}
      id={editedId}
      onSaved={(row) => navigate(`/${def.route}/${row.id}`, { replace: true })}
      onCancel={() => (editedId ? navigate(`/${def.route}/${editedId}`) : navigate(`/${def.route}`))}
    />
  );
};

/**
 * The generic screens of every resource: list, add, preview and edit. Resources written by their area
 * screens (`customWrite`) and read-only ones get no generic add / edit routes.
 */
export const resourceRoutesOf = (definitions: readonly ResourceDefinition[]): FeatureRoute[] =>
  definitions.flatMap((def) => [
    { path: `/${def.route}`, element: <ResourceListPage key={def.name} def={def} /> },
    ...(hasGenericWrite(def)
      ? [{ path: `/${def.route}/new`, element: <FormRoute key={`${def.name}-new`} def={def} edit={false} /> }]
      : []),
    { path: `/${def.route}/:id`, element: <PreviewRoute key={`${def.name}-preview`} def={def} /> },
    ...(hasGenericWrite(def) && !def.noEdit
      ? [{ path: `/${def.route}/:id/edit`, element: <FormRoute key={`${def.name}-edit`} def={def} edit /> }]
      : []),
  ]);

/** The generic screens of the resources in domain/resources/definitions/. */
export const resourceRoutes: FeatureRoute[] = resourceRoutesOf(resourceDefinitions);
