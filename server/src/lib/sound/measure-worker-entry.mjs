// Plain-JS entry of the measure worker: Node 20 does not apply loader hooks registered through
// `--import` to a worker's own entry module, so the TypeScript worker is loaded with tsx's API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./measure-worker.ts', import.meta.url);
