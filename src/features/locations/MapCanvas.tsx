import { Box } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fillColours,
  fromDrawing,
  type MapBoundsLike,
  type MapPlace,
  toDrawing,
} from '../../../domain/warehouse/mapFill';
import type { MapDragging } from './useMapDrag';
import './mapHighlight.css';

export interface MapCanvasProps {
  readonly svgUrl: string;
  readonly label: string;
  readonly bounds: MapBoundsLike;
  readonly places: readonly MapPlace[];
  readonly zoom: number;
  readonly selectedId: string | null;
  readonly highlightId: string | null;
  readonly canMove: boolean;
  readonly onPlace: (id: string, x: number, y: number) => void;
  readonly onSelect: (id: string) => void;
  /** The drag state and handlers (shared with the list of unplaced locations, which drag onto this map). */
  readonly mapDrag: MapDragging;
}

/** Marker colours: a light fill with a strong border of the band's colour, dark text (legible in every band). */
export const markerStyle = (band: MapPlace['fill']) => ({
  background: `var(--mantine-color-${fillColours[band]}-2)`,
  border: `2px solid var(--mantine-color-${fillColours[band]}-7)`,
  color: 'var(--mantine-color-dark-9)',
});

/**
 * The map drawing with the placed locations on it. Locations move by pointer (mouse, pen or touch: pointer
 * events, not HTML drag and drop, which touch screens lack) and by the arrow keys (Shift: ten times further).
 * The drawing grows with the zoom and its frame scrolls, so it fits any screen.
 */
export const MapCanvas = (props: MapCanvasProps): ReactNode => {
  const {
    svgUrl,
    label,
    bounds,
    places,
    zoom,
    selectedId,
    highlightId,
    canMove,
    onSelect,
    onPlace,
    mapDrag,
  } = props;
  const { t } = useTranslation('infrastructure');
  const { surface, drag, startDrag } = mapDrag;

  const onKey = (place: MapPlace, e: KeyboardEvent) => {
    if (!canMove || place.x === null || place.y === null) return;
    const step = (e.shiftKey ? 10 : 1) / 100;
    const dx = { ArrowLeft: -step, ArrowRight: step }[e.key] ?? 0;
    const dy = { ArrowUp: -step, ArrowDown: step }[e.key] ?? 0;
    if (dx === 0 && dy === 0) return;
    e.preventDefault();
    const at = toDrawing(bounds, place.x, place.y);
    const point = fromDrawing(bounds, at.left + dx, at.top + dy);
    onPlace(place.id, point.x, point.y);
  };

  // The highlighted location (the picker's next one) is scrolled into view when its marker appears.
  const scrollIntoView = useCallback((el: HTMLButtonElement | null) => {
    el?.scrollIntoView?.({ block: 'center', inline: 'center' });
  }, []);

  const ghost = drag?.moved ? places.find((p) => p.id === drag.id) : undefined;

  return (
    <Box
      data-testid="map-viewport"
      style={{
        overflow: 'auto',
        maxWidth: '100%',
        maxHeight: '70vh',
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-sm)',
      }}
    >
      <Box ref={surface} data-testid="map-surface" style={{ position: 'relative', width: `${zoom * 100}%` }}>
        <img
          src={svgUrl}
          alt={t('map.drawing', { label })}
          draggable={false}
          style={{ display: 'block', width: '100%', height: 'auto', userSelect: 'none' }}
          data-testid="map-drawing"
        />
        {places.map((p) => {
          if (p.x === null || p.y === null) return null;
          const dragging = drag?.moved && drag.id === p.id;
          const at = dragging ? drag : toDrawing(bounds, p.x, p.y);
          const isHighlight = p.id === highlightId;
          return (
            <button
              key={p.id}
              type="button"
              ref={isHighlight ? scrollIntoView : undefined}
              data-testid="map-place"
              data-id={p.id}
              data-fill={p.fill}
              data-highlighted={isHighlight || undefined}
              className={isHighlight ? 'aisle-map-highlight' : undefined}
              aria-pressed={p.id === selectedId}
              aria-label={t('map.marker', { label: p.label, fill: t(`map.fill.${p.fill}`) })}
              title={`${p.label}: ${t(`map.fill.${p.fill}`)}${p.percent === null ? '' : ` (${p.percent} %)`}`}
              onPointerDown={(e) => (canMove ? startDrag(p.id, e) : undefined)}
              onClick={(e) => {
                // Pointer presses are handled on release; Enter and Space click a focused marker.
                if (e.detail === 0 || !canMove) onSelect(p.id);
              }}
              onKeyDown={(e) => onKey(p, e)}
              style={{
                ...markerStyle(p.fill),
                position: 'absolute',
                left: `${at.left * 100}%`,
                top: `${at.top * 100}%`,
                transform: 'translate(-50%, -50%)',
                // The next location is read at arm's length on a tablet or phone: bigger than the others.
                padding: isHighlight ? '4px 10px' : '2px 6px',
                borderRadius: 12,
                fontSize: isHighlight ? 15 : 11,
                fontWeight: 600,
                lineHeight: 1.3,
                whiteSpace: 'nowrap',
                cursor: canMove ? 'grab' : 'pointer',
                touchAction: canMove ? 'none' : 'auto',
                outline:
                  isHighlight || p.id === selectedId
                    ? `${isHighlight ? 4 : 3}px solid var(--mantine-color-${isHighlight ? 'violet' : 'blue'}-6)`
                    : undefined,
                outlineOffset: 2,
                zIndex: dragging ? 3 : isHighlight ? 2 : 1,
              }}
            >
              {p.label}
            </button>
          );
        })}
        {drag?.moved && !ghost ? (
          <Box
            aria-hidden
            data-testid="map-drop-ghost"
            style={{
              position: 'absolute',
              left: `${drag.left * 100}%`,
              top: `${drag.top * 100}%`,
              width: 14,
              height: 14,
              borderRadius: 7,
              transform: 'translate(-50%, -50%)',
              background: 'var(--mantine-color-blue-6)',
              pointerEvents: 'none',
            }}
          />
        ) : null}
      </Box>
    </Box>
  );
};
