// The Electron fuses flipped in release builds (issue 12 item 11): electron-builder.yml is loaded the way
// electron-builder loads it, turned into the @electron/fuses configuration by electron-builder's own code,
// and every fuse is checked (a misspelt key would be silently ignored by electron-builder: each key must
// become a fuse). Issue 15 item 2: the flip also resets the ad-hoc signature (Apple Silicon kills an app whose
// signature the flip broke, when no Developer ID signs it afterwards).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FuseV1Options, FuseVersion } from '@electron/fuses';
import { LinuxPackager } from 'electron-builder';
import { getConfig } from 'app-builder-lib/out/util/config/config.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

type FuseConfig = Record<string, unknown>;
const generateFuseConfig = (LinuxPackager.prototype as unknown as { generateFuseConfig(fuses: object): Promise<FuseConfig> }).generateFuseConfig;

describe('release fuses (electron-builder.yml)', () => {
  it('every fuse as chosen: no run-as-node, NODE_OPTIONS, inspect or file:// privileges; app only from its (validated) asar', async () => {
    const config = await getConfig(root, 'electron-builder.yml', null);
    const fuses = config.electronFuses;
    expect(fuses).toBeTruthy();
    const flipped = await generateFuseConfig.call({}, fuses!);
    expect(flipped.version).toBe(FuseVersion.V1);
    const set = Object.fromEntries(
      Object.entries(flipped)
        .filter(([key]) => /^\d+$/.test(key))
        .map(([key, value]) => [FuseV1Options[Number(key)], value]),
    );
    expect(set).toEqual({
      RunAsNode: false,
      EnableCookieEncryption: true,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      EnableEmbeddedAsarIntegrityValidation: true,
      OnlyLoadAppFromAsar: true,
      GrantFileProtocolExtraPrivileges: false,
    });
    // no key of the file is lost on the way (a typo would be)
    const keys = Object.keys(fuses!).filter((k) => k !== 'resetAdHocDarwinSignature');
    expect(Object.keys(set)).toHaveLength(keys.length);
  });

  it('macOS arm64: the flip resets the ad-hoc signature (passed to @electron/fuses flipFuses as electron-builder calls it)', async () => {
    const config = await getConfig(root, 'electron-builder.yml', null);
    expect(config.electronFuses?.resetAdHocDarwinSignature).toBe(true);
    const flipped = await generateFuseConfig.call({}, config.electronFuses!);
    expect(flipped.resetAdHocDarwinSignature).toBe(true);
    // and @electron/fuses acts on it for an .app bundle (it runs `codesign --sign - --force … <app>.app`)
    const source = readFileSync(fileURLToPath(import.meta.resolve('@electron/fuses')), 'utf8');
    expect(source).toMatch(/if \(fuseConfig\.resetAdHocDarwinSignature && [^)]*\.test\(pathToElectron\)\)/);
    expect(source).toMatch(/spawnSync\('codesign', \[\s*'--sign',\s*'-',\s*'--force'/);
  });
});
