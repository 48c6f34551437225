import { buildMenu, type MenuItem, type MenuSection } from '../../../domain/menu';
import { resourceDefinitions } from '../../resources/registry';

/** The whole menu, built as the server builds it: resource lists from their definitions, feature screens. */
export const appMenu: readonly MenuSection[] = buildMenu(resourceDefinitions);

/**
 * The translation key of an item's label. A configuration saved by an older server may lack `label`: its
 * item keys were feature keys under `common:menu.items.`.
 */
export const menuLabel = (item: MenuItem): string =>
  (item as Partial<MenuItem>).label ?? `common:menu.items.${item.key}`;
