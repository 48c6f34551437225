import { ActionIcon, Button, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleIssue } from '../../../domain/errors';
import { documentTypeOf, type SideRule } from '../../../domain/warehouse/documentTypes';
import { EmptyRow } from '../../resources/EmptyRow';
import { RefSelect } from '../../resources/RefSelect';
import type { Row } from '../../resources/resourceApi';
import { ColumnsHead } from './ColumnsHead';
import { emptyPosition, type PositionValues } from './documentForm';
import { issueText } from './issueText';
import { stringOf } from './values';

export interface PositionsGridProps {
  /** Document type: which location and container columns exist (forbidden sides have none). */
  readonly typeCode: string | null;
  readonly positions: readonly PositionValues[];
  readonly onChange: (positions: PositionValues[]) => void;
  readonly readOnly: boolean;
  /** Product rows by id: flags (visible / required dates and serial), index, name, unit. */
  readonly products: ReadonlyMap<string, Row>;
  /** Location rows by id (titles in read-only mode). */
  readonly locations: ReadonlyMap<string, Row>;
  /** Issues of the positions (positionIndex set). */
  readonly issues: readonly RuleIssue[];
  /** Test id prefix: 'doc' for documents, 'order' for orders. */
  readonly prefix?: string;
}

type Attribute = 'serialNumber' | 'prodDate' | 'expDate';
const attributeFlags: Readonly<Record<Attribute, readonly [string, string]>> = {
  serialNumber: ['visibleSerial', 'requiredSerial'],
  prodDate: ['visibleProdDate', 'requiredProdDate'],
  expDate: ['visibleExpDate', 'requiredExpDate'],
};

/** Whether a product shows a batch attribute, and whether it requires it (product flags visible* / required*). */
const attributeOf = (
  product: Row | undefined,
  attribute: Attribute,
): { shown: boolean; required: boolean } => {
  const [visible, required] = attributeFlags[attribute];
  const isRequired = product?.[required] === true;
  return { shown: isRequired || product?.[visible] === true, required: isRequired };
};

const shownSide = (rule: SideRule | undefined): boolean => rule !== 'forbidden';

