/**
 * Where the time of an open goes, from a V8 CPU profile (`node --cpu-prof`): every sample is charged to the first
 * frame, from the leaf up, that names a stage of the open (module loading, decoding, splitting, typing, layout,
 * preview, hashing, preparation, fit, output); a sample no frame names is "other". Frames of node's own code
 * (TextDecoder, fs reads) and of libraries (zod) carry no stage: they are charged to the stage that called them.
 * A module's top-level code (function '' at line 0, what runs while the module is imported) and node's module
 * loader count as module loading.
 *
 * @example stageOf({ functionName: 'next', url: 'file:///r/dist/core/table/scanner.js', lineNumber: 61 }) // → 'splitting'
 */

export const STAGES = [
  'module loading',
  'reading bytes',
  'decoding',
  'splitting',
  'typing columns',
  'layout',
  'preview',
  'hashing',
  'preparation',
  'fit',
  'output',
  'garbage collection',
  'other',
] as const;
export type Stage = (typeof STAGES)[number];

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

/** Source files (under dist/ or the sources) by stage; the first pattern that matches a frame's url wins. */
const FILE_STAGES: [RegExp, Stage][] = [
  [/\/core\/table\/text\.|\/core\/table\/stream\./, 'decoding'],
  [/\/node\/hash\.|\/core\/sha256\./, 'hashing'],
  [/\/core\/table\/(scanner|lines|quick-rows|pieces|delimited|csv|parse|workbook|zip-guard|transpose|transpose-in-place)\.|\/core\/table\/kernel\/|\/core\/parallel\/read\.|\/node\/parallel\/read\.|\/node_modules\/xlsx\/|^wasm:/, 'splitting'],
  [/\/core\/table\/(cells|columns|float-parse|row-major|text-cells|pow10-table)\./, 'typing columns'],
  [/\/core\/table\/formats\/|\/core\/table\/(sample-columns|sample-names|header|detect|sniff|name-pattern|name-record|design|lookup|empty-mapping)\.|\/cli\/commands\/cluster-options\./, 'layout'],
  [/\/core\/jobs\/(preview|rows|datasets)\.|\/core\/table\/summary\./, 'preview'],
  [/\/core\/prepare\/|\/core\/table\/(mapping|matrix)\./, 'preparation'],
  [/\/core\/engine\/|\/core\/analysis\.|\/core\/parallel\//, 'fit'],
  [/\/core\/report\/|\/cli\/commands\/cluster-(output|prep|session)\.|\/core\/jobs\/fit-view\./, 'output'],
  [/\/node\/files\.|\/node\/file-io\./, 'reading bytes'],
];

/** The stage a frame names, or null when it names none (its caller decides). */
export function stageOf(frame: CallFrame): Stage | null {
  if (frame.functionName === '(garbage collector)') return 'garbage collection';
  if (frame.url.startsWith('node:internal/modules') || frame.functionName === 'compileSourceTextModule') return 'module loading';
  if (frame.functionName === '' && frame.lineNumber === 0 && frame.url !== '') return 'module loading';
  for (const [pattern, stage] of FILE_STAGES) if (pattern.test(frame.url)) return stage;
  if (frame.url === '' && (frame.functionName === 'read' || frame.functionName === 'openFileHandle')) return 'reading bytes';
  return null;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Milliseconds per stage (idle time left out), and the profile's whole span in ms. */
export function stageTimes(profile: CpuProfile): { stages: Map<Stage, number>; spanMs: number; idleMs: number } {
  const parent = new Map<number, ProfileNode>();
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node);
  }
  const stageById = new Map<number, Stage>();
  const resolve = (node: ProfileNode): Stage => {
    const known = stageById.get(node.id);
    if (known !== undefined) return known;
    const own = stageOf(node.callFrame);
    const up = parent.get(node.id);
    const stage = own ?? (up !== undefined ? resolve(up) : 'other');
    stageById.set(node.id, stage);
    return stage;
  };
  const stages = new Map<Stage, number>(STAGES.map((s) => [s, 0]));
  let idleMs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]!)!;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (node.callFrame.functionName === '(idle)') {
      idleMs += ms;
      continue;
    }
    const stage = node.callFrame.functionName === '(program)' || node.callFrame.functionName === '(root)' ? 'other' : resolve(node);
    stages.set(stage, stages.get(stage)! + ms);
  }
  return { stages, spanMs: (profile.endTime - profile.startTime) / 1000, idleMs };
}
