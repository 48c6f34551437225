import { Box, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import type { CalendarItem } from '../../../domain/calendar/calendarItems';
import { eventColorHex, eventColorOf, eventTextHex } from '../../../domain/calendar/eventColor';
import { writeDrag } from './calendarDrag';

/** One calendar item: coloured by its sub-type, draggable when it may move, with a resize handle when it may. */
export const EventChip = ({
  item,
  onOpen,
  showResize = false,
}: {
  readonly item: CalendarItem;
  readonly onOpen: (item: CalendarItem) => void;
  readonly showResize?: boolean;
}): ReactNode => {
  const color = eventColorOf(item.resourceSubType);
  return (
    <Box
      draggable={item.movable}
      onDragStart={(e) => writeDrag(e.dataTransfer, { id: item.id, mode: 'move' })}
      onClick={(e) => {
        e.stopPropagation();
        onOpen(item);
      }}
      data-testid="calendar-item"
      data-id={item.id}
      data-source={item.source}
      data-color={color}
      data-start={item.startDate}
      style={{
        background: eventColorHex[color],
        color: eventTextHex[color],
        borderRadius: 4,
        padding: '1px 4px',
        cursor: item.movable ? 'grab' : 'pointer',
        display: 'flex',
        alignItems: 'center',
        gap: 4,
        minWidth: 0,
      }}
    >
      <Text size="xs" truncate style={{ flex: 1 }}>
        {`${dayjs(item.startDate).format('HH:mm')} ${item.title}`}
      </Text>
      {showResize && item.resizable && (
        <Box
          draggable
          onDragStart={(e) => {
            e.stopPropagation();
            writeDrag(e.dataTransfer, { id: item.id, mode: 'resize' });
          }}
          data-testid="calendar-item-resize"
          style={{ width: 6, alignSelf: 'stretch', cursor: 'ew-resize', background: 'rgba(0,0,0,0.25)' }}
        />
      )}
    </Box>
  );
};
