import { issue } from '../issues';
import type { DocumentRule } from '../resolveDocument';

/** With the temperature switch on, goods go only where the location's temperature is within the product's range. */
export const checkWrongStorageTemperature: DocumentRule = ({ type, positions, context }) => {
  if (!context.rules.temperature.enabled || !type || type.correction) return [];
  return positions.flatMap((p) => {
    const t = p.destination?.temperature;
    if (!p.puts || !p.product || t === null || t === undefined) return [];
    const { minTemperature: min, maxTemperature: max } = p.product;
    if ((min === null || t >= min) && (max === null || t <= max)) return [];
    return [
      issue('wrongStorageTemperature', {
        positionIndex: p.index,
        field: 'destinationLocationId',
        params: { product: p.product.index, location: p.destination?.label ?? '', temperature: t },
      }),
    ];
  });
};
