// bench_tokenizers.cjs: CPU-time throughput of the JavaScript tokenizers
// bench/tokenizer.lua compares compact.tokenizer with.
//
//   node scripts/bench_tokenizers.cjs NPM_DIR ENCODING FILE RUNS
//
// Prints one JSON line: for npm tiktoken (WASM, encode_ordinary) and
// gpt-tokenizer (countTokens, special-token text as ordinary text) the
// token count and the best MB/s (10^6 bytes per CPU second) over RUNS runs.
const path = require('node:path');
const fs = require('node:fs');
const [npmDir, encoding, file, runsArg] = process.argv.slice(2);
const modules = path.resolve(npmDir, 'node_modules');
const text = fs.readFileSync(file, 'utf8');
const bytes = Buffer.byteLength(text, 'utf8');
const runs = Number(runsArg) || 2;

function best(fn) {
  let top = 0, count = 0;
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    count = fn();
    const used = process.cpuUsage(start);
    const seconds = (used.user + used.system) / 1e6;
    top = Math.max(top, bytes / seconds / 1e6);
  }
  return { mb_per_s: top, tokens: count };
}

const { get_encoding } = require(path.join(modules, 'tiktoken'));
const enc = get_encoding(encoding);
const tiktoken = best(() => enc.encode_ordinary(text).length);
enc.free();
const gpt = require(path.join(modules, 'gpt-tokenizer/cjs/encoding', encoding + '.js'));
const none = new Set();
const gptTokenizer = best(() => gpt.countTokens(text, { disallowedSpecial: none }));
process.stdout.write(JSON.stringify({ bytes, tiktoken, gpt_tokenizer: gptTokenizer }) + '\n');
