/** The colours of calendar events (the spec's rule): by resourceSubType. */
export const eventColors = ['lightGreen', 'red', 'orange', 'blue', 'purple'] as const;
export type EventColor = (typeof eventColors)[number];

/** 112 light green, 122 red, 132 orange, 141 to 149 blue, anything else (none included) purple. */
export const eventColorOf = (resourceSubType: number | null | undefined): EventColor => {
  if (resourceSubType === 112) return 'lightGreen';
  if (resourceSubType === 122) return 'red';
  if (resourceSubType === 132) return 'orange';
  if (
    typeof resourceSubType === 'number' &&
    Number.isInteger(resourceSubType) &&
    resourceSubType >= 141 &&
    resourceSubType <= 149
  )
    return 'blue';
  return 'purple';
};

/** The swatch of each colour (Mantine's palette shades, readable with white text except light green). */
export const eventColorHex: Readonly<Record<EventColor, string>> = {
  lightGreen: '#8ce99a',
  red: '#e03131',
  orange: '#f76707',
  blue: '#1971c2',
  purple: '#7048e8',
};

/** Text colour on the swatch. */
export const eventTextHex: Readonly<Record<EventColor, string>> = {
  lightGreen: '#1b4d24',
  red: '#ffffff',
  orange: '#ffffff',
  blue: '#ffffff',
  purple: '#ffffff',
};
