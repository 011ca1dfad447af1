-- The generator summarizer on agent sessions (contract 17): section checks,
-- halving a chunk the model rejects as too long, max_output_tokens in the
-- chunk budget, shell results by the tool vocabulary.
local generator = require "compact.summarizers.generator"
local prompts = require "compact.summarizers.prompts"
local errors = require "compact.errors"
local core = require "compact.core"

local fake_generator = require "spec.support.fake_generator"
local fake = fake_generator.new

local function estimate(text) return core.heuristic_text(text) end
local function prompt_of(request) return request.messages[1].content[1].text end

local COMPLETE = table.concat({
  "## Goal", "Fix the parser.", "## Constraints and preferences", "(none)", "## User requests",
  "- \"fix the parser\"", "## Progress", "(none)", "## Errors and fixes", "(none)", "## Key decisions", "(none)",
  "## Relevant files", "- src/parser.lua: the parser", "## Current work", "reading", "## Next step",
  "\"fix the parser\": edit it",
}, "\n")

local history = {
  { role = "user", content = "fix the parser" },
  { role = "assistant", stop_reason = "stop", content = { { type = "text", text = "Looking." } } },
}

local function rounds(n)
  local out = {}
  for i = 1, n do
    out[#out + 1] = { role = "user", content = "request " .. i .. " " .. string.rep("word ", 30) }
    out[#out + 1] = { role = "assistant", stop_reason = "stop", content = { { type = "text", text = "done " .. i } } }
  end
  return out
end

local function new(gen, extra)
  local config = { generator = gen, model = "m", sleep = function() end }
  for k, v in pairs(extra or {}) do config[k] = v end
  return assert(generator.new(config))
end

describe("generator summarizer sections", function()
  it("asks for every section in every prompt: initial, update, turn prefix", function()
    assert.are.same({ "Goal", "Constraints and preferences", "User requests", "Progress", "Errors and fixes",
      "Key decisions", "Relevant files", "Current work", "Next step" }, prompts.sections)
    for _, prompt in ipairs({ prompts.initial, prompts.update, prompts.turn_prefix }) do
      for _, section in ipairs(prompts.sections) do
        assert.truthy(prompt:find("\n## " .. section .. "\n", 1, true), section)
      end
      assert.truthy(prompt:find('"(none)"', 1, true))
    end
    assert.truthy(prompts.update:find("The previous summary is discarded and replaced by yours", 1, true))
    assert.truthy(prompts.update:find("whatever you do not carry over is lost", 1, true))
  end)

  it("finds missing headings, case-insensitively, in # or bold form", function()
    assert.are.same({}, prompts.missing_sections(COMPLETE))
    assert.are.same({}, prompts.missing_sections((COMPLETE:gsub("## Goal", "# goal"))))
    assert.are.same({}, prompts.missing_sections((COMPLETE:gsub("## Goal", "**Goal**"))))
    assert.are.same({ "Errors and fixes", "Next step" },
      prompts.missing_sections((COMPLETE:gsub("## Errors and fixes", "Errors"):gsub("## Next step", ""))))
  end)

  it("accepts a complete reply with one call", function()
    local gen = fake({ COMPLETE })
    assert.are.equal(COMPLETE, (new(gen):summarize({ messages = history })))
    assert.are.equal(1, #gen.requests)
  end)

  it("retries a reply missing headings once with a corrective message, then accepts it", function()
    local gen = fake({ "just prose", "## Goal\nstill partial" })
    local text, usage = new(gen):summarize({ messages = history })
    assert.are.equal("## Goal\nstill partial", text)
    assert.are.same({ input = 200, output = 20, cache_read = 2, cache_write = 4 }, usage)
    assert.are.equal(2, #gen.requests)
    local second = gen.requests[2].messages
    assert.are.equal(3, #second)
    assert.are.equal(prompt_of(gen.requests[1]), second[1].content[1].text)
    assert.are.same({ role = "assistant", content = { { type = "text", text = "just prose" } }, stop_reason = "stop" },
      second[2])
    assert.are.equal(prompts.corrective(prompts.sections), second[3].content[1].text)
    assert.truthy(second[3].content[1].text:find("missing these sections: Goal, Constraints and preferences", 1, true))
  end)

  it("keeps the first reply when the corrective call fails", function()
    local gen = fake({ "just prose", errors.new("http", "bad request", { status = 400 }) })
    assert.are.equal("just prose", (new(gen):summarize({ messages = history })))
    assert.are.equal(2, #gen.requests)
  end)

  it("does not check sections under a custom system prompt or with check_sections = false", function()
    local gen = fake({ "prose" })
    assert.are.equal("prose", (new(gen, { system_prompt = "Summarize tersely." }):summarize({ messages = history })))
    gen = fake({ "prose" })
    assert.are.equal("prose", (new(gen, { check_sections = false }):summarize({ messages = history })))
    assert.are.equal(1, #gen.requests)
    local s, err = generator.new({ generator = gen, model = "m", check_sections = "yes" })
    assert.is_nil(s)
    assert.are.equal("invalid_config", err.code)
    assert.matches("config.check_sections", err.message, 1, true)
  end)
end)

describe("generator summarizer chunk budget and rejections", function()
  it("counts max_output_tokens in each chunk's budget", function()
    local gen = fake({ default = COMPLETE })
    local s = new(gen, { max_input_tokens = 4000, options = { max_output_tokens = 1000 } })
    local _, _, meta = assert(s:summarize({ messages = rounds(60) }))
    assert.is_true(meta.chunks > 1)
    for i, request in ipairs(gen.requests) do
      assert.are.equal(1000, request.max_output_tokens)
      local size = estimate(request.system_prompt) + estimate(prompt_of(request))
      assert.is_true(size + 1000 <= 4000, "request " .. i .. ": " .. size .. " + 1000 > 4000")
    end
  end)

  it("rejects a max_input_tokens that leaves no room for records", function()
    local s = new(fake({ default = COMPLETE }), { max_input_tokens = 1500, options = { max_output_tokens = 1000 } })
    local text, err = s:summarize({ messages = rounds(60) })
    assert.is_nil(text)
    assert.are.equal("invalid_config", err.code)
    assert.matches("config.max_input_tokens: 1500 leaves no room", err.message, 1, true)
  end)

  it("splits a chunk the model rejects as too long in two and retries both halves", function()
    local too_long = errors.new("context_window_exceeded", "prompt is too long", { status = 400 })
    local gen = fake({ too_long, COMPLETE .. "\nFIRST", COMPLETE .. "\nSECOND" })
    local messages = rounds(4)
    local text, _, meta = new(gen):summarize({ messages = messages })
    assert.are.equal(COMPLETE .. "\nSECOND", text)
    assert.are.equal(2, meta.chunks)
    assert.are.equal(3, #gen.requests)
    local first, second = prompt_of(gen.requests[2]), prompt_of(gen.requests[3])
    assert.truthy(first:find("request 2 ", 1, true))
    assert.is_nil(first:find("request 3 ", 1, true))
    assert.truthy(second:find("request 3 ", 1, true))
    assert.truthy(second:find("request 4 ", 1, true))
    assert.truthy(second:find("<previous-summary>\n" .. COMPLETE .. "\nFIRST", 1, true))
  end)

  it("fails with ErrSummarization after three halvings", function()
    local too_long = errors.new("context_window_exceeded", "prompt is too long", { status = 400 })
    local gen = fake({ default = too_long })
    local text, err = new(gen):summarize({ messages = rounds(16) })
    assert.is_nil(text)
    assert.are.equal("summarization", err.code)
    assert.are.equal(too_long, err.cause)
    assert.matches("a chunk of 4 messages is too long for the summary model after 3 halvings", err.message, 1, true)
    -- 1 whole + 2 halves + 2 quarters + 2 eighths: the first branch is followed down
    assert.are.equal(4, #gen.requests)
  end)

  it("keeps the tail of shell results whatever the tool is called", function()
    local out = {}
    for i = 1, 300 do out[i] = "test " .. i .. " ok" end
    out[#out + 1] = "297 tests, 11 failures"
    local messages = {
      { role = "user", content = "run the tests" },
      { role = "assistant", stop_reason = "tool_use", content = {
        { type = "tool_call", id = "t1", name = "Bash", arguments = { command = "mix test" } } } },
      { role = "tool_result", tool_call_id = "t1", tool_name = "Bash", content = table.concat(out, "\n") },
      { role = "assistant", stop_reason = "tool_use", content = {
        { type = "tool_call", id = "t2", name = "Run", arguments = { script = "mix test" } } } },
      { role = "tool_result", tool_call_id = "t2", tool_name = "Run", content = table.concat(out, "\n") },
    }
    local gen = fake({ COMPLETE })
    new(gen, { tool_vocabulary = { Run = { kind = "shell", command_key = "script" } } }):summarize({ messages = messages })
    local prompt = prompt_of(gen.requests[1])
    local _, verdicts = prompt:gsub("297 tests, 11 failures", "")
    assert.are.equal(2, verdicts)
    assert.is_nil(prompt:find("test 1 ok", 1, true))
  end)
end)
