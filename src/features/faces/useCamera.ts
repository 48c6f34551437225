import { type RefObject, useEffect, useRef, useState } from 'react';

export type CameraState = 'starting' | 'on' | 'cameraPermissionMissing' | 'off';

/**
 * The device's front camera in a video element while `active`: stopped (the light goes off) when inactive or
 * unmounted. A refused or missing camera is the catalogue's cameraPermissionMissing.
 */
export const useCamera = (
  active: boolean,
): { videoRef: RefObject<HTMLVideoElement | null>; state: CameraState } => {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [state, setState] = useState<CameraState>('off');
  useEffect(() => {
    if (!active) {
      setState('off');
      return;
    }
    let stream: MediaStream | null = null;
    let cancelled = false;
    setState('starting');
    const start = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
          audio: false,
        });
        if (cancelled) return;
        const video = videoRef.current;
        if (video) {
          video.srcObject = stream;
          video.muted = true;
          await video.play().catch(() => undefined);
        }
        setState('on');
      } catch {
        if (!cancelled) setState('cameraPermissionMissing');
      }
    };
    void start();
    return () => {
      cancelled = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (videoRef.current) videoRef.current.srcObject = null;
    };
  }, [active]);
  return { videoRef, state };
};

/** Whether the page is shown (false while the app is in the background or the screen is off). */
export const usePageVisible = (): boolean => {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
};
