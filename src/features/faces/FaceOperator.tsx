import { lazy, type ReactNode, Suspense } from 'react';
import { useReplicaQuery } from '../../db/useReplicaQuery';

// The camera, TensorFlow and face-api load only here, on terminals whose company switched face recognition on.
const FaceWatcher = lazy(async () => ({ default: (await import('./FaceWatcher')).FaceWatcher }));

/** Whether the company's terminals recognise their operator (the logistics configuration on the replica). */
const useFaceRecognitionOn = (): boolean =>
  useReplicaQuery(async (tx) => {
    const [config] = await tx.all('logisticsConfig');
    const terminal = config?.terminal as { faceRecognition?: unknown } | undefined;
    return terminal?.faceRecognition === true;
  }, []) ?? false;

/** The terminal header's operator: nothing at all (no face code loaded) unless face recognition is on. */
export const FaceOperator = (): ReactNode =>
  useFaceRecognitionOn() ? (
    <Suspense fallback={null}>
      <FaceWatcher />
    </Suspense>
  ) : null;
