// What `npm run dist` packs and registers, read from electron-builder.yml the way electron-builder reads it:
// - issue 15 item 7: the app is out/main, out/preload, out/renderer and package.json — not out/web (the browser
//   build, when it exists), no source maps, and no node_modules (every dependency is bundled into out/main,
//   test/electron/bundle.test.ts). Checked with electron-builder's own file matchers (app files and
//   production node_modules are matched separately).
// - issue 15 item 6: "Open with SKFR Studio" for .csv, .tsv, .xlsx and .xls (not every .txt file).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getConfig } from 'app-builder-lib/out/util/config/config.js';
import { ASSOCIATED_EXTENSIONS, DATA_EXTENSIONS } from '../../electron/desktop-open.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

type Filter = (file: string, stat: { isDirectory(): boolean; moduleFullFilePath?: string }) => boolean;
interface Matcher {
  createFilter(): Filter;
}
// electron-builder's internal matchers (app-builder-lib/out/fileMatcher.js), as platformPackager.js calls them
const { getMainFileMatchers, getNodeModuleFileMatcher } = require('app-builder-lib/out/fileMatcher.js') as {
  getMainFileMatchers(appDir: string, destination: string, expand: (s: string) => string, platformOptions: object, packager: object, outDir: string, electronCompile: boolean): Matcher[];
  getNodeModuleFileMatcher(appDir: string, destination: string, expand: (s: string) => string, platformOptions: object, info: object): Matcher;
};

const file = { isDirectory: () => false };

async function filters(files?: unknown[]): Promise<{ app: (path: string) => boolean; nodeModule: (path: string) => boolean }> {
  const loaded = await getConfig(root, 'electron-builder.yml', null);
  const config = files ? { ...loaded, files } : loaded;
  const info = { config, projectDir: root, buildResourcesDir: join(root, 'build'), isPrepackedAppAsar: false, debugLogger: { isEnabled: false } };
  const expand = (s: string) => s;
  const destination = '/packed/resources/app';
  const [main] = getMainFileMatchers(root, destination, expand, {}, { info }, join(root, 'release'), false);
  const appFilter = main!.createFilter();
  const modules = getNodeModuleFileMatcher(root, destination, expand, {}, info).createFilter();
  return {
    app: (path) => appFilter(join(root, path), file),
    // a production dependency's file, as NodeModuleCopyHelper asks (its path inside the app: node_modules/<name>/…)
    nodeModule: (path) => modules(join(root, path), { ...file, moduleFullFilePath: path }),
  };
}

describe('what the packaged app contains (files)', () => {
  it('out/main, out/preload, out/renderer and package.json; not out/web, source maps, sources or node_modules', async () => {
    const f = await filters();
    for (const path of ['out/main/main.js', 'out/main/compute.js', 'out/main/compute-worker.js', 'out/main/engine-worker.js', 'out/main/chunks/schema-x.js', 'out/preload/preload.cjs', 'out/renderer/index.html', 'out/renderer/assets/index-x.js', 'package.json']) {
      expect(f.app(path), path).toBe(true);
    }
    for (const path of ['out/web/index.html', 'out/web/assets/worker-x.js', 'out/main/main.js.map', 'electron/main.ts', 'core/engine/index.ts', 'README.md', 'release/x.AppImage']) {
      expect(f.app(path), path).toBe(false);
    }
    for (const path of ['node_modules/xlsx/xlsx.mjs', 'node_modules/xlsx/package.json', 'node_modules/zod/index.js']) {
      expect(f.nodeModule(path), path).toBe(false);
    }
  });

  it('(the check has teeth: with the old patterns out/web and node_modules were packed)', async () => {
    const old = await filters(['out/**', 'package.json', '!**/*.map']);
    expect(old.app('out/web/index.html')).toBe(true);
    expect(old.nodeModule('node_modules/xlsx/xlsx.mjs')).toBe(true);
  });
});

describe('file associations', () => {
  it('.csv, .tsv, .xlsx, .xls as a viewer that does not take over (macOS rank Alternate), with their MIME types (Linux)', async () => {
    const config = await getConfig(root, 'electron-builder.yml', null);
    const associations = (Array.isArray(config.fileAssociations) ? config.fileAssociations : [config.fileAssociations]).map((a) => ({ ...a! }));
    expect(associations).toEqual([
      { ext: 'csv', name: 'SKFRStudio.csv', description: 'CSV table', mimeType: 'text/csv', role: 'Viewer', rank: 'Alternate' },
      { ext: 'tsv', name: 'SKFRStudio.tsv', description: 'TSV table', mimeType: 'text/tab-separated-values', role: 'Viewer', rank: 'Alternate' },
      { ext: 'xlsx', name: 'SKFRStudio.xlsx', description: 'Excel workbook', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', role: 'Viewer', rank: 'Alternate' },
      { ext: 'xls', name: 'SKFRStudio.xls', description: 'Excel 97-2003 workbook', mimeType: 'application/vnd.ms-excel', role: 'Viewer', rank: 'Alternate' },
    ]);
    // the same list the main process knows, each one a type it opens; .txt opens but is not claimed
    expect(associations.map((a) => a.ext)).toEqual([...ASSOCIATED_EXTENSIONS]);
    for (const ext of ASSOCIATED_EXTENSIONS) expect(DATA_EXTENSIONS).toContain(`.${ext}`);
    expect(associations.map((a) => a.ext)).not.toContain('txt');
  });
});
