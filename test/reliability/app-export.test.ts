/**
 * Issue 12 item 2: the app's export never replaces the opened input file. The jobs session (the compute
 * process of the desktop app, with the Node FileIO of node/file-io.ts) refuses an export path that is
 * the file a dataset was opened from — the same real file by any path: itself, through a symlinked folder,
 * a symlink, `..` — with one sentence; the input keeps its bytes, and no temporary file is left.
 */
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSession } from '../../core/jobs/session.js';
import type { JobResponse } from '../../core/jobs/types.js';
import { nodeFileIO } from '../../node/file-io.js';
import { sameFile } from '../../node/files.js';
import { simulatedRows } from '../../cli/commands/simulate.js';
import { simulate } from '../../core/engine/index.js';
import { toCsv } from '../../core/table/index.js';
import { tempDir } from '../cli/helpers.js';

const tmp = tempDir('skfr-app-export-');
afterAll(tmp.cleanup);

function ok<T>(response: JobResponse & { result?: T }): T {
  if (!response.ok) throw new Error(`${response.error.code}: ${response.error.message}`);
  return response.result as T;
}

describe('export path = the opened input', () => {
  const dir = join(tmp.dir, 'data');
  mkdirSync(dir);
  const input = join(dir, 'panel.csv');
  const original = toCsv(simulatedRows(simulate('sparse', { n: 60, p: 6, k: 3, s: 3, seed: 2 })));
  writeFileSync(input, original);
  symlinkSync(dir, join(tmp.dir, 'alias'));
  symlinkSync(input, join(tmp.dir, 'link.csv'));

  it('is refused with one sentence for every name of the file; another name is written', async () => {
    const session = createSession(nodeFileIO);
    const opened = ok<{ datasetId: string }>(await session.runJob({ type: 'open', source: { kind: 'path', path: input } }));
    const mapping = { orientation: 'samples-as-rows' as const, idColumn: 'id', annotationColumns: ['class'], featureColumns: null, filters: [] };
    const settings = { k: 3, s: 3, variant: 'global' as const, loss: 'squared' as const, restarts: 2, seed: 1, maxIterations: 100 };
    const { fitId } = ok<{ fitId: string }>(await session.runJob({ type: 'fit', datasetId: opened.datasetId, mapping, settings }));

    for (const path of [input, join(tmp.dir, 'alias', 'panel.csv'), join(tmp.dir, 'link.csv'), join(dir, '..', 'data', '.', 'panel.csv')]) {
      for (const what of ['samples', 'features'] as const) {
        const response = await session.runJob({ type: 'export', fitId, what, format: 'csv', path });
        expect(response.ok, path).toBe(false);
        if (response.ok) continue;
        expect(response.error).toEqual({
          code: 'write-failed',
          message: `Cannot export to “${path}”: it is the data file you opened, and SKFR Studio never overwrites an input file; choose another name.`,
        });
      }
    }
    expect(readFileSync(input, 'utf8')).toBe(original);
    expect(readdirSync(dir)).toEqual(['panel.csv']);

    const other = join(dir, 'panel-samples.csv');
    ok(await session.runJob({ type: 'export', fitId, what: 'samples', format: 'csv', path: other }));
    expect(readFileSync(other, 'utf8')).toMatch(/^id,class,cluster,distance\n/);

    // Once the dataset is closed, its file is no longer an open input.
    ok(await session.runJob({ type: 'close', datasetId: opened.datasetId }));
  });

  it('a host without sameFile still refuses the very path it opened', async () => {
    const bare = createSession({ readFile: nodeFileIO.readFile, writeFileAtomic: nodeFileIO.writeFileAtomic });
    const opened = ok<{ datasetId: string }>(await bare.runJob({ type: 'open', source: { kind: 'path', path: input } }));
    const mapping = { orientation: 'samples-as-rows' as const, idColumn: 'id', annotationColumns: ['class'], featureColumns: null, filters: [] };
    const settings = { k: 3, s: 3, variant: 'global' as const, loss: 'squared' as const, restarts: 2, seed: 1, maxIterations: 100 };
    const { fitId } = ok<{ fitId: string }>(await bare.runJob({ type: 'fit', datasetId: opened.datasetId, mapping, settings }));
    const same = await bare.runJob({ type: 'export', fitId, what: 'samples', format: 'csv', path: input });
    expect(same.ok).toBe(false);
    expect(readFileSync(input, 'utf8')).toBe(original);
  });

  it('sameFile: device + inode, false for a file that does not exist', async () => {
    expect(await sameFile(input, join(tmp.dir, 'alias', 'panel.csv'))).toBe(true);
    expect(await sameFile(input, join(tmp.dir, 'link.csv'))).toBe(true);
    expect(await sameFile(input, join(dir, 'panel-samples.csv'))).toBe(false);
    expect(await sameFile(input, join(dir, 'nope.csv'))).toBe(false);
  });
});
