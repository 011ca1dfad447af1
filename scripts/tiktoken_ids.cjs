// tiktoken_ids.cjs: token ids of a file by npm tiktoken (the reference
// encoder: OpenAI's Rust tiktoken compiled to WASM), for
// spec/tokenizer_spec.lua.
//
//   node scripts/tiktoken_ids.cjs NPM_DIR ENCODING IN OUT
//
// Writes encode_ordinary(text) of IN (read as UTF-8) to OUT, one id a line.
const path = require('node:path');
const fs = require('node:fs');
const [npmDir, encoding, input, output] = process.argv.slice(2);
const { get_encoding } = require(path.resolve(npmDir, 'node_modules/tiktoken'));
const enc = get_encoding(encoding);
const ids = enc.encode_ordinary(fs.readFileSync(input, 'utf8'));
fs.writeFileSync(output, ids.join('\n') + '\n');
enc.free();
