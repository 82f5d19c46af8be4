/**
 * core/parallel/supervisor.ts on its own, over scripted PoolWorkers (no engine): a death reported twice
 * (a Node thread's 'error' then 'exit') counts once; a slot is given up after MAX_CONSECUTIVE_DEATHS deaths
 * in a row and an answer in between resets the count; a worker that cannot be created gives its slot up;
 * idle workers do not keep the process alive, busy ones do; a closed supervisor refuses work.
 * The Node and browser adapters are tested with real engines in pool-robustness.test.ts and
 * test/renderer/engine-pool.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { WorkerResponse } from '../../core/parallel/protocol.js';
import { createSupervisor, MAX_CONSECUTIVE_DEATHS, type PoolWorker } from '../../core/parallel/supervisor.js';

class ScriptedWorker implements PoolWorker {
  readonly replies = new Set<(response: WorkerResponse) => void>();
  readonly deaths = new Set<(error: Error) => void>();
  terminated = 0;
  alive: boolean[] = [];
  post(): void {}
  listen(onResponse: (response: WorkerResponse) => void, onCrash: (error: Error) => void): () => void {
    this.replies.add(onResponse);
    this.deaths.add(onCrash);
    return () => {
      this.replies.delete(onResponse);
      this.deaths.delete(onCrash);
    };
  }
  terminate(): void {
    this.terminated++;
  }
  keepAlive(alive: boolean): void {
    this.alive.push(alive);
  }
  die(): void {
    for (const l of [...this.deaths]) l(new Error('died'));
  }
  answer(): void {
    for (const l of [...this.replies]) l({ kind: 'released' } as unknown as WorkerResponse);
  }
}

function scripted() {
  const made: ScriptedWorker[] = [];
  const create = () => {
    const w = new ScriptedWorker();
    made.push(w);
    return w;
  };
  return { made, create };
}

describe('supervisor', () => {
  it('replaces a dead worker; a death reported twice counts once', () => {
    const { made, create } = scripted();
    const sizes: number[] = [];
    const s = createSupervisor({ count: 2, create, onSizeChange: (n) => sizes.push(n) });
    expect(made).toHaveLength(2);
    made[0]!.die();
    made[0]!.die(); // 'error' then 'exit'
    expect(made).toHaveLength(3);
    expect(made[0]!.terminated).toBe(1);
    expect(s.size).toBe(2);
    expect(sizes).toEqual([]);
  });

  it(`gives a slot up after ${MAX_CONSECUTIVE_DEATHS} deaths in a row; an answer in between resets the count`, () => {
    const { made, create } = scripted();
    const sizes: number[] = [];
    const s = createSupervisor({ count: 2, create, onSizeChange: (n) => sizes.push(n) });
    // slot A: die, answer, then die twice: still there (2 in a row)
    made[0]!.die();
    made[2]!.answer();
    made[2]!.die();
    made[3]!.die();
    expect(s.size).toBe(2);
    // slot A's third death in a row: given up, no replacement
    const before = made.length;
    made[4]!.die();
    expect(made).toHaveLength(before);
    expect(s.size).toBe(1);
    expect(sizes).toEqual([1]);
    made[4]!.die(); // a late 'exit' of the given-up worker changes nothing
    expect(s.size).toBe(1);
    expect(sizes).toEqual([1]);
  });

  it('a worker that cannot be created gives its slot up; with none left, jobs run in the calling thread', async () => {
    const s = createSupervisor({
      count: 2,
      create: () => {
        throw new Error('worker-src refused');
      },
    });
    expect(s.size).toBe(0);
    expect(await s.run(async () => 'on workers', () => 'in thread')).toBe('in thread');
  });

  it('idle workers do not keep the process alive; a job keeps its workers alive until it ends', async () => {
    const { made, create } = scripted();
    const s = createSupervisor({ count: 2, create });
    expect(made.map((w) => w.alive)).toEqual([[false], [false]]);
    let links = 0;
    await s.run(async (l) => {
      links = l.length;
      expect(made.map((w) => w.alive.at(-1))).toEqual([true, true]);
      made[1]!.die(); // its replacement starts during the job: kept alive too
      expect(made[2]!.alive).toEqual([true]);
    }, () => undefined);
    expect(links).toBe(2);
    expect([made[0]!, made[2]!].map((w) => w.alive.at(-1))).toEqual([false, false]);
  });

  it('close terminates the workers, ignores their deaths and refuses later work', async () => {
    const { made, create } = scripted();
    const s = createSupervisor({ count: 2, create });
    await s.close();
    expect(made.map((w) => w.terminated)).toEqual([1, 1]);
    made[0]!.die();
    expect(made).toHaveLength(2);
    await expect(s.run(async () => 1, () => 2)).rejects.toMatchObject({ code: 'invalid-request' });
  });
});
