/**
 * The functions' invocations in the simulated world (world.ts). With faults injected, each stops
 * at a gate before every awaited step outside it, and the world lets them on one at a time, in an
 * order drawn from its seed (`interleave`): concurrent instances interleave, the same way for the
 * same seed. Without faults nothing stops: the steps run as they come.
 */

/**
 * One invocation of a function. With faults injected, it stops at a gate before each awaited step
 * outside it (a Blobs operation, the build hook, a request to the product API), and `interleave`
 * lets one gated invocation on at a time. `die` ends it at a step: what follows never runs.
 */
export class Invocation {
  state: 'running' | 'gated' | 'done' = 'running';
  dead = false;
  /** Its steps waiting at the gate, first come first (several at once when it reads blobs in parallel). */
  private waiting: Array<() => void> = [];
  private resolveDeath!: () => void;
  readonly death = new Promise<'died'>((resolve) => {
    this.resolveDeath = () => resolve('died');
  });

  gate(): Promise<void> {
    this.state = 'gated';
    return new Promise<void>((release) => this.waiting.push(release));
  }

  /** Lets its first waiting step go on. */
  release(): void {
    const next = this.waiting.shift();
    if (this.waiting.length === 0) this.state = 'running';
    next?.();
  }

  die<T>(): Promise<T> {
    this.dead = true;
    this.resolveDeath();
    return new Promise<T>(() => {});
  }
}

/**
 * Runs `work` (the events of one moment) to its end: whenever every invocation of `active` still
 * running waits at a gate, one drawn by `random` goes on; when none can, `moveTimers` moves fake
 * timers (updateJson's pauses between lost races) if it has any. Web Crypto's HMACs run off the
 * main thread, so real time passes too: a minute of it means a hang, which fails with `recent`.
 */
export async function interleave(
  work: Promise<unknown>,
  active: Set<Invocation>,
  random: () => number,
  moveTimers: () => void,
  recent: () => string,
): Promise<void> {
  let settled = false;
  let failure: { error: unknown } | undefined;
  work.then(
    () => {
      settled = true;
    },
    (error: unknown) => {
      settled = true;
      failure = { error };
    },
  );
  const giveUp = Date.now() + 60_000;
  while (!settled) {
    await new Promise((next) => setImmediate(next));
    if (settled) break;
    const live = [...active].filter(
      (invocation) => invocation.state !== 'done' && !invocation.dead,
    );
    if (live.length > 0 && live.every((invocation) => invocation.state === 'gated')) {
      live[Math.floor(random() * live.length)]!.release();
      continue;
    }
    moveTimers();
    if (Date.now() > giveUp)
      throw new Error(`an invocation neither answered nor died (${recent()})`);
  }
  for (const invocation of active)
    if (invocation.state === 'done' || invocation.dead) active.delete(invocation);
  if (failure) throw failure.error;
}
