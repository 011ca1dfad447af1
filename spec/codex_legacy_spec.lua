-- The Codex importer on a rollout of an older CLI version, which did not wrap records in
-- `{ timestamp, type, payload }` (a header line, bare Responses items,
-- `record_type = "state"` markers): spec/fixtures/codex/rollout_legacy.jsonl,
-- written for this project in that real shape.

local importers = require "compact.importers"
local file_helpers = require "spec.support.files"

local LEGACY = "spec/fixtures/codex/rollout_legacy.jsonl"

local function read(path) return assert(file_helpers.read(path)) end

local function roles(messages)
  local out = {}
  for i, m in ipairs(messages) do out[i] = m.role end
  return out
end

describe("codex importer, unwrapped rollouts", function()
  it("reads the header as the session's meta and the bare items as messages, skipping the state markers", function()
    local r = assert(importers.load(LEGACY))
    assert.equals("codex", r.format)
    assert.same({ "user", "user", "user", "assistant", "tool_result", "assistant", "tool_result", "assistant" },
      roles(r.messages))
    assert.equals("the search ignores tags, fix it", r.messages[3].content[1].text)
    assert.same({ type = "thinking", thinking = "**Finding the search code**", signature = "gAAAAABlegacy-one" },
      r.messages[4].content[1])
    assert.same({ "bash", "-lc", "grep -n tags notes/search.py" }, r.messages[4].content[2].arguments.command)
    assert.equals("call_a1", r.messages[5].tool_call_id)
    assert.equals("12:    # tags are not matched yet\n", r.messages[5].content)
    assert.is_false(r.messages[5].is_error)
    assert.equals("1 failed, 4 passed\n", r.messages[7].content)
    assert.is_true(r.messages[7].is_error)
    assert.equals("Run the tests before you finish.", r.system_prompt)
    assert.same({}, r.warnings)
    assert.equals(0, r.skipped)
  end)

  it("takes the cwd from the environment context when the meta names none", function()
    local r = assert(importers.load(LEGACY))
    assert.equals("/home/dev/projects/notes", r.cwd)
  end)

  it("keeps the meta's cwd over the environment context's in a wrapped rollout", function()
    local text = '{"timestamp":"2025-10-01T08:00:00.000Z","type":"session_meta","payload":{"id":"s1",'
      .. '"cwd":"/srv/app"}}\n'
      .. '{"timestamp":"2025-10-01T08:00:01.000Z","type":"response_item","payload":{"type":"message",'
      .. '"role":"user","content":[{"type":"input_text","text":"<environment_context>\\n  <cwd>/tmp/other</cwd>\\n'
      .. '</environment_context>"}]}}\n'
    local r = assert(importers.parse(text, { name = "wrapped.jsonl" }))
    assert.equals("codex", r.format)
    assert.equals("/srv/app", r.cwd)
  end)

  it("is detected from the content, and a header alone is not taken for a rollout", function()
    assert.equals("codex", importers.detect(read(LEGACY)))
    local header = read(LEGACY):match("^[^\n]*\n")
    local r, err = importers.parse(header, { name = "header.jsonl" })
    assert.is_nil(r)
    assert.equals("invalid_request", err.code)
    assert.equals("header.jsonl: unknown format: a JSON object without `messages` (expected our state JSON, "
      .. "OpenAI Chat or Responses JSON, Anthropic messages JSON, or JSONL)", err.message)
    -- read as Codex on purpose, it is a session with its meta and no messages yet
    local forced = assert(importers.parse(header, { name = "header.jsonl", from = "codex" }))
    assert.same({}, forced.messages)
    assert.equals("Run the tests before you finish.", forced.system_prompt)
  end)
end)
