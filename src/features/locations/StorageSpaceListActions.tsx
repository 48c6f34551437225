import type { ReactNode } from 'react';
import { LocationLinks } from './LocationLinks';

/** On the location list: the tree and, for those who may add locations, the generator. */
export const StorageSpaceListActions = (): ReactNode => <LocationLinks current="list" />;
