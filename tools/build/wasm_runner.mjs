// Run a Python script on the MicroPython WebAssembly build (npm package) under Node.
//   node wasm_runner.mjs SCRIPT_FILE DIR [DIR...]
// Each DIR's files (but compiled CPython's) are copied into the in-memory filesystem under /mods/<n>/ and
// put on sys.path in order. A line "# runPython" splits the script into calls of their own (the
// build's collector frees a call's garbage only once the call has returned). A line "# newVM"
// splits it into runs of a new MicroPython each, its filesystem laid out anew: each run's heap
// is the one a Node of its own gives the text between the lines (the same bytes at the same
// addresses: bench.boot_bench boots the firmware at 16 heap layouts in one Node, not 16). The
// runner prints "# newVM" on stdout between the runs. Exits 1 (traceback on stderr) when the
// script raises.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const [scriptFile, ...dirs] = process.argv.slice(2);

function copyTree(mp, hostDir, fsDir) {
  mp.FS.mkdir(fsDir);
  for (const name of readdirSync(hostDir)) {
    const hostPath = join(hostDir, name);
    if (statSync(hostPath).isDirectory()) {
      if (name !== "__pycache__") copyTree(mp, hostPath, fsDir + "/" + name);
    } else if (!name.endsWith(".pyc")) {
      mp.FS.writeFile(fsDir + "/" + name, readFileSync(hostPath));
    }
  }
}

async function run(script) {
  const mp = await loadMicroPython({
    heapsize: 192 * 1024,
    stdout: (line) => process.stdout.write(line + "\n"),
    stderr: (line) => process.stderr.write(line + "\n"),
  });
  mp.FS.mkdir("/mods");
  const paths = dirs.map((dir, index) => {
    copyTree(mp, dir, "/mods/" + index);
    return "/mods/" + index;
  });
  mp.runPython("import sys\nsys.path[:0] = " + JSON.stringify(paths));
  for (const call of script.split(/^# runPython$/m)) mp.runPython(call);
}

try {
  const vms = readFileSync(scriptFile, "utf8").split(/^# newVM\n/m);
  for (const [index, script] of vms.entries()) {
    if (index) process.stdout.write("# newVM\n");
    await run(script);
  }
} catch (error) {
  process.stderr.write(String(error.message || error) + "\n");
  process.exit(1);
}
