/**
 * What this build of Dimora is: its version (package.json), for /admin/system, backups'
 * manifests and error reports. Importable by plain tsx.
 */
import packageJson from '../../package.json';

/** The app's version, e.g. `0.1.0`. */
export const APP_VERSION: string = packageJson.version;
