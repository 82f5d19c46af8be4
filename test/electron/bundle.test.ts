// Issue 15 item 3: the main process, the compute utility process, its worker thread and the engine threads are
// bundled into self-contained files in out/main (electron.vite.config.ts: main.build.externalizeDeps = false),
// so nothing is resolved from node_modules at run time — no package lookup inside app.asar, where ESM
// resolution has regressed in several Electron releases. Every import of every file in out/main is parsed
// (vite's parseAst: imports, re-exports, dynamic imports, require calls) and must be a Node built-in, `electron`,
// or another file of out/main.
// Reads the built out/main: CI builds it (`npm run build`) before the tests; without it the test is skipped
// with the reason.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const outMain = join(root, 'out', 'main');
const ENTRIES = ['main.js', 'compute.js', 'compute-worker.js', 'engine-worker.js'];
const built = ENTRIES.every((e) => existsSync(join(outMain, e)));
const reason = `${relative(root, outMain)} is not built (run \`npm run build\` first; CI does)`;
if (!built) console.log(`[bundle] skipped: ${reason}`);

function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? jsFiles(path) : name.endsWith('.js') ? [path] : [];
  });
}

type Node = { type: string; [key: string]: unknown };

/** Every module specifier a file loads: static imports, re-exports, import(), require(); null for a computed one. */
function specifiers(code: string): (string | null)[] {
  const out: (string | null)[] = [];
  const literal = (n: unknown): string | null => {
    const node = n as Node | null;
    return node && node.type === 'Literal' && typeof node['value'] === 'string' ? (node['value'] as string) : null;
  };
  const visit = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(visit);
    if (!n || typeof n !== 'object') return;
    const node = n as Node;
    if (typeof node.type === 'string') {
      if ((node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration' || node.type === 'ExportNamedDeclaration') && node['source']) {
        out.push(literal(node['source']));
      } else if (node.type === 'ImportExpression') {
        out.push(literal(node['source']));
      } else if (node.type === 'CallExpression' && (node['callee'] as Node).type === 'Identifier' && (node['callee'] as Node)['name'] === 'require') {
        out.push(literal((node['arguments'] as unknown[])[0]));
      }
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'type' && value && typeof value === 'object') visit(value);
  };
  visit(parseAst(code));
  return out;
}

const builtins = new Set(builtinModules);
function allowed(specifier: string, from: string): boolean {
  if (specifier.startsWith('node:') || builtins.has(specifier)) return true;
  if (specifier === 'electron' || specifier.startsWith('electron/')) return true;
  if (specifier.startsWith('./') || specifier.startsWith('../')) {
    const target = resolve(dirname(from), specifier);
    return target.startsWith(outMain) && existsSync(target);
  }
  return false;
}

describe.skipIf(!built)('out/main is self-contained', () => {
  it('every file imports only Node built-ins, electron and files of out/main (xlsx and zod are inside)', () => {
    const files = jsFiles(outMain);
    expect(files.length).toBeGreaterThanOrEqual(ENTRIES.length);
    const bad: string[] = [];
    let imports = 0;
    for (const path of files) {
      for (const specifier of specifiers(readFileSync(path, 'utf8'))) {
        imports++;
        if (specifier === null) bad.push(`${relative(outMain, path)}: a computed import`);
        else if (!allowed(specifier, path)) bad.push(`${relative(outMain, path)}: ${specifier}`);
      }
    }
    expect(bad).toEqual([]);
    expect(imports).toBeGreaterThan(ENTRIES.length);
    // the dependencies are really in there (SheetJS, zod)
    const all = files.map((f) => readFileSync(f, 'utf8')).join('\n');
    expect(all).toContain('function parse_xlscfb('); // SheetJS's .xls reader
    expect(all).toContain('ZodError');
  });

  it('the main process does not load SheetJS (only the compute worker does)', () => {
    const graph = (entry: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(entry)) return seen;
      seen.add(entry);
      for (const s of specifiers(readFileSync(entry, 'utf8'))) if (s?.startsWith('.')) graph(resolve(dirname(entry), s), seen);
      return seen;
    };
    const sheetjs = (files: Set<string>) => [...files].some((f) => readFileSync(f, 'utf8').includes('function parse_xlscfb('));
    expect(sheetjs(graph(join(outMain, 'main.js')))).toBe(false);
    expect(sheetjs(graph(join(outMain, 'compute-worker.js')))).toBe(true);
  });

  it('the parser sees what matters (a bare package, a computed import and require are caught; strings are not imports)', () => {
    expect(specifiers('import x from "xlsx"; export * from "./a.js"; import("zod"); require("fs"); import(name); const s = "import(\'tsx/esm/api\')";')).toEqual([
      'xlsx',
      './a.js',
      'zod',
      'fs',
      null,
    ]);
  });
});
