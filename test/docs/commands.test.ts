/**
 * The README and docs/ stay true to the command (issue 28): every `skfr …` command they show names a command
 * that exists and only flags that command's --help lists, every `npm run X` names a script of package.json, and
 * every docs/ page is linked from the README. Commands are taken from ```sh blocks (lines joined at a trailing
 * backslash, comments cut) and from inline code spans that start with `skfr ` or `npx skfr `.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, skfr } from '../cli/helpers.js';

const pages = ['README.md', ...readdirSync(join(repoRoot, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const text = (page: string) => readFileSync(join(repoRoot, page), 'utf8');

/** The shell commands of a Markdown page: ```sh blocks' lines (continuations joined, comments cut) and inline spans. */
export function commandsOf(markdown: string): string[] {
  const out: string[] = [];
  for (const block of markdown.matchAll(/```(?:sh|bash|shell)\n([\s\S]*?)```/g)) {
    const joined = block[1]!.replace(/\s*\\\n\s*/g, ' ');
    for (const line of joined.split('\n')) {
      const command = line.replace(/\s+#\s.*$/, '').trim();
      if (command) out.push(command);
    }
  }
  for (const span of markdown.matchAll(/`((?:npx )?skfr [^`]+|npm run [^`]+)`/g)) out.push(span[1]!);
  return out;
}

/** `skfr` invocations among commands: [command, flags]. `skfr --help` etc. have no command. */
function skfrCalls(commands: string[]): { command: string; flags: string[]; line: string }[] {
  const calls = [];
  for (const line of commands) {
    const m = /(?:^|\s|&&\s*)(?:npx )?skfr\s+([a-z]+)?(.*)$/.exec(line);
    if (!m || line.startsWith('npm ')) continue;
    const flags = [...(m[2] ?? '').matchAll(/(?:^|[\s[(|])(--[a-z][a-z0-9-]*)/g)].map((f) => f[1]!);
    calls.push({ command: m[1] ?? '', flags, line });
  }
  return calls;
}

describe('the README and docs/ against the command', () => {
  it('finds commands in a page (hand-checked)', () => {
    const md = 'x `skfr rerun FILE.skfr [--data PATH]` y\n```sh\nnpx skfr cluster a.csv \\\n  --k 3 --s 10   # a comment --nope\nnpm run bench:parse\n```\n';
    expect(commandsOf(md)).toEqual(['npx skfr cluster a.csv --k 3 --s 10', 'npm run bench:parse', 'skfr rerun FILE.skfr [--data PATH]']);
    expect(skfrCalls(commandsOf(md)).map((c) => [c.command, c.flags])).toEqual([['cluster', ['--k', '--s']], ['rerun', ['--data']]]);
  });

  it('every skfr command shown names a command and only flags of its --help', async () => {
    const helps = new Map<string, string>();
    const top = (await skfr(['--help'])).stdout;
    const calls = pages.flatMap((page) => skfrCalls(commandsOf(text(page))).map((c) => ({ ...c, page })));
    expect(calls.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const call of calls) {
      if (!call.command) {
        for (const flag of call.flags) if (!top.includes(flag)) wrong.push(`${call.page}: ${flag} not in skfr --help: ${call.line}`);
        continue;
      }
      if (!helps.has(call.command)) {
        const run = await skfr([call.command, '--help']);
        helps.set(call.command, run.code === 0 ? run.stdout : '');
      }
      const help = helps.get(call.command)!;
      if (!help) {
        wrong.push(`${call.page}: no command “${call.command}”: ${call.line}`);
        continue;
      }
      for (const flag of call.flags) if (!new RegExp(`${flag}(?![a-z0-9-])`).test(help)) wrong.push(`${call.page}: ${flag} not in skfr ${call.command} --help: ${call.line}`);
    }
    expect(wrong).toEqual([]);
  });

  it('every npm run script shown exists in package.json', () => {
    const scripts = Object.keys((JSON.parse(text('package.json')) as { scripts: Record<string, string> }).scripts);
    const wrong: string[] = [];
    for (const page of pages) {
      for (const m of text(page).matchAll(/npm run ([a-z][a-z0-9:-]*)/g)) if (!scripts.includes(m[1]!)) wrong.push(`${page}: npm run ${m[1]}`);
    }
    expect(wrong).toEqual([]);
  });

  it('every picture and relative link of a page points at a file of the repository', () => {
    const wrong: string[] = [];
    for (const page of pages) {
      for (const m of text(page).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        const target = m[1]!;
        if (/^[a-z]+:/.test(target)) continue; // https:, mailto:
        if (!existsSync(join(repoRoot, dirname(page), target))) wrong.push(`${page}: ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the README is short and links every docs/ page, each of which links back', () => {
    const readme = text('README.md');
    expect(readme.split('\n').length).toBeLessThan(150);
    for (const page of pages.filter((p) => p !== 'README.md')) {
      expect(readme, page).toContain(`](${page})`);
      expect(text(page), page).toContain('](../README.md)');
    }
  });
});
