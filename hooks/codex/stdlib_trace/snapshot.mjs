// The engine's memory as it stands once Python has started and imported every module of the
// calculators package: a Pyodide memory snapshot, made by the build from the very files the browser
// runs (the trimmed standard library, the package's bytecode split as the site ships it, each at the
// path where the worker writes it), so that a worker that has it restores that memory instead of
// starting Python and importing. No rules data is in it: the worker writes the core bundle (which
// carries rules.json) after restoring and makes the engine from it, so a change of the rules needs
// no new snapshot.
//   node snapshot.mjs <pyodide dir> <job.json> <out>
// job.json: {"stdlib": path, "core": [fs path, zip path], "games": [[fs path, zip path], ...]}
// The output is sparse: most of the memory is zeros. Little-endian u32s: the snapshot's length, the
// page size, the number of pages kept, then each kept page's index; then those pages' bytes (each a
// whole page, but the last page of the memory, which may be shorter). The build gzips it
// (snapshot.py); the worker (codex-worker.mjs `expanded`) puts the pages back in a zeroed buffer of
// that length.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

process.on("uncaughtException", (error) => fail(error));
process.on("unhandledRejection", (error) => fail(error));
function fail(error) {
  process.stderr.write(`snapshot failed: ${String((error && error.message) || error).slice(-2000)}\n`);
  process.exit(1);
}

const PAGE = 65536;
const [dir, jobPath, outPath] = process.argv.slice(2).map((p) => path.resolve(p));
const job = JSON.parse(await readFile(jobPath, "utf8"));
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const lock = JSON.parse(await readFile(path.join(dir, "pyodide-lock.json"), "utf8"));
const py = await loadPyodide({ indexURL: dir + path.sep, stdLibURL: job.stdlib, _makeSnapshot: true,
                               lockFileContents: { info: lock.info, packages: {} } });
const [coreAt, coreZip] = job.core;
py.FS.writeFile(coreAt, new Uint8Array(await readFile(coreZip)));
for (const [at, zip] of job.games) py.FS.writeFile(at, new Uint8Array(await readFile(zip)));
py.globals.set("job_json", JSON.stringify(job));
// As the worker starts (codex-worker.mjs): the core first on sys.path, each game's code on the
// package's path; then every module of the package, so that none is read from a zip again.
py.runPython(`
import gc, importlib, json, sys, zipfile
job = json.loads(job_json)
sys.path.insert(0, job["core"][0])
import calculators
for at, _ in job["games"]:
    calculators.__path__.append(at + "/calculators")
for at in [job["core"][0], *(at for at, _ in job["games"])]:
    with zipfile.ZipFile(at) as archive:
        for name in sorted(archive.namelist()):
            if name.endswith(".pyc"):
                importlib.import_module(name[:-4].replace("/", ".").removesuffix(".__init__"))
# Nothing read from the rules or the index yet (the core here has neither): no answer kept of it.
calculators.registry._index.cache_clear()
calculators.registry._indexed.cache_clear()
del job, at, archive, name
gc.collect()
`);
py.globals.delete("job_json");
const memory = py.makeMemorySnapshot();
const kept = [];
for (let page = 0; page * PAGE < memory.length; page++) {
  if (memory.subarray(page * PAGE, (page + 1) * PAGE).some((byte) => byte !== 0)) kept.push(page);
}
const head = Buffer.alloc(4 * (3 + kept.length));
[memory.length, PAGE, kept.length, ...kept].forEach((value, i) => head.writeUInt32LE(value, 4 * i));
const parts = [head, ...kept.map((page) => memory.subarray(page * PAGE, (page + 1) * PAGE))];
await writeFile(outPath, Buffer.concat(parts));
process.stdout.write(JSON.stringify({ length: memory.length, pages: kept.length }) + "\n");
process.exit(0);
