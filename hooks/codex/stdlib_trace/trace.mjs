// Which standard-library modules the browser's engine really imports: runs Pyodide (the
// pinned npm package, in node) exactly as the worker does — unpack the calculators bundle,
// start calculators.browser's door, warm every calculator — then imports every standard-library
// module the package names anywhere, answers every calculator's defaults, and prints the
// files of python_stdlib.zip that were loaded. With an output path, it also writes those files
// compiled to bytecode by this very Pyodide (a zip of .pyc: nothing to compile in the browser).
//   node trace.mjs <pyodide dir> <bundle.zip> <job.json: {calcs: [[id, inputs]], imports: [..]}> [out.zip]
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

// Pyodide's own errors print its whole minified source: say what failed, in one line.
process.on("uncaughtException", (error) => fail(error));
process.on("unhandledRejection", (error) => fail(error));
function fail(error) {
  process.stderr.write(`trace failed: ${String((error && error.message) || error).slice(-2000)}\n`);
  process.exit(1);
}

const [dir, bundlePath, jobPath, outPath] = process.argv.slice(2).map((p) => path.resolve(p));
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: dir + path.sep });
py.unpackArchive(new Uint8Array(await readFile(bundlePath)), "zip", { extractDir: "/home/pyodide/codex" });
py.runPython("import sys\nsys.path.insert(0, '/home/pyodide/codex')");
const job = JSON.parse(await readFile(jobPath, "utf8"));
// As the worker does: the door of the bundled rules, warmed for every calculator.
const door = py.pyimport("calculators.browser").start(JSON.stringify(job.calcs.map(([id]) => id)));
py.globals.set("door", door);
py.globals.set("job_json", JSON.stringify(job));
const loaded = py.runPython(`
import importlib, json, sys
job = json.loads(job_json)
for name in job["imports"]:
    importlib.import_module(name)
for calc_id, inputs in job["calcs"]:
    reply = json.loads(door.answer(calc_id, json.dumps(inputs)))
    if "ok" not in reply:
        raise SystemExit(f"{calc_id} defaults: {reply}")
files = set()
for module in list(sys.modules.values()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if ".zip/" in origin:
        files.add(origin.split(".zip/", 1)[1])
json.dumps(sorted(files))
`);
if (outPath) {
  py.globals.set("traced", loaded);
  py.runPython(`
import importlib._bootstrap_external as external, json, sys, zipfile
stock = next(p for p in sys.path if p.endswith(".zip"))
with zipfile.ZipFile(stock) as source, zipfile.ZipFile("/tmp/trimmed.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for name in json.loads(traced):
        code = compile(source.read(name), f"{stock}/{name}", "exec", dont_inherit=True)
        data = external._code_to_timestamp_pyc(code, 0, 0)
        entry = zipfile.ZipInfo(name[:-3] + ".pyc", date_time=(1980, 1, 1, 0, 0, 0))
        entry.compress_type = zipfile.ZIP_DEFLATED
        out.writestr(entry, bytes(data))
`);
  await writeFile(outPath, py.FS.readFile("/tmp/trimmed.zip"));
}
process.stdout.write(loaded + "\n");
process.exit(0);
