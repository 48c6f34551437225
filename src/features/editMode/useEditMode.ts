import { useEffect, useMemo, useState } from 'react';
import type { LiveEditor } from '../../../sync/liveConnection';
import { useAuthStore } from '../../state/authStore';
import { withLiveConnection } from './liveConnectionStore';

/**
 * Puts the signed-in user in edit mode for a record while the calling component is mounted, and
 * returns the other users editing it (oldest first). No record id (a new record): nothing happens.
 */
export const useEditMode = (resourceType: string, id: string | undefined): readonly LiveEditor[] => {
  const userId = useAuthStore((s) => s.claims?.sub ?? null);
  const [editors, setEditors] = useState<readonly LiveEditor[]>([]);

  useEffect(() => {
    if (id === undefined || userId === null) return;
    const stop = withLiveConnection((connection) => {
      const subscription = connection.editorsOf$(resourceType, id).subscribe(setEditors);
      void connection.enterEditMode(resourceType, id);
      return () => {
        subscription.unsubscribe();
        void connection.leaveEditMode(resourceType, id);
      };
    });
    return () => {
      stop();
      setEditors([]);
    };
  }, [resourceType, id, userId]);

  return useMemo(() => editors.filter((e) => e.userId !== userId), [editors, userId]);
};
