// Which standard-library modules the browser's engine really imports: runs Pyodide (the
// pinned npm package, in node) exactly as the worker does — unpack the calculators bundle,
// start calculators.browser's door, warm every calculator — then imports every standard-library
// module the package names anywhere and every module of its own, answers every calculator's
// defaults, and prints the files of python_stdlib.zip that were loaded. With output paths, it also
// writes those files, and the calculators package's own, compiled to bytecode by this very Pyodide
// (zips of .pyc: nothing to compile in the browser), with the code of every method `dataclasses`
// wrote on the way (calculators/dataclass_code.bin, run by calculators/boot.py). Entries are
// stored, not deflated, so that the host's HTTP compression works across the whole file (it gzips
// the stored zip smaller than a deflated one).
//   node trace.mjs <pyodide dir> <bundle.zip> <job.json: {calcs: [[id, inputs]], imports: [..]}>
//                  [stdlib out.zip] [calculators out.zip]
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

const [dir, bundlePath, jobPath, outPath, codePath] = process.argv.slice(2).map((p) => path.resolve(p));
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: dir + path.sep });
py.unpackArchive(new Uint8Array(await readFile(bundlePath)), "zip", { extractDir: "/home/pyodide/codex" });
py.runPython("import sys\nsys.path.insert(0, '/home/pyodide/codex')");
const job = JSON.parse(await readFile(jobPath, "utf8"));
// Every source text dataclasses compiles while the package is imported and run, with its code (written
// beside the package below: calculators/boot.py runs it in the browser instead of compiling the text).
py.runPython(`
import builtins, dataclasses
dataclass_code = {}
def _recording_exec(source, globals=None, locals=None, /):
    if isinstance(source, str):
        dataclass_code[source] = compile(source, "<string>", "exec", dont_inherit=True)
    builtins.exec(source, globals, locals)
dataclasses.exec = _recording_exec
`);
// As the worker does: the door of the bundled rules, warmed for every calculator.
const door = py.pyimport("calculators.browser").start(JSON.stringify(job.calcs.map(([id]) => id)));
py.globals.set("door", door);
py.globals.set("job_json", JSON.stringify(job));
const loaded = py.runPython(`
import importlib, json, os, sys
job = json.loads(job_json)
for name in job["imports"]:
    importlib.import_module(name)
# Every module of the package too (a few only the build imports), so that each of its dataclasses is
# made here once and its methods' code shipped (calculators/boot.py). They name no other stdlib module.
for folder, _, names in sorted(os.walk("/home/pyodide/codex/calculators")):
    for file in sorted(n for n in names if n.endswith(".py")):
        importlib.import_module(f"{folder}/{file}"[len("/home/pyodide/codex/"):-3].replace("/", ".").removesuffix(".__init__"))
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
import importlib._bootstrap_external as external, json, os, sys, zipfile

def pyc(source, name, optimize):
    code = compile(source, name, "exec", dont_inherit=True, optimize=optimize)
    return bytes(external._code_to_timestamp_pyc(code, 0, 0))

def entry(name):
    return zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))  # stored: the host compresses the file

# Both without docstrings or asserts (optimize=2): nothing the engine runs reads a docstring, and the
# standard library's come to 15 % of its download (1,280 -> 1,083 KB gzipped, measured on this build).
stock = next(p for p in sys.path if p.endswith(".zip"))
with zipfile.ZipFile(stock) as source, zipfile.ZipFile("/tmp/trimmed.zip", "w", zipfile.ZIP_STORED) as out:
    for name in json.loads(traced):
        out.writestr(entry(name[:-3] + ".pyc"), pyc(source.read(name), f"{stock}/{name}", 2))
# The calculators package: sourceless .pyc where the .py was (Python imports them as they are).
root = "/home/pyodide/codex"
with zipfile.ZipFile("/tmp/calculators.zip", "w", zipfile.ZIP_STORED) as out:
    for folder, _, files in sorted(os.walk(f"{root}/calculators")):
        for file in sorted(f for f in files if f.endswith(".py")):
            path = f"{folder}/{file}"
            with open(path, "rb") as handle:
                out.writestr(entry(path[len(root) + 1:-3] + ".pyc"), pyc(handle.read(), path, 2))
    import marshal
    out.writestr(entry("calculators/dataclass_code.bin"), marshal.dumps(dict(sorted(dataclass_code.items()))))
`);
  await writeFile(outPath, py.FS.readFile("/tmp/trimmed.zip"));
  if (codePath) await writeFile(codePath, py.FS.readFile("/tmp/calculators.zip"));
}
process.stdout.write(loaded + "\n");
process.exit(0);
