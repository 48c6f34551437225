import { useEffect, useRef } from 'react';
import type { DataChangeEvent } from '../../../sync/liveConnection';
import { withLiveConnection } from '../editMode/liveConnectionStore';

/**
 * Calls `onChange` for each live data change (`event` of the hub) of the given resource types: the screens of
 * shipping and the calendar reload what they show. The server sends a carrier only its tickets and offers.
 */
export const useLiveChanges = (
  resourceTypes: readonly string[],
  onChange: (change: DataChangeEvent) => void,
): void => {
  const callback = useRef(onChange);
  callback.current = onChange;
  const key = resourceTypes.join(',');
  useEffect(() => {
    const types = key.split(',');
    return withLiveConnection((connection) =>
      connection.onDataChange((change) => {
        if (types.includes(change.resourceType)) callback.current(change);
      }),
    );
  }, [key]);
};
