-- compact.repair: every tool call answered exactly once.
local compact = require "compact"
local conversation = require "spec.support.conversation"

local function call(id, name) return { type = "tool_call", id = id, name = name or "read", arguments = {} } end
local function assistant(...) return { role = "assistant", stop_reason = "tool_use", content = { ... } } end
local function result(id, text) return { role = "tool_result", tool_call_id = id, tool_name = "read", content = text or "ok" } end
local function user(text) return { role = "user", content = text or "go" } end

local function roles_and_ids(list)
  local out = {}
  for i, m in ipairs(list) do out[i] = m.role .. (m.tool_call_id and (":" .. m.tool_call_id) or "") end
  return out
end

describe("compact.repair", function()
  it("returns a clean list as a new list holding the same messages, with an empty report", function()
    local messages = { user(), assistant(call("a"), call("b")), result("b"), result("a"),
      { role = "assistant", stop_reason = "stop", content = "done" } }
    local before = conversation.deepcopy(messages)
    local repaired, report = compact.repair(messages)
    assert.are_not.equal(messages, repaired)
    assert.are.equal(#messages, #repaired)
    for i = 1, #messages do assert.are.equal(messages[i], repaired[i]) end
    assert.are.same({ orphan_results = {}, missing_results = {}, duplicate_results = {} }, report)
    assert.are.same(before, messages)
  end)

  it("drops a result with no earlier call and reports its index", function()
    local messages = { user(), result("ghost"), assistant(call("a")), result("a"), user("next") }
    local repaired, report = compact.repair(messages)
    assert.are.same({ "user", "assistant", "tool_result:a", "user" }, roles_and_ids(repaired))
    assert.are.same({ 2 }, report.orphan_results)
  end)

  it("a result before its call is an orphan", function()
    local repaired, report = compact.repair({ user(), result("a"), assistant(call("a")), result("a") })
    assert.are.same({ "user", "assistant", "tool_result:a" }, roles_and_ids(repaired))
    assert.are.same({ 2 }, report.orphan_results)
    assert.are.same({}, report.duplicate_results)
  end)

  it("answers a call left without a result after the results its message did get", function()
    local messages = { user(), assistant(call("a"), call("b", "bash"), call("c")), result("a"), user("stop") }
    local repaired, report = compact.repair(messages)
    assert.are.same({ "user", "assistant", "tool_result:a", "tool_result:b", "tool_result:c", "user" },
      roles_and_ids(repaired))
    assert.are.same({ 2, 2 }, report.missing_results)
    local synthetic = repaired[4]
    assert.are.same({ role = "tool_result", tool_call_id = "b", tool_name = "bash",
      content = "[no result: the call was interrupted]", is_error = true }, synthetic)
  end)

  it("a result after the window closed is a duplicate of the synthetic one", function()
    local messages = { user(), assistant(call("a")), user("interrupt"), result("a") }
    local repaired, report = compact.repair(messages)
    assert.are.same({ "user", "assistant", "tool_result:a", "user" }, roles_and_ids(repaired))
    assert.is_true(repaired[3].is_error)
    assert.are.same({ 2 }, report.missing_results)
    assert.are.same({ 4 }, report.duplicate_results)
  end)

  it("drops a second result for the same id", function()
    local messages = { user(), assistant(call("a")), result("a", "one"), result("a", "two") }
    local repaired, report = compact.repair(messages)
    assert.are.same({ "user", "assistant", "tool_result:a" }, roles_and_ids(repaired))
    assert.are.equal("one", repaired[3].content)
    assert.are.same({ 4 }, report.duplicate_results)
  end)

  it("keeps a call id reused by a later message (servers that number calls per response)", function()
    local messages = { user(), assistant(call("call_0")), result("call_0", "first"),
      { role = "assistant", stop_reason = "stop", content = "ok" }, user("again"),
      assistant(call("call_0")), result("call_0", "second"), { role = "assistant", stop_reason = "stop", content = "ok" } }
    local repaired, report = compact.repair(messages)
    assert.are.equal(#messages, #repaired)
    for i = 1, #messages do assert.are.equal(messages[i], repaired[i]) end
    assert.is_false(require("compact.repair").changed(report))
  end)

  it("leaves the calls of the last message pending", function()
    local messages = { user(), assistant(call("a")) }
    local repaired, report = compact.repair(messages)
    assert.are.equal(2, #repaired)
    assert.is_false(require("compact.repair").changed(report))
  end)

  it("repairing twice changes nothing more than repairing once", function()
    local messages = { user(), result("x"), assistant(call("a"), call("b")), result("b"), result("b"),
      assistant(call("c")), user(), result("c"), assistant(call("d")) }
    local once = compact.repair(messages)
    local twice, report = compact.repair(once)
    assert.are.same(roles_and_ids(once), roles_and_ids(twice))
    for i = 1, #once do assert.are.equal(once[i], twice[i]) end
    assert.is_false(require("compact.repair").changed(report))
  end)

  it("never modifies the input", function()
    local messages = { user(), assistant(call("a")), user(), result("a"), result("z") }
    local before = conversation.deepcopy(messages)
    compact.repair(messages)
    assert.are.same(before, messages)
  end)

  it("rejects invalid input with the message index and field", function()
    local list, err = compact.repair("nope")
    assert.is_nil(list)
    assert.is_true(compact.is(err, compact.ErrInvalidRequest))
    list, err = compact.repair({ user(), { role = "robot", content = "x" } })
    assert.is_nil(list)
    assert.is_true(compact.is(err, compact.ErrInvalidRequest))
    assert.matches("messages%[2%]", err.message)
  end)

  it("reads lists and messages raw: metatables never run", function()
    local runs = 0
    local function count() runs = runs + 1; error("metamethod ran") end
    local hostile = setmetatable({ user(), setmetatable(assistant(call("a")), { __index = count }), user() },
      { __index = count, __len = count, __pairs = count })
    local list, report = compact.repair(hostile)
    assert.are.equal(0, runs)
    assert.are.equal(4, #list)
    assert.are.same({ 2 }, report.missing_results)
  end)

  it("a repaired list plans and estimates like any other", function()
    local repaired = compact.repair({ user(), assistant(call("a")), user("more"), result("a") })
    assert.is_number(compact.estimate({ messages = repaired }))
  end)
end)
