/** Bounds how many callers hold a slot at once; the others wait in arrival order. */
export class Semaphore {
  private readonly waiting: (() => void)[] = [];
  private available: number;

  constructor(slots: number) {
    this.available = slots;
  }

  async use<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.available > 0) {
      this.available -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.available += 1;
  }
}
