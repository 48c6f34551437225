import { describe, expect, it } from 'vitest';
import {
  fillBands,
  fillColours,
  fromDrawing,
  insideBounds,
  locationFill,
  toDrawing,
} from '../../../domain/warehouse/mapFill';

const bounds = { southWestX: -10, southWestY: 0, northEastX: 90, northEastY: 50 };

describe('locationFill: the planner colour of a location by its load against its capacity', () => {
  it('is empty with nothing stored, whether or not the location has a capacity', () => {
    expect(locationFill(0, 0, 100)).toEqual({ band: 'empty', percent: 0 });
    expect(locationFill(0, 0, null)).toEqual({ band: 'empty', percent: null });
  });

  it('grows from low through medium and high to full at the capacity, and stays full beyond it', () => {
    expect(locationFill(10, 1, 100)).toEqual({ band: 'low', percent: 10 });
    expect(locationFill(49.99, 1, 100).band).toBe('low');
    expect(locationFill(50, 1, 100)).toEqual({ band: 'medium', percent: 50 });
    expect(locationFill(84.9, 1, 100).band).toBe('medium');
    expect(locationFill(85, 1, 100)).toEqual({ band: 'high', percent: 85 });
    expect(locationFill(99.999999, 1, 100).band).toBe('high');
    expect(locationFill(100, 1, 100)).toEqual({ band: 'full', percent: 100 });
    expect(locationFill(130, 2, 100)).toEqual({ band: 'full', percent: 130 });
  });

  it('sums decimals at the stored precision (0.1 + 0.2 of 0.3 kg is full, not just under)', () => {
    expect(locationFill(0.1 + 0.2, 1, 0.3).band).toBe('full');
  });

  it('is unknown with goods but no capacity (or goods without weight data and no capacity), never empty', () => {
    expect(locationFill(0, 5, null)).toEqual({ band: 'unknown', percent: null });
    expect(locationFill(12, 5, 0)).toEqual({ band: 'unknown', percent: null });
  });

  it('counts goods without weight data as stored: a location with units but 0 kg is low, not empty', () => {
    expect(locationFill(0, 3, 100)).toEqual({ band: 'low', percent: 0 });
  });

  it('has a colour for every band', () => {
    expect(Object.keys(fillColours).sort()).toEqual([...fillBands].sort());
  });
});

describe('map coordinates', () => {
  it('lie inside the bounds with the edges included', () => {
    expect(insideBounds(bounds, -10, 0)).toBe(true);
    expect(insideBounds(bounds, 90, 50)).toBe(true);
    expect(insideBounds(bounds, 90.01, 25)).toBe(false);
    expect(insideBounds(bounds, 0, -0.01)).toBe(false);
  });

  it('map to the drawing with north up and back, clamped to the map', () => {
    expect(toDrawing(bounds, -10, 50)).toEqual({ left: 0, top: 0 });
    expect(toDrawing(bounds, 40, 0)).toEqual({ left: 0.5, top: 1 });
    expect(fromDrawing(bounds, 0.5, 1)).toEqual({ x: 40, y: 0 });
    expect(fromDrawing(bounds, 1.5, -0.2)).toEqual({ x: 90, y: 50 });
    const there = toDrawing(bounds, 12.34, 5.67);
    expect(fromDrawing(bounds, there.left, there.top)).toEqual({ x: 12.34, y: 5.67 });
  });
});
