// The import-cycle check of `npm run lint` (and of `npm test`'s lint check): dependency-cruiser with the repo's
// .dependency-cruiser.cjs, run as lint runs it on small projects written to a temporary folder. A cycle made only
// of `import type` lines (the kind ESLint's import/no-cycle skips, and four of issue 28's five circles) is
// rejected, so is a renderer-style one (extensionless imports, a .vue component), and the same files with the
// shared type moved out pass: a check that always failed would fail that case.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const config = join(root, '.dependency-cruiser.cjs');
const depcruise = join(root, 'node_modules', '.bin', 'depcruise');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'skfr-cycles-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Writes `files` under a fresh folder `name` and runs the check on it as `npm run lint:cycles` does. */
async function check(name: string, files: Record<string, string>): Promise<{ status: number | null; output: string }> {
  const project = join(dir, name);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(project, path)), { recursive: true });
    await writeFile(join(project, path), text);
  }
  const run = spawnSync(depcruise, ['--config', config, '--output-type', 'err', 'src'], { cwd: project, encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

// The job protocol's shape before issue 28: the protocol named the session file's type, and the session file
// named the protocol's settings; both with `import type` and NodeNext's './x.js' for './x.ts'.
const typeCycle = {
  'src/jobs/types.ts': "import type { SessionFile } from './session-file.js';\nexport interface FitSettings { k: number }\nexport interface SessionOpened { session: SessionFile }\n",
  'src/jobs/session-file.ts': "import type { FitSettings } from './types.js';\nexport interface SessionFile { settings: FitSettings }\nexport const KIND = 'skfr-session';\n",
};

describe('the import-cycle check (npm run lint)', () => {
  it('is part of npm run lint and of the lint check of npm test', async () => {
    const scripts = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts['lint']).toContain('npm run lint:cycles');
    expect(scripts['lint:cycles']).toMatch(/^depcruise --config \.dependency-cruiser\.cjs .* \.$/);
    expect(await readFile(join(root, 'test/run-all.mjs'), 'utf8')).toContain("'lint:cycles'");
  });

  it('rejects a cycle of type-only imports, naming its modules', async () => {
    const { status, output } = await check('types', typeCycle);
    expect(status).not.toBe(0);
    expect(output).toContain('no-circular');
    expect(output).toMatch(/src\/jobs\/(types|session-file)\.ts →\s+src\/jobs\/(session-file|types)\.ts →/);
  }, 300_000);

  it('rejects a cycle of stores (extensionless imports) and one through a .vue component', async () => {
    const stores = await check('stores', {
      'src/stores/dataset.ts': "import { useSessionStore } from './session';\nexport function useDatasetStore() { return { open: () => useSessionStore() }; }\n",
      'src/stores/session.ts': "import { useDatasetStore } from './dataset';\nexport function useSessionStore() { return { dataset: useDatasetStore }; }\n",
    });
    expect(stores.status).not.toBe(0);
    expect(stores.output).toMatch(/src\/stores\/(dataset|session)\.ts →/);
    const vue = await check('vue', {
      'src/Panel.vue': '<script setup lang="ts">\nimport { draw } from "./draw";\ndraw();\n</script>\n<template><p>chart</p></template>\n',
      'src/draw.ts': "import Panel from './Panel.vue';\nexport function draw(): unknown { return Panel; }\n",
    });
    expect(vue.status).not.toBe(0);
    expect(vue.output).toMatch(/src\/Panel\.vue →/);
  }, 300_000);

  it('passes the same modules once the shared type lives in the module it describes', async () => {
    const { status, output } = await check('one-direction', {
      'src/analysis.ts': 'export interface FitSettings { k: number }\n',
      'src/jobs/session-schema.ts': "import type { FitSettings } from '../analysis.js';\nexport interface SessionFile { settings: FitSettings }\n",
      'src/jobs/types.ts': "import type { FitSettings } from '../analysis.js';\nimport type { SessionFile } from './session-schema.js';\nexport type { FitSettings };\nexport interface SessionOpened { session: SessionFile }\n",
      'src/jobs/session-file.ts': "import type { SessionFile } from './session-schema.js';\nimport type { SessionOpened } from './types.js';\nexport function opened(session: SessionFile): SessionOpened { return { session }; }\n",
    });
    expect(output).toContain('no dependency violations');
    expect(status).toBe(0);
  }, 300_000);
});
