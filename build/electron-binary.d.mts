// Types of build/electron-binary.mjs (plain Node ESM, run by `npm start`) for the TypeScript tests.

export interface BinaryFs {
  existsSync(path: string): boolean;
  readFileSync(path: string, encoding: 'utf8'): string;
}

export interface ResolveOptions {
  env: Record<string, string | undefined>;
  /** The electron package folder (node_modules/electron). */
  electronDir: string;
  /** The electron package version, for messages. */
  version: string;
  platform: string;
  arch: string;
  fs: BinaryFs;
  /** Downloads the binary (the package's install.js); resolves to its exit status, 0 = success. */
  runInstaller: () => number | Promise<number>;
}

export type ResolveResult =
  | { ok: true; path: string; source: 'ELECTRON_EXEC_PATH' | 'ELECTRON_OVERRIDE_DIST_PATH' | 'path.txt' | 'download'; notes: string[] }
  | { ok: false; message: string; notes: string[] };

export function executableName(platform: string): string;
export function missingBinaryMessage(options: { version: string; platform: string; arch: string; overrideDir?: string }): string;
export function resolveElectronBinary(options: ResolveOptions): Promise<ResolveResult>;

export interface SandboxOptions {
  platform: string;
  /** The chrome-sandbox helper, as the warning should show it. */
  sandboxPath: string;
  /** Throws when the file does not exist. */
  readFile: (path: string) => string;
  /** Throws when the file does not exist. */
  stat: (path: string) => { uid: number; mode: number };
}

export interface SandboxAdvice {
  disableSandbox: boolean;
  usernsRestricted: boolean;
  helperReady: boolean;
  warning: string | null;
}

export function sandboxAdvice(options: SandboxOptions): SandboxAdvice;
export function sandboxHelperFor(binaryPath: string): string;
