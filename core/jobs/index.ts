/** core/jobs: the request/response protocol, the session that runs jobs, and the host/client over a Port. */
export * from './types.js';
export type { SkfrApi, RunHandle, MenuCommand } from './api.js';
export type { Port } from './port.js';
export { createPortPair } from './port.js';
export { createSession, runJob, type Session, type SessionOptions } from './session.js';
export { serveJobs, type ServeOptions } from './host.js';
export { createJobClient, type JobClient, type JobClientOptions } from './client.js';
export {
  parseRequest,
  parseClientMessage,
  jobRequestSchema,
  clientMessageSchema,
  mappingSchema,
  fitSettingsSchema,
  recipeSchema,
  sampleTableSchema,
} from './schema.js';
export { SAMPLE_SHEET, sampleTableOf } from './design.js';
export * as limits from './limits.js';
export { throttleProgress } from './progress.js';
export { MAX_ROWS_PER_REQUEST, tableRows } from './rows.js';
export { createRestorer, type Restorer } from './restore.js';
