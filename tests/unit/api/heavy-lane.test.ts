import { describe, expect, it } from 'vitest';
import { HEAVY_ROWS, inHeavyLane } from '../../../api/http/heavy-lane';

/** A read that stays running until released, recording how many run at once. */
function probe() {
  let running = 0,
    peak = 0;
  const releases: (() => void)[] = [];
  const read = () =>
    new Promise<number>((resolve) => {
      running++;
      peak = Math.max(peak, running);
      releases.push(() => {
        running--;
        resolve(running);
      });
    });
  return { read, releases, peak: () => peak, running: () => running };
}

describe('heavy lane', () => {
  it("runs one user's heavy reads one after the other, in order", async () => {
    const p = probe();
    const order: number[] = [];
    const all = [1, 2, 3, 4].map((i) =>
      inHeavyLane(7, HEAVY_ROWS + 1, async () => {
        await p.read();
        order.push(i);
      }),
    );
    for (let i = 0; i < 4; i++) {
      await expect.poll(() => p.releases.length).toBe(i + 1);
      expect(p.running()).toBe(1);
      p.releases[i]();
    }
    await Promise.all(all);
    expect(p.peak()).toBe(1);
    expect(order).toEqual([1, 2, 3, 4]);
  });

  it('never holds back a small page, even while a heavy read of the same user waits', async () => {
    const p = probe();
    const heavy = inHeavyLane(8, 500, p.read);
    await expect.poll(() => p.releases.length).toBe(1);
    const small = await inHeavyLane(8, 20, async () => 'page');
    expect(small).toBe('page');
    p.releases[0]();
    await heavy;
  });

  it('frees the slot when a heavy read fails', async () => {
    await expect(
      inHeavyLane(9, 500, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(inHeavyLane(9, 500, async () => 'next')).resolves.toBe('next');
  });
});
