-- The bad-input matrix: malformed configs, requests and messages each give
-- the right error naming the field (and message index), nothing crashes,
-- and the caller's tables are deep-equal to what they were.
local compact = require "compact"
local conversation = require "spec.support.conversation"

local summarizer = compact.summarizer(function() return "S" end)
local good = { role = "user", content = "hello" }

local function cyclic_arguments()
  local arguments = { path = "a" }
  arguments.self = arguments
  return arguments
end

local function deep_arguments()
  local root = {}
  local node = root
  for _ = 1, 150 do node.next = {}; node = node.next end
  return root
end

local function shared_dag()
  local node = { leaf = "x" }
  for _ = 1, 40 do node = { a = node, b = node } end
  return node
end

local config_cases = {
  { "not a table", "nope", "config" },
  { "missing summarizer", {}, "config.summarizer" },
  { "summarizer without summarize", { summarizer = {} }, "config.summarizer" },
  { "summarizer of wrong type", { summarizer = 42 }, "config.summarizer" },
  { "negative keep", { summarizer = summarizer, keep_recent_tokens = -1 }, "keep_recent_tokens" },
  { "keep as string", { summarizer = summarizer, keep_recent_tokens = "10" }, "keep_recent_tokens" },
  { "keep infinite", { summarizer = summarizer, keep_recent_tokens = math.huge }, "keep_recent_tokens" },
  { "zero ratio", { summarizer = summarizer, trigger_ratio = 0 }, "trigger_ratio" },
  { "negative ratio", { summarizer = summarizer, trigger_ratio = -0.5 }, "trigger_ratio" },
  { "infinite ratio", { summarizer = summarizer, trigger_ratio = math.huge }, "trigger_ratio" },
  { "unknown option", { summarizer = summarizer, keep_recent = 5 }, "config.keep_recent" },
  { "file_tools not a table", { summarizer = summarizer, file_tools = "read" }, "file_tools" },
  { "file_tools bad kind", { summarizer = summarizer, file_tools = { Read = { kind = "peek", key = "p" } } }, "file_tools.Read.kind" },
  { "file_tools bad key", { summarizer = summarizer, file_tools = { Read = { kind = "read", key = 3 } } }, "file_tools.Read.key" },
}

local request_cases = {
  { "not a table", "messages", "request" },
  { "no messages", {}, "request.messages" },
  { "messages not a table", { messages = "hi" }, "request.messages" },
  { "unknown field", { messages = {}, budget = 3 }, "request.budget" },
  { "system prompt not a string", { messages = {}, system_prompt = 1 }, "request.system_prompt" },
  { "summary not a string", { messages = {}, summary = {} }, "request.summary" },
  { "tools not a table", { messages = {}, tools = "all" }, "request.tools" },
  { "negative budget", { messages = {}, input_token_budget = -1 }, "input_token_budget" },
  { "budget as string", { messages = {}, input_token_budget = "100" }, "input_token_budget" },
  { "require_reduction not boolean", { messages = {}, require_reduction = "yes" }, "require_reduction" },
  { "instructions not a string", { messages = {}, instructions = 5 }, "request.instructions" },
  { "estimator without methods", { messages = {}, estimator = {} }, "request.estimator" },
  { "estimator not a table", { messages = {}, estimator = 4 }, "request.estimator" },
  { "tool definition without name", { messages = {}, tools = { { description = "x" } } }, "tools%[1%]%.name" },
  { "tool parameters with a function", { messages = {}, tools = { { name = "t", parameters = { f = print } } } }, "tools%[1%]%.parameters" },
}

