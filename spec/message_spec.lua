-- compact.message: the message model's small questions, answered once, and
-- the tool schema read the same way by every estimator.
local compact = require "compact"
local message = require "compact.message"

describe("compact.message", function()
  it("tells failed and aborted attempts from other messages, reading raw", function()
    assert.is_true(message.is_failed_attempt { role = "assistant", stop_reason = "error" })
    assert.is_true(message.is_failed_attempt { role = "assistant", stop_reason = "aborted" })
    assert.is_false(message.is_failed_attempt { role = "assistant", stop_reason = "stop" })
    assert.is_false(message.is_failed_attempt { role = "assistant" })
    assert.is_false(message.is_failed_attempt "error")
    local hostile = setmetatable({}, { __index = function() error("read") end })
    assert.is_false(message.is_failed_attempt(hostile))
    assert.is_true(message.is_failed_stop "aborted")
    assert.is_false(message.is_failed_stop "length")
  end)

  it("extracts text: strings as they are, text blocks joined, images only on request", function()
    local content = { { type = "text", text = "a" }, { type = "image", data = "x", mime_type = "image/png" },
      { type = "tool_call", id = "c", name = "t", arguments = {} }, { type = "text", text = "b" }, 5 }
    assert.equal("s", message.text "s")
    assert.equal("", message.text(nil))
    assert.equal("a\nb", message.text(content))
    assert.equal("a\n<image/png>\nb", message.text(content, function(block) return "<" .. block.mime_type .. ">" end))
    local images = 0
    assert.equal("a\nb", message.text(content, function() images = images + 1 end))
    assert.equal(1, images)
  end)

  it("makes zero usage tables, a new one each time", function()
    local a, b = message.zero_usage(), message.zero_usage()
    assert.same({ input = 0, output = 0, cache_read = 0, cache_write = 0 }, a)
    assert.is_false(rawequal(a, b))
    assert.same({ input = 1, output = 2, cache_read = 3, cache_write = 0 }, message.zero_usage(1, 2, 3))
  end)

  it("reads a tool's schema from parameters, else input_schema", function()
    local p, i = { type = "object" }, { type = "object", properties = {} }
    assert.same({ p, "parameters" }, { message.tool_schema { name = "t", parameters = p, input_schema = i } })
    assert.same({ i, "input_schema" }, { message.tool_schema { name = "t", input_schema = i } })
    assert.same({ nil, "parameters" }, { message.tool_schema { name = "t" } })
  end)

  it("cuts UTF-8 text only on character boundaries", function()
    local s = "a\195\169\226\130\172b" -- 1 + 2 + 3 + 1 bytes
    assert.same({ 0, 1, 1, 3, 3, 3, 6, 7, 7 },
      { message.cut_point(s, 0), message.cut_point(s, 1), message.cut_point(s, 2), message.cut_point(s, 3),
        message.cut_point(s, 4), message.cut_point(s, 5), message.cut_point(s, 6), message.cut_point(s, 7),
        message.cut_point(s, 99) })
    assert.equal("a\195\169", message.cut(s, 5))
    assert.same({ 1, 2, 4, 4, 7, 8 }, { message.start_point(s, 0), message.start_point(s, 2),
      message.start_point(s, 3), message.start_point(s, 4), message.start_point(s, 5), message.start_point(s, 8) })
  end)

  it("slices lists, the last index defaulting to the end", function()
    local list = { "a", "b", "c", "d" }
    assert.same({ "b", "c", "d" }, message.slice(list, 2))
    assert.same({ "b", "c" }, message.slice(list, 2, 3))
    assert.same({}, message.slice(list, 3, 2))
    assert.same({ "a", "b", "c", "d" }, message.slice(list, -5, 99))
  end)
end)

describe("tool definitions given with input_schema", function()
  local schema = { type = "object", properties = { path = { type = "string", description = "The file to read." },
    limit = { type = "integer", description = "How many lines." } }, required = { "path" } }
  local as_parameters = { { name = "read", description = "Read a file.", parameters = schema } }
  local as_input_schema = { { name = "read", description = "Read a file.", input_schema = schema } }

  it("are estimated like the same tool given with parameters (heuristic)", function()
    local h = compact.heuristic()
    local bare = h:tools { { name = "read", description = "Read a file." } }
    assert.is_true(h:tools(as_parameters) > bare)
    assert.equal(h:tools(as_parameters), h:tools(as_input_schema))
    assert.equal(compact.estimate { messages = {}, tools = as_parameters },
      compact.estimate { messages = {}, tools = as_input_schema })
    -- a problem names the field the schema came from
    local cyclic = {}
    cyclic.self = cyclic
    local heuristic_tools = require("compact.core").heuristic_tools
    assert.same({ nil, "tools[1].input_schema: cycle" }, { heuristic_tools { { name = "read", input_schema = cyclic } } })
    assert.same({ nil, "tools[1].parameters: cycle" }, { heuristic_tools { { name = "read", parameters = cyclic } } })
  end)

  it("are estimated like the same tool given with parameters (tokenizer estimator)", function()
    local estimator = assert(compact.tokenizer("o200k_base")):estimator()
    local bare = estimator:tools { { name = "read", description = "Read a file." } }
    assert.is_true(estimator:tools(as_parameters) > bare)
    assert.equal(estimator:tools(as_parameters), estimator:tools(as_input_schema))
  end)
end)
