// bench/vs_pi.mjs: pi-mono's own planning (estimateTokens over every message
// + findCutPoint) on the same session data bench/vs_pi.lua plans with
// compact. Prints one line: "pi <median ms> <runs> <entries> <cut>".
// Usage: node bench/vs_pi.mjs SESSION.jsonl MESSAGES KEEP RUNS NODE_MODULES_DIR
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [path, count, keep, runs, modules] = process.argv.slice(2);
const entry = join(resolve(modules), "@mariozechner/pi-coding-agent/dist/index.js");
const { estimateTokens, findCutPoint } = await import(pathToFileURL(entry).href);
const MESSAGES = Number(count), KEEP = Number(keep), RUNS = Number(runs);

const base = [];
for (const line of readFileSync(path, "utf8").split("\n")) {
  if (!line.trim()) continue;
  const entry = JSON.parse(line);
  if (entry.type === "message" && entry.message) base.push(entry);
}
const entries = [];
while (entries.length < MESSAGES) for (const e of base) { if (entries.length < MESSAGES) entries.push(e); }

// fresh objects for every run, made before timing (as the Lua side does)
const copies = [];
for (let r = 0; r < RUNS; r++) copies.push(structuredClone(entries));

const times = [];
let cut = -1;
for (let r = 0; r < RUNS; r++) {
  const list = copies[r];
  const start = process.hrtime.bigint();
  let total = 0;
  for (const entry of list) total += estimateTokens(entry.message);
  const point = findCutPoint(list, 0, list.length, KEEP);
  times.push(Number(process.hrtime.bigint() - start) / 1e6);
  cut = point.firstKeptEntryIndex;
  if (!(total > 0)) throw new Error("no tokens");
}
times.sort((a, b) => a - b);
console.log(`pi ${times[Math.floor((times.length - 1) / 2)].toFixed(3)} ${RUNS} ${entries.length} ${cut}`);
