/** The application version, from package.json (bundled by electron-vite; read by tsx in tests). */
import pkg from '../package.json' with { type: 'json' };

export const APP_VERSION: string = pkg.version;
