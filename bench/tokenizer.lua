--- bench/tokenizer.lua: throughput of compact.tokenizer's `count` against
-- the JavaScript tokenizers on npm (tiktoken 1.0.22, OpenAI's Rust encoder
-- compiled to WASM; gpt-tokenizer), on the same texts in one run:
--
-- * the generated 5.5 MB mixed corpus of the tokenizer spec
--   (scripts/gen_tokenizer_corpus.lua);
-- * the real pi session in shared/data, when present.
--
-- MB/s is 10^6 bytes per CPU second (os.clock here, process.cpuUsage in
-- node), best of RUNS runs each. Target: count >= 3x the faster JavaScript
-- tokenizer. Needs node and `make npm-deps`.
--   lua bench/tokenizer.lua [RUNS]
local compact = require "compact"
local read = require("spec.support.files").read
local corpus = dofile("scripts/gen_tokenizer_corpus.lua")

local NPM = "build/npm"
local RUNS = tonumber(arg and arg[1]) or 2
local SHARED = os.getenv("COMPACT_SHARED") or ((os.getenv("PWD") or ".") .. "/../shared")

if not read(NPM .. "/node_modules/tiktoken/package.json") then
  io.stderr:write("bench/tokenizer.lua: npm tiktoken missing: run `make npm-deps`\n")
  os.exit(1)
end

local function ours(tok, text)
  local best, count = 0, nil
  for _ = 1, RUNS do
    local start = os.clock()
    count = tok:count(text)
    local seconds = os.clock() - start
    best = math.max(best, #text / seconds / 1e6)
  end
  return best, count
end

local function javascript(name, path)
  local pipe = assert(io.popen(("node scripts/bench_tokenizers.cjs %s %s %s %d"):format(NPM, name, path, RUNS)))
  local line = pipe:read("*a")
  pipe:close()
  local result = compact.core.json_decode(line)
  assert(result, "scripts/bench_tokenizers.cjs failed: " .. line)
  return result
end

local texts = {}
local generated = corpus.generate(5.5 * 1024 * 1024)
local generated_path = "build/tokenizer-corpus.txt"
if read(generated_path) ~= generated then
  local file = assert(io.open(generated_path, "wb"))
  file:write(generated)
  file:close()
end
texts[#texts + 1] = { "generated mixed corpus", generated_path, generated }
local session_path = SHARED .. "/data/pi-large-session.jsonl"
local session = read(session_path)
if session then texts[#texts + 1] = { "real pi session (JSONL)", session_path, session } end

local met = true
for _, name in ipairs { "o200k_base", "cl100k_base" } do
  local tok = assert(compact.tokenizer(name))
  for _, entry in ipairs(texts) do
    local label, path, text = entry[1], entry[2], entry[3]
    local mine, count = ours(tok, text)
    local js = javascript(name, path)
    assert(js.tiktoken.tokens == count, ("%s %s: tiktoken counts %d tokens, compact %d"):format(
      name, label, js.tiktoken.tokens, count))
    local faster = math.max(js.tiktoken.mb_per_s, js.gpt_tokenizer.mb_per_s)
    print(("%-12s %-26s %5.2f MB  compact %6.1f MB/s  tiktoken %5.1f MB/s (%4.1fx)"
      .. "  gpt-tokenizer %5.1f MB/s (%4.1fx)  vs faster %4.1fx"):format(
      name, label, #text / 1e6, mine, js.tiktoken.mb_per_s, mine / js.tiktoken.mb_per_s,
      js.gpt_tokenizer.mb_per_s, mine / js.gpt_tokenizer.mb_per_s, mine / faster))
    met = met and mine >= 3 * faster
  end
end
print(("target: count >= 3x the faster JavaScript tokenizer on every text (%s)"):format(met and "met" or "NOT met"))