local message_cases = {
  { "message not a table", { good, "text" }, "messages%[2%]" },
  { "missing role", { good, { content = "x" } }, "messages%[2%]%.role" },
  { "unknown role", { good, good, { role = "system", content = "x" } }, "messages%[3%]%.role: unknown role 'system'" },
  { "role not a string", { { role = 1, content = "x" } }, "messages%[1%]%.role" },
  { "content missing", { { role = "user" } }, "messages%[1%]%.content" },
  { "content a number", { { role = "user", content = 7 } }, "messages%[1%]%.content" },
  { "block not a table", { { role = "user", content = { "text" } } }, "messages%[1%]%.content%[1%]" },
  { "block without type", { good, { role = "user", content = { { type = "text", text = "a" }, { text = "b" } } } }, "messages%[2%]%.content%[2%]: block has no type" },
  { "block type not a string", { { role = "user", content = { { type = 3 } } } }, "messages%[1%]%.content%[1%]%.type" },
  { "text block without text", { { role = "user", content = { { type = "text" } } } }, "messages%[1%]%.content%[1%]%.text" },
  { "thinking not a string", { { role = "assistant", content = { { type = "thinking", thinking = {} } } } }, "content%[1%]%.thinking" },
  { "image data not a string", { { role = "user", content = { { type = "image", data = 5 } } } }, "content%[1%]%.data" },
  { "tool_call without id", { { role = "assistant", content = { { type = "tool_call", name = "read" } } } }, "content%[1%]%.id: tool_call has no id" },
  { "tool_call with empty id", { { role = "assistant", content = { { type = "tool_call", id = "", name = "read" } } } }, "content%[1%]%.id" },
  { "tool_call without name", { { role = "assistant", content = { { type = "tool_call", id = "1" } } } }, "content%[1%]%.name: tool_call has no name" },
  { "tool_call arguments a number", { { role = "assistant", content = { { type = "tool_call", id = "1", name = "r", arguments = 3 } } } }, "content%[1%]%.arguments" },
  { "cyclic arguments", { good, { role = "assistant", content = { { type = "tool_call", id = "1", name = "r", arguments = cyclic_arguments() } } } }, "messages%[2%]%.content%[1%]%.arguments: cycle" },
  { "arguments nested too deep", { { role = "assistant", content = { { type = "tool_call", id = "1", name = "r", arguments = deep_arguments() } } } }, "arguments: nesting deeper" },
  { "arguments holding a function", { { role = "assistant", content = { { type = "tool_call", id = "1", name = "r", arguments = { cb = print } } } } }, "arguments: value JSON cannot hold" },
  -- 2^40 paths: deep comparison is impossible, so this one compares identity
  { "arguments a huge shared DAG", { { role = "assistant", content = { { type = "tool_call", id = "1", name = "r", arguments = shared_dag() } } } }, "arguments: value too large", shallow = true },
  { "tool_call in a user message", { { role = "user", content = { { type = "tool_call", id = "1", name = "r" } } } }, "outside an assistant message" },
  { "tool_result without tool_call_id", { { role = "tool_result", content = "x" } }, "messages%[1%]%.tool_call_id" },
  { "tool_result is_error a string", { { role = "tool_result", tool_call_id = "1", content = "x", is_error = "yes" } }, "messages%[1%]%.is_error" },
  { "tool_result tool_name a number", { { role = "tool_result", tool_call_id = "1", tool_name = 3, content = "x" } }, "messages%[1%]%.tool_name" },
  { "stop_reason a number", { { role = "assistant", content = "x", stop_reason = 1 } }, "messages%[1%]%.stop_reason" },
}

