-- The content-aware heuristic: monotonic, deterministic, reads content
-- classes differently, charges the per-call overheads, and meets the
-- accuracy targets on the shared real session.
local compact = require "compact"
local core = require "compact.core"
local importers = require "compact.importers"
local accuracy = require "spec.support.accuracy"
local data = require "spec.support.data"

local h = compact.heuristic()

-- deterministic pseudo-random numbers in 0..n-1 (an LCG)
local generator = require "spec.support.lcg"

-- a deterministic mix of words, code, digits, symbols and UTF-8
local function sample_text(bytes)
  local pieces = { "the ", "quick ", "getValue(", "x", ") ", "{\n", "    return ", "42", ";\n", "}\n", "日本語",
                   "QmFzZTY0", "==", "\t", "é", "👍", "0xdeadbeef", ", ", ". " }
  local out, size, random = {}, 0, generator(7)
  while size < bytes do
    local piece = pieces[random(#pieces) + 1]
    out[#out + 1] = piece
    size = size + #piece
  end
  return table.concat(out):sub(1, bytes)
end

-- measure(text:sub(1, length)) never decreases as length goes from..to by step
local function assert_monotonic(text, from, to, step, measure)
  local previous = measure(text:sub(1, math.max(0, from - step)))
  for length = from, to, step do
    local value = measure(text:sub(1, length))
    assert.is_true(value >= previous, "length " .. length)
    previous = value
  end
end

local function sampled(s) return (core.heuristic_measure(s)) end

describe("compact.heuristic (content-aware)", function()
  it("never decreases when text is appended, across the sampled lengths too", function()
    local text = sample_text(300000)
    assert_monotonic(text, 0, 3000, 1, function(s) return h:text(s) end)
    assert_monotonic(text, 3000, #text, 997, sampled)
  end)

  it("reads any bytes (controls, invalid UTF-8), in full up to 128 bytes, monotonically beyond", function()
    local random, bytes = generator(99), {}
    for i = 1, 20000 do bytes[i] = string.char(random(256)) end
    local text = table.concat(bytes)
    for length = 0, 128 do
      local s = text:sub(1, length)
      assert.equal(core.heuristic_measure(s, true), sampled(s))
    end
    assert_monotonic(text, 129, #text, 61, sampled)
  end)

  it("never decreases when blocks or messages are added", function()
    local blocks = {}
    local previous = h:message { role = "user", content = blocks }
    for i = 1, 20 do
      blocks[i] = { type = "text", text = sample_text(i * 50) }
      local tokens = h:message { role = "user", content = blocks }
      assert.is_true(tokens > previous)
      previous = tokens
    end
    local messages = {}
    previous = compact.estimate { messages = messages }
    for i = 1, 10 do
      messages[i] = { role = "user", content = sample_text(i * 100) }
      local tokens = compact.estimate { messages = messages }
      assert.is_true(tokens > previous)
      previous = tokens
    end
  end)

  it("is deterministic: equal content, equal estimate, whatever the string object or path", function()
    local a = sample_text(50000)
    local b = (a .. "x"):sub(1, #a) -- another string object with the same bytes
    assert.equal(h:text(a), h:text(b))
    assert.equal(h:text(a), h:text(a))
    local message = { role = "user", content = a }
    local direct = h:message(message)
    assert.equal(direct, h:message { role = "user", content = b })
    -- the planning ledger (C) and the method agree
    assert.equal(direct, compact.estimate { messages = { message } })
  end)

  it("reads CJK, base64 and prose differently", function()
    local prose = ("the answer is in the file you read before. "):rep(20)
    local cjk, cjk_chars = ("答案在你之前读过的文件里。"):rep(20), 13 * 20
    local base64 = ("QmFzZTY0IGRhdGEgaXMgbm90IHByb3NlIQ9vZ2xlX3Rva2VuX3g4Rk"):rep(16)
    local function per_byte(s) return h:text(s) / #s end
    assert.is_true(per_byte(prose) < 0.3)         -- words: about a token each
    assert.is_true(per_byte(base64) > 0.4)        -- case changes and digits: short pieces
    assert.is_true(h:text(cjk) / cjk_chars >= 1)  -- about a token per CJK character
    -- per character, CJK costs more than an ASCII letter of a word
    assert.is_true(h:text(cjk) / cjk_chars > 3 * h:text(prose) / #prose)
    -- the old bytes / 4 rated all three alike per byte
    assert.is_true(per_byte(base64) > 1.5 * per_byte(prose))
  end)

  it("charges a fixed overhead per tool call and per tool result beyond their text", function()
    local call = { role = "assistant", content = { { type = "tool_call", id = "toolu_1", name = "read",
                                                       arguments = { path = "a" } } } }
    local text = { role = "assistant", content = { { type = "text", text = "read" } } }
    -- the call's text is "read" plus its arguments: 7 tokens with JSON structure
    assert.equal(h:message(text) + 28 + 7 - h:text("read"), h:message(call))
    local result = { role = "tool_result", tool_call_id = "toolu_1", content = "ok" }
    assert.equal(h:message { role = "user", content = "ok" } + 28, h:message(result))
    -- ids are provider framing, not content: their length does not count
    call.content[1].id = ("x"):rep(500)
    assert.equal(h:message(text) + 28 + 7 - h:text("read"), h:message(call))
  end)
end)

describe("accuracy steps (bench/accuracy.lua)", function()
  local function reply(prompt, output, model, stop)
    return { role = "assistant", content = { { type = "text", text = "ok" } }, stop_reason = stop or "stop",
             usage = { input = 1, cache_read = prompt - 1, cache_write = 0, output = output },
             provider_metadata = { model = model or "m" } }
  end
  local user = { role = "user", content = "next" }

  it("pairs consecutive replies with usage and skips what does not measure the messages between", function()
    local messages = {
      user, reply(100, 10),             -- 2
      user, reply(150, 10),             -- 4: step 2..3, growth 50
      user, reply(0, 0, "m", "error"),  -- 6: failed, not sent to the provider
      user, reply(200, 10),             -- 8: spans the failure: skipped
      user, reply(260, 5, "other"),     -- 10: another model: skipped
      user, reply(120, 5, "other"),     -- 12: the prompt shrank: skipped
      user, user, reply(190, 5, "other"), -- 15: step 12..14, growth 70
    }
    local thinking = reply(230, 5, "other")
    thinking.content = { { type = "thinking", thinking = "hmm" }, { type = "text", text = "ok" } }
    messages[16] = thinking                 -- 16: step 15..15, growth 40
    messages[17] = { role = "tool_result", tool_call_id = "x", content = "r" }
    messages[18] = reply(260, 5, "other")   -- 18: step 16..17 (the thinking is still sent), growth 30
    messages[19] = user
    messages[20] = reply(270, 5, "other")   -- 20: the thinking of 16 was dropped: skipped
    messages[21] = user
    messages[22] = reply(300, 5, "other")   -- 22: step 20..21, growth 30
    local found = accuracy.steps(messages)
    assert.same({ { from = 2, to = 3, growth = 50 }, { from = 12, to = 14, growth = 70 },
                  { from = 15, to = 15, growth = 40 }, { from = 16, to = 17, growth = 30 },
                  { from = 20, to = 21, growth = 30 } }, found.steps)
    assert.same({ failed_reply = 1, model_change = 1, no_growth = 1, thinking_dropped = 1 }, found.skipped)
    found.steps = { found.steps[1], found.steps[2] }
    local score = accuracy.score(messages, found.steps, function(_, i) return i == 13 and 35 or 25 end)
    -- step 1: 50 / 50; step 2: (25 + 35 + 25) / 70
    assert.equal(2, score.steps)
    assert.near(135 / 120, score.sum, 1e-12)
    assert.near(1, score.p10, 1e-12)
    assert.near(85 / 70, score.p90, 1e-12)
    assert.is_false(accuracy.meets(score)) -- sum 1.125 is outside 0.90-1.10
    assert.is_true(accuracy.meets { sum = 1.09, p10 = 0.75, p90 = 1.35 })
    assert.is_false(accuracy.meets { sum = 1, p10 = 0.74, p90 = 1 })
    assert.is_false(accuracy.meets { sum = 1, p10 = 1, p90 = 1.36 })
    assert.is_false(accuracy.meets { sum = 0.89, p10 = 1, p90 = 1 })
  end)
end)

describe("heuristic accuracy on the shared real session", function()
  if not data.available() then
    if os.getenv("CI") == "true" then
      it("needs the shared data under CI", function()
        error("shared data not found at " .. data.PI_SESSION)
      end)
    else
      pending("shared data not found at " .. data.PI_SESSION)
    end
    return
  end
  local session = assert(importers.load(data.PI_SESSION))
  local found = accuracy.steps(session.messages)
  local function estimate(message) return h:message(message) end

  it("finds the steps between replies with usage", function()
    assert.is_true(#found.steps > 300)
    assert.is_true(found.skipped.failed_reply > 0)
  end)

  it("meets the targets on both halves (tuned on the first only)", function()
    local first, second = accuracy.halves(found.steps)
    for _, part in ipairs { first, second, found.steps } do
      local score = accuracy.score(session.messages, part, estimate)
      assert.is_true(accuracy.meets(score), string.format("sum %.3f p10 %.3f p90 %.3f", score.sum, score.p10,
        score.p90))
    end
  end)

  it("is closer than bytes / 4 with the same overheads", function()
    local function bytes4(message)
      local bytes = 0
      local content = message.content
      if type(content) == "string" then bytes = #content else
        for _, block in ipairs(content) do bytes = bytes + #(block.text or block.thinking or "") end
      end
      return 4 + math.ceil(bytes / 4)
    end
    local ours = accuracy.score(session.messages, found.steps, estimate)
    local old = accuracy.score(session.messages, found.steps, bytes4)
    assert.is_true(math.abs(math.log(ours.sum)) < math.abs(math.log(old.sum)))
    assert.is_true(ours.p10 > old.p10)
  end)
end)
