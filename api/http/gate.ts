// A counting semaphore, first come first served: the heavy lane's and the admission's.
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  async enter(): Promise<void> {
    if (this.running < this.limit) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Hands the slot to the next in line (FIFO), or frees it. */
  leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  get idle(): boolean {
    return this.running === 0 && this.waiting.length === 0;
  }
}
