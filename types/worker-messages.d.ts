// The messages between the page (docs/assets/javascripts/codex.mjs) and the calculators' worker
// (codex-worker.mjs): one contract, read by both programs (tsconfig.json and tsconfig.workers.json).

/** What the page sends the worker (the worker refuses anything else, field by field). */
type ToWorker =
  | { type: "init"; calcs: string[] }
  | { type: "run"; id: number; calc: string; inputs: Record<string, unknown> }
  | { type: "echo"; id: number }
  | { type: "fold"; id: number; calc: string; start: Record<string, unknown>; changes: unknown[] };

/** Where the engine's start went, in ms (the benchmark prints it). */
interface LoadTimings {
  fetched: number; python: number; engine: number;
  /** the engine's dataclasses whose methods came compiled by the build, and those compiled in the worker */
  classes: { precompiled: number; compiled: number };
  /** whether Python came from the build's memory snapshot, kept in the offline copy */
  snapshot: boolean;
}

/** A problem with the inputs, by field (calculators/errors.py InputError.as_dict). */
interface InputProblem { field: string; message: string }

/** The worker's reply to a run or an echo: the engine's answer (calculators/browser.py answer), and
 *  the clock times (timeOrigin + now) the engine started and sent it. */
interface RunReply {
  ok?: Record<string, string>;
  /** a fold's answer: the table tool's inputs after each change of the log (calculators/table_log.py) */
  states?: Record<string, unknown>[];
  error?: InputProblem & { problems?: InputProblem[] };
  crash?: string;
  /** the calculator's game's code could not be downloaded (codex-worker.mjs `withGame`): asked again next time */
  unreachable?: string;
  echo?: boolean;
  startedAt?: number;
  sentAt?: number;
}

/** What the worker sends the page. */
type FromWorker =
  | { type: "ready"; timings: LoadTimings }
  | { type: "failed"; message: string }
  | { type: "refused"; message: string; id?: number }
  | { type: "progress"; loaded: number; total: number }
  /** an answer worked out again while the reader read, thrown away (codex-worker.mjs `rehearse`): its ms */
  | { type: "rehearsed"; ms: number }
  | ({ type: "result"; id: number } & RunReply);
