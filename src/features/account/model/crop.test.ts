import { describe, expect, it } from 'vitest';
import { cropSource } from './crop';

describe('cropSource', () => {
  it('keeps a framed square inside the picture', () => {
    expect(cropSource({ x: 10, y: 20, width: 100, height: 100 }, { width: 400, height: 300 })).toEqual({
      x: 10,
      y: 20,
      width: 100,
      height: 100,
    });
  });

  it('clamps a frame past the edges and squares an uneven one', () => {
    expect(cropSource({ x: -5, y: 250, width: 120, height: 100 }, { width: 400, height: 300 })).toEqual({
      x: 0,
      y: 200,
      width: 100,
      height: 100,
    });
    expect(cropSource({ x: 0, y: 0, width: 500, height: 500 }, { width: 400, height: 300 })).toEqual({
      x: 0,
      y: 0,
      width: 300,
      height: 300,
    });
  });
});