describe("bad input matrix", function()
  assert.is_true(#config_cases + #request_cases + #message_cases >= 50)

  for _, case in ipairs(config_cases) do
    it("config: " .. case[1], function()
      local config = case[2]
      local before = conversation.deepcopy(config)
      local compactor, err = compact.new(config)
      assert.is_nil(compactor)
      assert.is_true(compact.is(err, compact.ErrInvalidConfig), tostring(err))
      assert.matches(case[3], err.message)
      assert.same(before, config)
    end)
  end

  local compactor = assert(compact.new { summarizer = summarizer })

  local function check_all_entry_points(request, pattern, shallow)
    local before = shallow and request.messages[1].content[1].arguments or conversation.deepcopy(request)
    local entry_points = {
      function() return compact.estimate(request) end,
      function() return compactor:plan(request) end,
      function() return compactor:compact(request) end,
      function() return compactor:apply(request, { first_kept_index = 1 }) end,
    }
    for index, call in ipairs(entry_points) do
      local ok, value, err = pcall(call)
      assert.is_true(ok, "entry point " .. index .. " raised: " .. tostring(value))
      assert.is_nil(value)
      assert.is_true(compact.is(err, compact.ErrInvalidRequest), "entry point " .. index .. ": " .. tostring(err))
      assert.matches(pattern, err.message)
      if shallow then
        assert.equal(before, request.messages[1].content[1].arguments)
      else
        assert.same(before, request)
      end
    end
  end

  for _, case in ipairs(request_cases) do
    it("request: " .. case[1], function()
      check_all_entry_points(case[2], case[3])
    end)
  end

  for _, case in ipairs(message_cases) do
    it("messages: " .. case[1], function()
      check_all_entry_points({ messages = case[2], require_reduction = true }, case[3], case.shallow)
    end)
  end

  it("a fixed message list plans again after the error", function()
    local messages = { good, { role = "user", content = 5 } }
    assert.is_nil(compact.estimate { messages = messages })
    messages[2] = { role = "user", content = "fixed" }
    assert.is_number(compact.estimate { messages = messages })
  end)
end)

describe("hostile tables", function()
  it("a message's metatable is never run: its raw fields are what counts", function()
    local fired = 0
    local trap = { __index = function() fired = fired + 1; error("trap") end }
    local plain = { role = "user", content = "hello there" }
    local hostile = setmetatable({ role = "user", content = "hello there" }, trap)
    assert.equal(compact.estimate { messages = { plain } }, compact.estimate { messages = { hostile } })
    assert.equal(0, fired)
    -- fields only an __index could supply are missing, whatever it would answer
    local borrowed = setmetatable({}, { __index = plain })
    local tokens, err = compact.estimate { messages = { borrowed } }
    assert.is_nil(tokens)
    assert.is_true(compact.is(err, compact.ErrInvalidRequest))
    assert.matches("messages%[1%]%.role", err.message)
  end)
end)

describe("hostile tables and callbacks", function()
  local qa = conversation.qa
  local s = compact.summarizer(function() return "S" end)

  it("never raises on a request whose __pairs raises", function()
    local c = assert(compact.new { summarizer = s, keep_recent_tokens = 0 })
    local request = setmetatable({ messages = qa(2) }, { __pairs = function() error("trap") end })
    local ok, value, err = pcall(c.plan, c, request)
    assert.is_true(ok, tostring(value))
    assert.is_nil(value)
    if _VERSION == "Lua 5.1" then -- 5.1 and LuaJIT have no __pairs: a valid request without a budget
      assert.is_nil(err)
    else
      assert.is_true(compact.is(err, compact.ErrInvalidRequest), tostring(err))
    end
  end)

  it("reads tool arguments raw: a raising metatable is never run", function()
    local fired = 0
    local trap = { __index = function() fired = fired + 1; error("trap") end }
    local c = assert(compact.new { summarizer = s, keep_recent_tokens = 0 })
    local messages = qa(3)
    messages[2] = { role = "assistant", content = { { type = "tool_call", id = "1", name = "read",
      arguments = setmetatable({ path = "a" }, trap) } } }
    messages[3] = { role = "tool_result", tool_call_id = "1", content = "ok" }
    local ok, result, err = pcall(c.compact, c, { messages = messages, require_reduction = true })
    assert.is_true(ok, tostring(result))
    assert.is_table(result, tostring(err))
    assert.equal("S\n\n<read-files>\na\n</read-files>", result.summary)
    assert.equal(0, fired)
  end)

  it("compact.is stops at a cause whose metatable raises", function()
    local hostile_cause = setmetatable({}, { __index = function() error("trap") end })
    assert.is_false(compact.is({ code = "x", cause = hostile_cause }, compact.ErrCancelled))
  end)

  it("refuses a summarizer whose summarize is not callable", function()
    local c, err = compact.new { summarizer = { summarize = true } }
    assert.is_nil(c)
    assert.is_true(compact.is(err, compact.ErrInvalidConfig))
    assert.matches("config%.summarizer", err.message)
  end)
end)
