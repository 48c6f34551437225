import {
  bestFaceMatchIn,
  type FaceDescriptor,
  type FaceIndex,
  faceIndexOf,
} from '../../../domain/faces/faceMatch';
import type { Timers } from '../../../sync/ports';

/** How often a terminal looks at who holds it. */
export const recognitionIntervalMs = 10_000;

/** One enrolled person as the terminal's replica holds them (the computerVision rows of the change feed). */
export interface KnownFace {
  readonly id: string;
  readonly name: string;
  readonly userId: string | null;
  readonly descriptors: readonly FaceDescriptor[];
}

export type Recognition =
  | { readonly kind: 'recognised'; readonly face: Pick<KnownFace, 'id' | 'name' | 'userId'> }
  | { readonly kind: 'nobodyRecognised' }
  | { readonly kind: 'noFaceDetected' };

export interface RecognitionPorts {
  /** The descriptor of the one face in the camera's frame now; null when there is none (or several). */
  readonly look: () => Promise<Float32Array | null>;
  /** The company's enrolled faces on this device, indexed once when they change (knownFaceIndex). */
  readonly known: () => Promise<KnownFaceIndex>;
  /** The server's answer (POST /api/ComputerVision/analyse) when online; undefined when it cannot be asked. */
  readonly askServer?: (descriptor: Float32Array) => Promise<Recognition | undefined>;
  readonly isVisible: () => boolean;
  readonly timers: Timers;
  readonly onRecognition: (result: Recognition) => void;
}

/** The faces on the device ready for matching: every descriptor of every person in one typed array. */
export type KnownFaceIndex = FaceIndex<KnownFace>;

export const knownFaceIndex = (known: readonly KnownFace[]): KnownFaceIndex =>
  faceIndexOf(known.flatMap((face) => face.descriptors.map((d) => ({ owner: face, descriptor: d }))));

/** The person a descriptor belongs to among the faces on the device (the rule of domain/faces/faceMatch.ts). */
export const recogniseLocally = (descriptor: FaceDescriptor, known: KnownFaceIndex): Recognition => {
  const match = bestFaceMatchIn(known, descriptor);
  return match
    ? { kind: 'recognised', face: { id: match.owner.id, name: match.owner.name, userId: match.owner.userId } }
    : { kind: 'nobodyRecognised' };
};

/**
 * Looks every 10 s while the page is visible (a hidden page does not use the camera's frames nor the CPU); the
 * server's answer counts when it gives one, the device's own match otherwise (offline). Returns `stop`.
 */
export const startRecognitionLoop = (ports: RecognitionPorts): (() => void) => {
  let stopped = false;
  let cancel: () => void = () => {};
  const once = async (): Promise<void> => {
    if (!ports.isVisible()) return;
    const descriptor = await ports.look();
    if (stopped) return;
    if (!descriptor) {
      ports.onRecognition({ kind: 'noFaceDetected' });
      return;
    }
    const online = ports.askServer ? await ports.askServer(descriptor).catch(() => undefined) : undefined;
    const result = online ?? recogniseLocally(descriptor, await ports.known());
    if (!stopped) ports.onRecognition(result);
  };
  const schedule = (): void => {
    cancel = ports.timers.after(recognitionIntervalMs, () => {
      void once()
        .catch(() => undefined)
        .finally(() => {
          if (!stopped) schedule();
        });
    });
  };
  // The first look at once: the operator should not wait 10 s to be named.
  void once()
    .catch(() => undefined)
    .finally(() => {
      if (!stopped) schedule();
    });
  return () => {
    stopped = true;
    cancel();
  };
};

/**
 * Whether to ask the operator to switch user: the face is another user of the company than the one signed in,
 * and not the one they already declined (asked once per person, not every 10 s).
 */
export const shouldOfferSwitch = (
  result: Recognition,
  signedInUserId: string,
  declinedUserId: string | null,
): string | null => {
  if (result.kind !== 'recognised') return null;
  const userId = result.face.userId;
  return userId && userId !== signedInUserId && userId !== declinedUserId ? userId : null;
};
