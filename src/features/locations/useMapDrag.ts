import { type PointerEvent as ReactPointerEvent, type RefObject, useRef, useState } from 'react';
import { fromDrawing, type MapBoundsLike } from '../../../domain/warehouse/mapFill';

/** A drag in progress: which location, and where the pointer is as fractions of the drawing. */
export interface MapDrag {
  readonly id: string;
  readonly left: number;
  readonly top: number;
  /** Whether the pointer has left the press point (a press without moving is a click). */
  readonly moved: boolean;
}

export interface MapDragging {
  /** The element the drawing fills: drops are measured against it. */
  readonly surface: RefObject<HTMLDivElement | null>;
  readonly drag: MapDrag | null;
  readonly startDrag: (id: string, e: ReactPointerEvent) => void;
}

/** How far a pointer may wander before a press counts as a drag (CSS pixels). */
const dragSlop = 4;

/**
 * Dragging locations onto the map with pointer events (mouse, pen and touch alike; HTML drag and drop has no
 * touch support). A drag follows the pointer anywhere on the page and ends where it is released: over the
 * drawing it places the location there, elsewhere nothing happens; a press that never moved is a click.
 */
export const useMapDrag = (
  bounds: MapBoundsLike | null,
  onSelect: (id: string) => void,
  onPlace: (id: string, x: number, y: number) => void,
): MapDragging => {
  const surface = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<MapDrag | null>(null);
  const dragState = useRef<MapDrag | null>(null);

  const fractionAt = (clientX: number, clientY: number) => {
    const rect = surface.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return null;
    return {
      left: (clientX - rect.left) / rect.width,
      top: (clientY - rect.top) / rect.height,
      inside: clientX >= rect.left && clientX <= rect.right && clientY >= rect.top && clientY <= rect.bottom,
    };
  };

  const startDrag = (id: string, e: ReactPointerEvent) => {
    if (e.button !== 0) return;
    const start = { x: e.clientX, y: e.clientY };
    const move = (ev: PointerEvent) => {
      const at = fractionAt(ev.clientX, ev.clientY);
      if (!at) return;
      const moved =
        (dragState.current?.moved ?? false) ||
        Math.hypot(ev.clientX - start.x, ev.clientY - start.y) > dragSlop;
      const next = { id, left: at.left, top: at.top, moved };
      dragState.current = next;
      setDrag(next);
    };
    const end = (ev: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', cancel);
      const last = dragState.current;
      dragState.current = null;
      setDrag(null);
      const at = fractionAt(ev.clientX, ev.clientY);
      if (!last?.moved) onSelect(id);
      else if (at?.inside && bounds) {
        const point = fromDrawing(bounds, at.left, at.top);
        onPlace(id, point.x, point.y);
      }
    };
    const cancel = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', cancel);
      dragState.current = null;
      setDrag(null);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', cancel);
  };
  return { surface, drag, startDrag };
};
