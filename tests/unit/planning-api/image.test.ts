import { describe, expect, it } from 'vitest';
import { checkPlanImage, imageInfo, PLAN_IMAGE_MAX_BYTES } from '../../../api/domain/planning/image';
import { Canvas, demoPlanImage } from '../../../api/demo/planning';

const gif = Buffer.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x20, 0x03, 0x58, 0x02, 0, 0, 0]);
// SOI, APP0 (16 bytes), SOF0 with height 480 and width 640.
const jpeg = Buffer.from([
  0xff,
  0xd8,
  0xff,
  0xe0,
  0x00,
  0x10,
  ...new Array(14).fill(0),
  0xff,
  0xc0,
  0x00,
  0x11,
  0x08,
  0x01,
  0xe0,
  0x02,
  0x80,
  0x03,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
]);

describe('plan image', () => {
  it('reads the type and size of PNG, GIF and JPEG images', () => {
    expect(imageInfo(new Canvas(37, 21, [0, 0, 0]).png())).toEqual({ mime: 'image/png', width: 37, height: 21 });
    expect(imageInfo(demoPlanImage())).toEqual({ mime: 'image/png', width: 960, height: 560 });
    expect(imageInfo(gif)).toEqual({ mime: 'image/gif', width: 800, height: 600 });
    expect(imageInfo(jpeg)).toEqual({ mime: 'image/jpeg', width: 640, height: 480 });
    expect(imageInfo(Buffer.from('%PDF-1.4 not an image'))).toBeNull();
  });

  it('accepts .jpg .jpeg .png .gif whose content matches, in French otherwise', () => {
    expect(checkPlanImage('plan.JPEG', jpeg).mime).toBe('image/jpeg');
    expect(checkPlanImage('plan.jpg', jpeg).width).toBe(640);
    expect(checkPlanImage('plan.gif', gif).height).toBe(600);
    expect(() => checkPlanImage('plan.pdf', jpeg)).toThrow('Formats acceptés : .jpg, .jpeg, .png, .gif');
    expect(() => checkPlanImage('plan.png', jpeg)).toThrow('Formats acceptés : .jpg, .jpeg, .png, .gif');
    expect(() => checkPlanImage('plan', jpeg)).toThrow('Formats acceptés');
    const big = Buffer.concat([jpeg, Buffer.alloc(PLAN_IMAGE_MAX_BYTES)]);
    expect(() => checkPlanImage('plan.jpg', big)).toThrow('Image trop volumineuse');
  });
});
