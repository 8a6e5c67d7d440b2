// In-page measurements, called by tests/bench/planning.bench.ts through
// window.__bench (kept in the page bundle so the driver sends no code).

/** Resolves once the current frame has been rendered (rAF, then a task). */
export function afterPaint(): Promise<number> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => resolve(performance.now());
      ch.port2.postMessage(0);
    });
  });
}

export interface FrameStats {
  frames: number;
  medianDelta: number;
  p95Delta: number;
  /** Frames that missed at least one vsync (delta > 1,5 × 16,7 ms). */
  late: number;
  windows: number;
}

const quantile = (a: number[], p: number) => {
  const s = [...a].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
};

/**
 * Scrolls the board by `step` pixels per animation frame and records the
 * rAF-to-rAF delta: the frame time as the page sees it (headless Chromium
 * paces frames at 60 Hz, so ≈16,7 ms is this figure's floor). The run is
 * framed by the user-timing marks 'pb-scroll-start' / 'pb-scroll-end', so the
 * driver can read each frame's main-thread time from a Chromium trace.
 */
export async function scrollRun(
  axis: 'x' | 'y',
  step: number,
  frames: number,
  windowCount: () => number,
): Promise<FrameStats> {
  const el = document.querySelector('.pb-scroller') as HTMLElement;
  const before = windowCount();
  const deltas: number[] = [];
  performance.mark('pb-scroll-start');
  await new Promise<void>((resolve) => {
    let last = 0;
    let n = 0;
    const tick = (ts: number) => {
      if (last) deltas.push(ts - last);
      last = ts;
      if (axis === 'y') el.scrollTop += step;
      else el.scrollLeft += step;
      if (++n < frames) requestAnimationFrame(tick);
      else requestAnimationFrame(() => resolve());
    };
    requestAnimationFrame(tick);
  });
  performance.mark('pb-scroll-end');
  await new Promise((r) => setTimeout(r, 250)); // let the debounced window callback fire
  return {
    frames: deltas.length,
    medianDelta: quantile(deltas, 0.5),
    p95Delta: quantile(deltas, 0.95),
    late: deltas.filter((d) => d > 25).length,
    windows: windowCount() - before,
  };
}