/** The editable positions of a document or order: product, quantity, location overrides, bins, batch attributes. */
export const PositionsGrid = ({
  typeCode,
  positions,
  onChange,
  readOnly,
  products,
  locations,
  issues,
  prefix = 'doc',
}: PositionsGridProps): ReactNode => {
  const { t } = useTranslation();
  const type = documentTypeOf(typeCode);
  const sides = {
    sourceLocationId: shownSide(type?.sourceLocation),
    sourceContainer: shownSide(type?.sourceContainer),
    destinationLocationId: shownSide(type?.destinationLocation),
    destinationContainer: shownSide(type?.destinationContainer),
  };
  const label = (field: string) => t(`logistics:positionFields.${field}`);
  const anyAttribute = (attribute: Attribute) =>
    positions.some((p) => attributeOf(p.productId ? products.get(p.productId) : undefined, attribute).shown);
  const attributes = (['serialNumber', 'prodDate', 'expDate'] as const).filter(anyAttribute);

  const update = (index: number, patch: Partial<PositionValues>) =>
    onChange(positions.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  const remove = (index: number) => onChange(positions.filter((_, i) => i !== index));

  const issuesAt = (index: number) => issues.filter((i) => i.positionIndex === index);
  const fieldError = (index: number, field: string): string | undefined => {
    const found = issues.find((i) => i.positionIndex === index && i.field === field);
    return found ? issueText(t, found) : undefined;
  };
  const locationTitle = (id: string | null) => (id ? stringOf(locations.get(id)?.label) || id : '');

  const columns = [
    'lineNo',
    'productId',
    'quantity',
    ...(sides.sourceLocationId ? ['sourceLocationId'] : []),
    ...(sides.sourceContainer ? ['sourceContainer'] : []),
    ...(sides.destinationLocationId ? ['destinationLocationId'] : []),
    ...(sides.destinationContainer ? ['destinationContainer'] : []),
    ...attributes,
    'comment',
  ];

  const locationCell = (
    p: PositionValues,
    index: number,
    field: 'sourceLocationId' | 'destinationLocationId',
  ) =>
    readOnly ? (
      <Text size="sm">{locationTitle(p[field])}</Text>
    ) : (
      <RefSelect
        refName="storageSpace"
        value={p[field]}
        onChange={(v) => update(index, { [field]: v })}
        placeholder={t('logistics:documents.fromHeader')}
        aria-label={label(field)}
        error={fieldError(index, field)}
        size="xs"
        initialTitle={p[field] ? stringOf(locations.get(p[field] ?? '')?.label) || undefined : undefined}
        data-testid={`${prefix}-position-${field === 'sourceLocationId' ? 'source' : 'destination'}`}
      />
    );

  const textCell = (
    p: PositionValues,
    index: number,
    field: 'sourceContainer' | 'destinationContainer' | 'serialNumber' | 'comment',
    testId: string,
  ) =>
    readOnly ? (
      <Text size="sm">{p[field]}</Text>
    ) : (
      <TextInput
        size="xs"
        value={p[field]}
        onChange={(e) => update(index, { [field]: e.currentTarget.value })}
        aria-label={label(field)}
        error={fieldError(index, field)}
        data-testid={`${prefix}-position-${testId}`}
      />
    );

  const attributeCell = (p: PositionValues, index: number, attribute: Attribute) => {
    const { shown, required } = attributeOf(p.productId ? products.get(p.productId) : undefined, attribute);
    if (!shown && !p[attribute]) return null;
    if (attribute === 'serialNumber') {
      return readOnly ? (
        <Text size="sm">{p.serialNumber}</Text>
      ) : (
        <TextInput
          size="xs"
          value={p.serialNumber}
          required={required}
          onChange={(e) => update(index, { serialNumber: e.currentTarget.value })}
          aria-label={label('serialNumber')}
          error={fieldError(index, 'serialNumber')}
          data-testid={`${prefix}-position-serial`}
        />
      );
    }
    return readOnly ? (
      <Text size="sm">{p[attribute]}</Text>
    ) : (
      <TextInput
        size="xs"
        type="date"
        value={p[attribute]}
        required={required}
        onChange={(e) => update(index, { [attribute]: e.currentTarget.value })}
        aria-label={label(attribute)}
        error={fieldError(index, attribute)}
        data-testid={`${prefix}-position-${attribute === 'prodDate' ? 'prod-date' : 'exp-date'}`}
      />
    );
  };

  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={columns.length * 150 + 60}>
        <Table verticalSpacing={4} data-testid={`${prefix}-positions`}>
          <ColumnsHead columns={columns} extra={!readOnly && <Table.Th w={40} />} />
          <Table.Tbody>
            {positions.map((p, index) => {
              const product = p.productId ? products.get(p.productId) : undefined;
              const rowIssues = issuesAt(index);
              return [
                <Table.Tr
                  key={p.key}
                  data-testid={`${prefix}-position-row`}
                  data-index={index}
                  data-invalid={rowIssues.length > 0 || undefined}
                  bg={rowIssues.length ? 'var(--mantine-color-red-light)' : undefined}
                >
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td miw={200}>
                    {readOnly ? (
                      <Text size="sm">{stringOf(product?.index) || p.productId}</Text>
                    ) : (
                      <RefSelect
                        refName="product"
                        value={p.productId}
                        onChange={(v) => update(index, { productId: v })}
                        aria-label={label('productId')}
                        error={fieldError(index, 'productId')}
                        required
                        size="xs"
                        initialTitle={stringOf(product?.index) || undefined}
                        data-testid={`${prefix}-position-product`}
                      />
                    )}
                    {product && (
                      <Text size="xs" c="dimmed" data-testid={`${prefix}-position-product-name`}>
                        {stringOf(product.name)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td miw={120}>
                    {readOnly ? (
                      <Text size="sm">{`${p.quantity} ${stringOf(product?.unit)}`.trim()}</Text>
                    ) : (
                      <NumberInput
                        size="xs"
                        value={p.quantity}
                        onChange={(v) => update(index, { quantity: v })}
                        min={0}
                        decimalScale={6}
                        decimalSeparator="."
                        rightSection={
                          <Text size="xs" c="dimmed">
                            {stringOf(product?.unit)}
                          </Text>
                        }
                        aria-label={label('quantity')}
                        error={fieldError(index, 'quantity')}
                        data-testid={`${prefix}-position-quantity`}
                      />
                    )}
                  </Table.Td>
                  {sides.sourceLocationId && (
                    <Table.Td miw={180}>{locationCell(p, index, 'sourceLocationId')}</Table.Td>
                  )}
                  {sides.sourceContainer && (
                    <Table.Td miw={120}>{textCell(p, index, 'sourceContainer', 'source-container')}</Table.Td>
                  )}
                  {sides.destinationLocationId && (
                    <Table.Td miw={180}>{locationCell(p, index, 'destinationLocationId')}</Table.Td>
                  )}
                  {sides.destinationContainer && (
                    <Table.Td miw={120}>
                      {textCell(p, index, 'destinationContainer', 'destination-container')}
                    </Table.Td>
                  )}
                  {attributes.map((a) => (
                    <Table.Td key={a} miw={140}>
                      {attributeCell(p, index, a)}
                    </Table.Td>
                  ))}
                  <Table.Td miw={160}>{textCell(p, index, 'comment', 'comment')}</Table.Td>
                  {!readOnly && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => remove(index)}
                        aria-label={t('logistics:documents.removePosition')}
                        data-testid={`${prefix}-position-remove`}
                      >
                        ✕
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>,
                rowIssues.length > 0 && (
                  <Table.Tr key={`${p.key}-issues`} data-testid={`${prefix}-position-issues`}>
                    <Table.Td />
                    <Table.Td colSpan={columns.length + (readOnly ? -1 : 0)}>
                      <Stack gap={2}>
                        {rowIssues.map((i) => (
                          <Text
                            key={`${i.code}-${i.field ?? ''}`}
                            size="xs"
                            c="red"
                            data-testid={`${prefix}-issue`}
                            data-code={i.code}
                            data-position={index}
                            data-field={i.field}
                          >
                            {issueText(t, i)}
                          </Text>
                        ))}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ),
              ];
            })}
            {positions.length === 0 && (
              <EmptyRow
                colSpan={columns.length + 1}
                text={t('logistics:documents.noPositions')}
                testId={`${prefix}-positions-empty`}
              />
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!readOnly && (
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() => onChange([...positions, emptyPosition()])}
            data-testid={`${prefix}-add-position`}
          >
            {t('logistics:documents.addPosition')}
          </Button>
        </Group>
      )}
    </Stack>
  );
};
