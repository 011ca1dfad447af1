-- The archive in use: the compactor and the fit ladder archive originals
-- before replacing them and name their ids; a failing archive fails the
-- compaction and changes nothing; any table with put/search/get is an
-- archive; the agent's recall tool; the CLI's --archive and `recall`.
local compact = require "compact"
local conversation = require "spec.support.conversation"
local fake = require "spec.support.fake_generator"
local files = require "spec.support.files"

local has_sqlite = pcall(require, "compact.sqlite")
local unpack = table.unpack or unpack -- luacheck: ignore 143

-- bytes as tokens, so sizes are exact
local bytes = require("spec.support.conversation").bytes_estimator

local function answer(text) return { role = "assistant", stop_reason = "stop", content = { { type = "text", text = text } } } end
local function call(id, path)
  return { role = "assistant", stop_reason = "tool_use",
    content = { { type = "tool_call", id = id, name = "read", arguments = { path = path } } } }
end
local function tool_result(id, content) return { role = "tool_result", tool_call_id = id, tool_name = "read", content = content } end

-- A table archive that logs every call (events shared with a summarizer).
local function table_archive(log)
  local stored = {}
  local archive = { stored = stored }
  function archive.put(_, conversation_id, messages)
    log[#log + 1] = "put " .. conversation_id .. " " .. #messages
    local ids = {}
    for i, message in ipairs(messages) do
      stored[#stored + 1] = { conversation = conversation_id, message = message }
      ids[i] = #stored * 10 -- a host's own ids: increasing, not dense
    end
    return ids
  end
  function archive.search() return {} end
  function archive.get(_, id) return stored[id / 10] and stored[id / 10].message end
  return archive
end

local function logging_summarizer(log)
  return { summarize = function(_, req)
    log[#log + 1] = "summarize " .. #req.messages .. "+" .. #req.turn_prefix_messages
    return "SUMMARY"
  end }
end

local PAD = (" lorem ipsum"):rep(60)
local history = {
  { role = "user", content = "the deploy key lives in vault path secret/deploy" .. PAD }, answer("noted the vault path" .. PAD),
  { role = "user", content = "now fix the flaky test" .. PAD }, call("c1", "spec/a_spec.lua"),
  tool_result("c1", "it('retries', function() end)" .. PAD), answer("fixed the retry spec" .. PAD),
  { role = "user", content = "next task" }, answer("ok"),
}

describe("a compactor with an archive", function()
  it("archives every summarized message, history and turn prefix, before calling the summarizer", function()
    local log = {}
    local archive = table_archive(log)
    local c = assert(compact.new { summarizer = logging_summarizer(log), archive = archive, conversation_id = "conv",
      keep_recent_tokens = 20 })
    local request = { messages = history, estimator = bytes, require_reduction = true }
    local plan = assert(c:plan(request))
    local out = assert(c:apply(request, plan))
    local summarized = #plan.messages_to_summarize + #plan.turn_prefix_messages
    assert.is_true(plan.is_split_turn)
    assert.are.same({ "put conv " .. #plan.messages_to_summarize, "put conv " .. #plan.turn_prefix_messages,
      "summarize " .. #plan.messages_to_summarize .. "+" .. #plan.turn_prefix_messages }, log)
    assert.are.equal(summarized, #archive.stored)
    for i = 1, summarized do assert.are.equal(history[i], archive.stored[i].message) end
    assert.are.same({ first_id = 10, last_id = summarized * 10 }, out.record.archived)
    assert.are.equal("conv", c.conversation_id)
  end)

  it("lists the archived ids in the record, searchable and returned whole", function()
    local archive = compact.archive.memory()
    local c = assert(compact.new { summarizer = compact.summarizer(function() return "S" end), archive = archive,
      conversation_id = "c1", keep_recent_tokens = 3 })
    local out = assert(c:compact { messages = history, estimator = bytes, require_reduction = true })
    local k = out.record.first_kept_index
    assert.are.same({ first_id = 1, last_id = k - 1 }, out.record.archived)
    local hits = assert(archive:search("c1", "vault deploy key"))
    assert.are.equal(1, hits[1].id)
    for id = 1, k - 1 do assert.are.same(history[id], assert(archive:get(id))) end
    -- a later compaction goes on with the next ids
    local next_messages = { unpack(out.messages) }
    for _, m in ipairs { { role = "user", content = "more work" }, answer("done"), { role = "user", content = "x" } } do
      next_messages[#next_messages + 1] = m
    end
    local again = assert(c:compact { messages = next_messages, summary = out.summary, estimator = bytes,
      require_reduction = true })
    assert.are.equal(k, again.record.archived.first_id)
  end)

  for _, case in ipairs {
    { "fails (nil, err)", function() return nil, compact.error("transport", "disk on fire") end, "disk on fire" },
    { "raises", function() error("archive exploded") end, "archive exploded" },
    { "returns too few ids", function() return { 1 } end, "expected a list of" },
    { "returns a bad id", function(_, _, messages)
        local ids = {}
        for i = 1, #messages do ids[i] = "x" .. i end
        return ids
      end, "bad id" },
  } do
    it("fails with ErrSummarization and changes nothing when the archive " .. case[1], function()
      local log = {}
      local archive = { put = case[2], search = function() end, get = function() end }
      local c = assert(compact.new { summarizer = logging_summarizer(log), archive = archive, keep_recent_tokens = 3 })
      local request = { messages = history, estimator = bytes, require_reduction = true }
      local before = conversation.deepcopy(request)
      local out, err = c:compact(request)
      assert.is_nil(out)
      assert.is_true(compact.is(err, compact.ErrSummarization))
      assert.are.equal("archiving the originals failed; nothing was replaced", err.message)
      assert.are.equal("archive", err.cause.code)
      assert.is_truthy(tostring(err):find(case[3], 1, true), tostring(err))
      assert.are.same({}, log) -- the summarizer was never called
      assert.are.same(before, request)
    end)
  end

  it("archives a message once when a compaction is retried after a failure", function()
    local log = {}
    local archive = table_archive(log)
    local fails = true
    local summarizer = { summarize = function()
      if fails then return nil, "model down" end
      return "SUMMARY"
    end }
    local c = assert(compact.new { summarizer = summarizer, archive = archive, keep_recent_tokens = 3 })
    local request = { messages = history, estimator = bytes, require_reduction = true }
    assert.is_nil((c:compact(request)))
    local stored = #archive.stored
    fails = false
    local out = assert(c:compact(request))
    assert.are.equal(stored, #archive.stored)
    assert.are.same({ first_id = 10, last_id = stored * 10 }, out.record.archived)
  end)

  it("rejects a bad archive or conversation id with ErrInvalidConfig", function()
    local s = compact.extractive_summarizer()
    local cases = {
      { { summarizer = s, archive = {} }, "config.archive: expected an archive (a table with put, search and get), got table" },
      { { summarizer = s, archive = compact.archive.memory(), conversation_id = 7 },
        "config.conversation_id: expected a non-empty string, got number 7" },
      { { summarizer = s, conversation_id = "c" }, "config.conversation_id: expected nil without config.archive, got string \"c\"" },
    }
    for _, case in ipairs(cases) do
      local c, err = compact.new(case[1])
      assert.is_nil(c)
      assert.is_true(compact.is(err, compact.ErrInvalidConfig))
      assert.are.equal(case[2], err.message)
    end
    local a = assert(compact.new { summarizer = s, archive = compact.archive.memory() })
    local b = assert(compact.new { summarizer = s, archive = compact.archive.memory() })
    assert.is_string(a.conversation_id)
    assert.are_not.equal(a.conversation_id, b.conversation_id)
  end)
end)

-- an old exchange, then a turn reading two 12 KB files (the fit ladder
-- shortens their results first)
local function two_big_reads()
  local big = ("H"):rep(3000) .. ("m"):rep(6000) .. ("T"):rep(3000)
  return big, {
    { role = "user", content = "old" }, answer("old answer"),
    { role = "user", content = "read them" },
    call("c1", "a.lua"), tool_result("c1", big),
    call("c2", "b.lua"), tool_result("c2", big),
  }
end

-- a compactor keeping the turn after the old exchange, and its fitting
-- compaction of `turn` into 16,000 tokens (the results must be shortened)
local function fit_compact(turn, archive)
  local keep = compact.estimate { messages = { unpack(turn, 3) }, estimator = bytes }
  local c = assert(compact.new { keep_recent_tokens = keep, summarizer = compact.summarizer(function() return "s" end),
    archive = archive, conversation_id = "c1" })
  return c, assert(c:compact { messages = turn, input_token_budget = 16000, fit = true, estimator = bytes,
    require_reduction = true })
end

describe("the fit ladder with an archive", function()
  it("archives shortened tool results first and names them in the cut markers", function()
    local big, turn = two_big_reads()
    local before = conversation.deepcopy(turn)
    local archive = compact.archive.memory()
    local _, out = fit_compact(turn, archive)
    assert.are.equal("shorten_tool_results", out.record.degraded[1].step)
    -- 1, 2: summarized; 3: the shortened result (message 5)
    assert.are.same({ first_id = 1, last_id = 3 }, out.record.archived)
    local marker = "[... " .. (#big - 1024) .. " bytes cut by compaction; recall #3 ...]" -- the 1024-byte cap
    assert.is_truthy(out.messages[3].content:find("\n" .. marker .. "\n", 1, true), out.messages[3].content:match("%[%.%.%.[^%]]*%]"))
    assert.are.equal(turn[7], out.messages[5]) -- the newest message is kept whole
    assert.are.same(turn[5], assert(archive:get(3)))
    assert.are.same(before, turn)
  end)

  it("archives a shortened result once: a later compaction of its cut copy names the original", function()
    local big, turn = two_big_reads()
    local archive = compact.archive.memory()
    local c, out = fit_compact(turn, archive)
    assert.are.same({ first_id = 1, last_id = 3 }, out.record.archived)
    local later = {}
    for i, m in ipairs(out.messages) do later[i] = m end
    later[#later + 1] = { role = "user", content = "next" }
    later[#later + 1] = answer(("z"):rep(40000)) -- the newest turn alone fills keep_recent_tokens
    local again = assert(c:compact { messages = later, summary = out.summary, estimator = bytes,
      require_reduction = true })
    assert.are.equal(#later, again.record.first_kept_index) -- all but the newest answer summarized
    -- messages 3-7 of the first turn were kept: 3 (the shortened result) is not stored again
    local rows = assert(archive:conversations())[1].count
    local stored = {}
    for id = 1, rows do
      local m = assert(archive:get(id))
      if m.tool_call_id == "c1" then stored[#stored + 1] = m.content end
    end
    assert.are.same({ big }, stored)
    -- 4-8: the other five messages summarized; the cut copy is named by #3
    assert.are.equal(8, rows)
    assert.are.same({ first_id = 3, last_id = 8 }, again.record.archived)
  end)

  -- the same, with the kept list read back from a saved state: new tables
  -- (and a new compactor), which only their placeholders tie to the originals
  local function compact_restored(archive, conversation_id, edit)
    local big, turn = two_big_reads()
    local _, out = fit_compact(turn, archive)
    local later = conversation.deepcopy(out.messages)
    if edit then edit(later) end
    later[#later + 1] = { role = "user", content = "next" }
    later[#later + 1] = answer(("z"):rep(40000))
    local c = assert(compact.new { keep_recent_tokens = 20000, archive = archive, conversation_id = conversation_id,
      summarizer = compact.summarizer(function() return "s" end) })
    local again = assert(c:compact { messages = later, summary = out.summary, estimator = bytes,
      require_reduction = true })
    local stored = {}
    for _, list in ipairs(assert(archive:conversations())) do
      for id = 1, 100 do
        local m, conv = archive:get(id)
        if m and conv == list.id and m.tool_call_id == "c1" then stored[#stored + 1] = m.content end
      end
    end
    return big, again, stored
  end

  it("archives a shortened result once across a saved state: the restored cut copy names the original", function()
    local big, again, stored = compact_restored(compact.archive.memory(), "c1")
    assert.are.same({ big }, stored)
    assert.are.same({ first_id = 3, last_id = 8 }, again.record.archived)
  end)

  it("archives a new user or assistant message that quotes a placeholder: only a tool result is a copy", function()
    local archive = compact.archive.memory()
    local common = require "compact.archive_common"
    local ids = assert(archive:put("c1", { answer("long original reply") }))
    local tracker = common.tracker(archive, "c1", common.new_cache())
    local echo = answer("Part was elided ([... 812 tokens cut by compaction; recall #" .. ids[1]
      .. " ...]). New plan: migrate the DB first")
    local stored = assert(tracker.store({ echo, { role = "user", content = echo.content[1].text } }))
    assert.are.same({ 2, 3 }, stored)
    assert.is_true(#assert(archive:search("c1", "migrate")) >= 1)
  end)

  it("archives a restored copy whose placeholder names another conversation's or another call's message", function()
    -- another conversation id: the original is not this conversation's
    local big, again, stored = compact_restored(compact.archive.memory(), "other")
    assert.are.equal(2, #stored)
    assert.are.equal(big, stored[1])
    assert.is_truthy(stored[2]:find("bytes cut by compaction; recall #3", 1, true))
    assert.are.same({ first_id = 4, last_id = 9 }, again.record.archived)
    -- the same conversation, but the copy answers another call than #3 did
    local _, again2, stored2 = compact_restored(compact.archive.memory(), "c1", function(later)
      later[3].tool_call_id = "c9"
      later[2].content[1].id = "c9"
    end)
    assert.are.equal(1, #stored2) -- the copy is stored under c9, not aliased to c1's #3
    assert.are.same({ first_id = 4, last_id = 9 }, again2.record.archived)
  end)

  it("archives messages whose images it removes and names them", function()
    local image = { type = "image", mime_type = "image/png", data = "iVBORw0KGgo=" }
    local turn = {
      { role = "user", content = "old" }, answer("old answer"),
      { role = "user", content = { { type = "text", text = "look" }, image, image, image } },
      call("c1", "a.png"), tool_result("c1", { image, image }),
      answer("seen"),
    }
    local archive = compact.archive.memory()
    local keep = compact.estimate { messages = { unpack(turn, 3) }, estimator = bytes }
    local c = assert(compact.new { keep_recent_tokens = keep, summarizer = compact.summarizer(function() return "s" end),
      archive = archive, conversation_id = "c1" })
    local out = assert(c:compact { messages = turn, input_token_budget = 340, fit = true, estimator = bytes,
      require_reduction = true })
    assert.are.equal("remove_images", out.record.degraded[#out.record.degraded].step)
    assert.are.same({ type = "text", text = "[image removed by compaction; recall #3]" }, out.messages[1].content[2])
    assert.are.same({ type = "text", text = "[image removed by compaction; recall #4]" }, out.messages[3].content[1])
    assert.are.same(turn[3], assert(archive:get(3)))
    assert.are.same(turn[5], assert(archive:get(4)))
  end)

  it("fails the compaction when archiving a cut fails, the caller's tables untouched", function()
    local big = ("x"):rep(12000)
    local turn = { { role = "user", content = "old" }, answer("old answer"), { role = "user", content = "read" },
      call("c1", "a.lua"), tool_result("c1", big), call("c2", "b.lua"), tool_result("c2", big) }
    local before = conversation.deepcopy(turn)
    local puts = 0
    local archive = { put = function(_, _, messages)
      puts = puts + 1
      if puts > 1 then return nil, "full" end
      local ids = {}
      for i = 1, #messages do ids[i] = i end
      return ids
    end, search = function() end, get = function() end }
    local keep = compact.estimate { messages = { unpack(turn, 3) }, estimator = bytes }
    local c = assert(compact.new { keep_recent_tokens = keep, summarizer = compact.summarizer(function() return "s" end),
      archive = archive })
    local out, err = c:compact { messages = turn, input_token_budget = 16000, fit = true, estimator = bytes,
      require_reduction = true }
    assert.is_nil(out)
    assert.is_true(compact.is(err, compact.ErrSummarization))
    assert.is_truthy(tostring(err):find("full", 1, true))
    assert.are.same(before, turn)
  end)
end)

-- The scripted model: a tool call to `recall`, then a final answer.
local function recall_call(id, arguments)
  return { role = "assistant", stop_reason = "tool_use",
    content = { { type = "tool_call", id = id, name = "recall", arguments = arguments } } }
end

local function long_history()
  local messages = {}
  for i = 1, 6 do
    messages[#messages + 1] = { role = "user", content = "task " .. i .. ": " .. ("lorem ipsum "):rep(200) }
    messages[#messages + 1] = answer("done with task " .. i)
  end
  messages[1].content = "the staging database password rotates every 30 days; " .. messages[1].content
  return messages
end

describe("an agent with an archive", function()
  it("offers recall, which finds and returns what a compaction archived", function()
    local archive = compact.archive.memory()
    local compactor = assert(compact.new { summarizer = compact.summarizer(function() return "Six tasks were done." end),
      keep_recent_tokens = 200 })
    local gen = fake.new {
      function() return recall_call("r1", { query = "staging database password" }) end,
      function() return recall_call("r2", { id = 1 }) end,
      "It rotates every 30 days.",
    }
    local agent = assert(compact.agent.new { generator = gen, model = "m", compactor = compactor, archive = archive,
      conversation_id = "agent-1", context_window_tokens = 1000 })
    agent.state.messages = long_history()
    local result = assert(agent:run("how often does the staging password rotate?"))
    -- before the prompt, and again after the tool loop (the recalled text is long)
    assert.are.equal(2, #result.compactions)
    local archived = result.compactions[1].archived
    assert.are.equal(1, archived.first_id)
    assert.is_true(archived.last_id >= 2)
    assert.are.equal(archived.last_id + 1, result.compactions[2].archived.first_id)
    -- the tool was offered to the model
    local names = {}
    for _, tool in ipairs(gen.requests[1].tools) do names[#names + 1] = tool.name end
    assert.are.same({ "recall" }, names)
    local search_result, fetch_result = result.new_messages[3], result.new_messages[5]
    assert.are.equal("recall", search_result.tool_name)
    assert.is_false(search_result.is_error)
    assert.is_truthy(search_result.content:find("^#1 %[user%] the staging database password rotates"), search_result.content)
    assert.are.equal("#1 [user]\n" .. long_history()[1].content, fetch_result.content)
    assert.are.equal("It rotates every 30 days.", result.final.content[1].text)
  end)

  it("bounds a recalled message by max_tool_result_tokens (8000 by default) with a marker", function()
    local archive = compact.archive.memory()
    local huge = ("word "):rep(20000)
    local ids = assert(archive:put("c", { { role = "tool_result", tool_call_id = "t", tool_name = "bash", content = huge } }))
    local function fetch(config)
      local gen = fake.new { function() return recall_call("r1", { id = ids[1] }) end, "ok" }
      config.generator, config.model, config.archive, config.conversation_id = gen, "m", archive, "c"
      config.estimator = bytes
      local result = assert(assert(compact.agent.new(config)):run("show it"))
      return result.new_messages[3].content
    end
    local text = fetch {}
    assert.is_true(#text <= 8000, #text)
    assert.is_true(#text > 4000, #text) -- most of the bound is used
    assert.is_truthy(text:find("tokens cut: recalled message too long", 1, true))
    assert.are.equal("#1 [tool_result]\nbash\nword word", text:sub(1, 31))
    text = fetch { max_tool_result_tokens = 500 }
    assert.is_true(#text <= 500, #text)
    -- the recall tool's own marker, not the agent's cap of tool results
    assert.is_truthy(text:find("tokens cut: recalled message too long ...]", 1, true), text)
    assert.is_falsy(text:find("tool result too long", 1, true), text)
  end)

  it("keeps conversations apart and reports bad arguments as tool errors", function()
    local archive = compact.archive.memory()
    local other = assert(archive:put("someone-else", { { role = "user", content = "their secret plan" } }))
    local gen = fake.new {
      function() return recall_call("r1", { id = other[1] }) end,
      function() return recall_call("r2", { query = "secret plan" }) end,
      function() return recall_call("r3", {}) end, function() return recall_call("r4", { id = -2 }) end,
      function() return recall_call("r5", { query = "" }) end, "ok",
    }
    local agent = assert(compact.agent.new { generator = gen, model = "m", archive = archive, conversation_id = "mine" })
    local result = assert(agent:run("look"))
    local contents = {}
    for _, m in ipairs(result.new_messages) do
      if m.role == "tool_result" then contents[#contents + 1] = { m.is_error, m.content } end
    end
    assert.are.same({
      { true, "recall: no archived message #1 in this conversation" },
      { false, "no archived message matches: secret plan" },
      { true, "recall: give query (a few words) or id (a message number)" },
      { true, "recall: id: expected a positive integer, got number -2" },
      { false, "no archived message matches: " },
    }, contents)
  end)

  it("takes its compactor's archive, a fresh conversation id by default, and recall_tool = false", function()
    local archive = compact.archive.memory()
    local gen = fake.new {}
    local compactor = assert(compact.new { summarizer = compact.extractive_summarizer(), archive = archive,
      conversation_id = "from-compactor" })
    local agent = assert(compact.agent.new { generator = gen, model = "m", compactor = compactor })
    assert.are.equal(archive, agent.archive)
    assert.are.equal("from-compactor", agent.conversation_id)
    assert.are.equal(compactor, agent.compactor)
    local a = assert(compact.agent.new { generator = gen, model = "m", archive = archive, compactor = compactor })
    local b = assert(compact.agent.new { generator = gen, model = "m", archive = compact.archive.memory() })
    assert.are.equal("from-compactor", a.conversation_id)
    assert.is_string(b.conversation_id)
    assert.are_not.equal(b.conversation_id, assert(compact.agent.new { generator = gen, model = "m",
      archive = archive }).conversation_id)
    -- an agent's own archive: its compactions use it, the caller's compactor is left as it was
    local own = compact.archive.memory()
    local c = assert(compact.agent.new { generator = gen, model = "m", archive = own, conversation_id = "x",
      compactor = compactor })
    assert.are_not.equal(compactor, c.compactor)
    assert.are.equal(own, c.compactor.archive)
    assert.are.equal("x", c.compactor.conversation_id)
    assert.are.equal(archive, compactor.archive)
    local quiet = assert(compact.agent.new { generator = gen, model = "m", archive = archive, recall_tool = false })
    assert.are.same({}, quiet.tool_definitions)
    local with_tools = assert(compact.agent.new { generator = gen, model = "m", archive = archive,
      tools = { { name = "read", handler = function() return "" end } } })
    assert.are.same({ "read", "recall" }, { with_tools.tool_definitions[1].name, with_tools.tool_definitions[2].name })
  end)

  it("rejects a clash with a tool named recall and bad options", function()
    local gen = fake.new {}
    local cases = {
      { { archive = compact.archive.memory(), tools = { { name = "recall", handler = print } } },
        "config.tools: a tool is named 'recall', like the archive's recall tool; rename it or set recall_tool = false" },
      { { archive = {} }, "config.archive: expected an archive (a table with put, search and get), got table" },
      { { archive = compact.archive.memory(), recall_tool = "yes" }, "config.recall_tool: expected a boolean, got string \"yes\"" },
      { { conversation_id = "c" }, "config.conversation_id: expected nil without config.archive, got string \"c\"" },
      { { archive = compact.archive.memory(), conversation_id = "" },
        "config.conversation_id: expected a non-empty string, got string \"\"" },
    }
    for _, case in ipairs(cases) do
      local config = case[1]
      config.generator, config.model = gen, "m"
      local agent, err = compact.agent.new(config)
      assert.is_nil(agent)
      assert.is_true(compact.is(err, compact.ErrInvalidConfig))
      assert.are.equal(case[2], err.message)
    end
    assert(compact.agent.new { generator = gen, model = "m", archive = compact.archive.memory(), recall_tool = false,
      tools = { { name = "recall", handler = print } } })
  end)
end)

describe("the agent's controls with an archive", function()
  local BIG = ("line of the build log with the flaky seed 7781\n"):rep(100)

  local function read_turn()
    return {
      { role = "user", content = "run the build" },
      { role = "assistant", stop_reason = "tool_use",
        content = { { type = "tool_call", id = "c1", name = "bash", arguments = { command = "make" } } } },
      { role = "tool_result", tool_call_id = "c1", tool_name = "bash", content = BIG, is_error = false },
      answer("the build passed"),
    }
  end

  it("archives a tool result context editing clears, names it, and recall returns it by id", function()
    local archive = compact.archive.memory()
    local seen
    local gen = fake.new {
      function(request)
        seen = request.messages[3].content
        return recall_call("r1", { id = 1 })
      end,
      "The seed was 7781.",
    }
    local agent = assert(compact.agent.new { generator = gen, model = "m", archive = archive, conversation_id = "c",
      estimator = bytes, context_window_tokens = 20000, edit = { trigger_ratio = 0.1, keep_turns = 1 } })
    agent.state.messages = read_turn()
    local result = assert(agent:run("which seed was flaky?"))
    assert.are.equal(1, #result.edits)
    assert.are.equal("[tool result cleared to save context: " .. #BIG .. " tokens; recall #1]", seen)
    assert.are.same(read_turn()[3], assert(archive:get(1)))
    assert.are.equal("#1 [tool_result]\nbash\n" .. BIG, result.new_messages[3].content)
    assert.are.equal("c1", agent.state.messages[3].tool_call_id)
  end)

  it("clears nothing when the archive fails, so no original is lost", function()
    local archive = { put = function() return nil, "disk full" end, search = function() return {} end,
      get = function() end }
    local gen = fake.new { "ok" }
    local agent = assert(compact.agent.new { generator = gen, model = "m", archive = archive, recall_tool = false,
      estimator = bytes, context_window_tokens = 20000, edit = { trigger_ratio = 0.1, keep_turns = 1 } })
    agent.state.messages = read_turn()
    local result = assert(agent:run("next"))
    assert.are.same({}, result.edits)
    assert.are.equal(BIG, gen.requests[1].messages[3].content)
  end)

  it("archives a tool result over max_tool_result_tokens before cutting it, and names it", function()
    local archive = compact.archive.memory()
    local gen = fake.new {
      function() return { role = "assistant", stop_reason = "tool_use",
        content = { { type = "tool_call", id = "b1", name = "bash", arguments = { command = "make" } } } } end,
      "done",
    }
    local agent = assert(compact.agent.new { generator = gen, model = "m", archive = archive, conversation_id = "c",
      estimator = bytes, max_tool_result_tokens = 400,
      tools = { { name = "bash", handler = function() return BIG end } } })
    local result = assert(agent:run("build it"))
    local kept = result.new_messages[3]
    assert.is_true(#kept.content <= 400)
    assert.is_truthy(kept.content:find("tokens cut: tool result too long; recall #1 ...]", 1, true), kept.content)
    local original = assert(archive:get(1))
    assert.are.equal(BIG, original.content)
    assert.are.equal("b1", original.tool_call_id)
  end)

  describe("archives a tool result once", function()
    local function setup(extra)
      local archive = compact.archive.memory()
      local gen = fake.new {
        function() return { role = "assistant", stop_reason = "tool_use",
          content = { { type = "tool_call", id = "b1", name = "bash", arguments = { command = "make" } } } } end,
        "done", "second",
      }
      local config = { generator = gen, model = "m", archive = archive, conversation_id = "c",
        estimator = bytes, max_tool_result_tokens = 400, context_window_tokens = 3000,
        tools = { { name = "bash", handler = function() return BIG end } } }
      for k, v in pairs(extra) do config[k] = v end
      return assert(compact.agent.new(config)), archive
    end
    local function rows(archive)
      local list = assert(archive:conversations())
      return list[1] and list[1].count or 0
    end

    it("when context editing clears a result that was cut: the cleared copy names the original", function()
      local agent, archive = setup { edit = { trigger_ratio = 0.01, keep_turns = 1 } }
      assert(agent:run("build it"))
      assert.are.equal(1, rows(archive)) -- the whole original, before the cut
      local result = assert(agent:run("next"))
      assert.are.same({ { cleared = 1, tokens_saved = result.edits[1].tokens_saved } }, result.edits)
      assert.are.equal(1, rows(archive))
      assert.is_truthy(agent.state.messages[3].content:find("; recall #1]", 1, true), agent.state.messages[3].content)
      assert.are.equal(BIG, assert(archive:get(1)).content)
    end)

    it("when a compaction summarizes a result that was cut: no row for the cut copy", function()
      local summarizer = compact.summarizer(function() return "the summary" end)
      local agent, archive = setup {
        compactor = assert(compact.new { keep_recent_tokens = 50, trigger_ratio = 0.01, summarizer = summarizer }) }
      local result = assert(agent:run("build it"))
      assert.are.equal(1, #result.compactions)
      assert.are.equal(3, rows(archive)) -- the tool result, then the prompt and the tool call it answers
      assert.are.same({ "tool_result", "user", "assistant" },
        { archive:get(1).role, archive:get(2).role, archive:get(3).role })
      assert.are.equal(BIG, archive:get(1).content)
      assert.are.same({ first_id = 1, last_id = 3 }, result.compactions[1].archived)
    end)
  end)

  it("names the archived original in truncate_newest's marker", function()
    local archive = compact.archive.memory()
    local c = assert(compact.new { keep_recent_tokens = 0, summarizer = compact.summarizer(function() return "s" end),
      archive = archive, conversation_id = "c" })
    local huge = { { role = "user", content = "x" }, answer("y"), { role = "user", content = ("z"):rep(5000) } }
    local out = assert(c:compact { messages = huge, input_token_budget = 1000, fit = true, estimator = bytes })
    assert.are.equal("truncate_newest", out.record.degraded[#out.record.degraded].step)
    local id = tonumber(out.messages[1].content:match("tokens cut by compaction; recall #(%d+) %.%.%.%]"))
    assert.is_number(id, out.messages[1].content:sub(1, 80))
    assert.are.same(huge[3], assert(archive:get(id)))
    assert.are.same({ first_id = 1, last_id = id }, out.record.archived)
  end)
end)

local cli_describe = has_sqlite and describe or pending
cli_describe(has_sqlite and "compact run --archive and compact recall"
  or "compact run --archive / compact recall: compact.sqlite is not built", function()
  local cli = require "compact.cli"
  local state = require "compact.state"

  local function main(args)
    local out, err = files.sink(), files.sink()
    local code = cli.main(args, { stdout = out, stderr = err, isatty = false })
    return code, out:text(), err:text()
  end

  local session = { messages = long_history() }
  for _, m in ipairs { { role = "user", content = "last question" }, answer("last answer") } do
    session.messages[#session.messages + 1] = m
  end

  it("archives what run summarizes, then recall finds it and prints one original", function()
    local input = files.tmpfile(assert(state.encode(session)))
    local db = files.tmpfile()
    os.remove(db)
    local code, _, err = main { "run", input, "--keep", "50", "--archive", db, "--conversation", "s1", "-o", "-" }
    assert.are.equal(0, code, err)
    assert.is_truthy(err:find("archived:         #1 to #", 1, true), err)
    local out
    code, out = main { "recall", db, "staging password" }
    assert.are.equal(0, code)
    assert.is_truthy(out:find("^#1 %[user%] the staging database password rotates every 30 days"), out)
    for line in out:gmatch("[^\n]+") do assert.is_truthy(line:match("^#%d+ %[%a+%] "), line) end
    code, out = main { "recall", db, "--id", "1" }
    assert.are.equal(0, code)
    assert.are.same(session.messages[1], assert(state.decode(out)))
    -- a second conversation: recall then needs --conversation
    code = main { "run", input, "--keep", "50", "--archive", db, "-o", "-", "--quiet" }
    assert.are.equal(0, code)
    local err_text
    code, _, err_text = main { "recall", db, "staging" }
    assert.are.equal(2, code)
    assert.is_truthy(err_text:find("pass --conversation ID", 1, true), err_text)
    code, out = main { "recall", db, "staging", "--conversation", "s1", "--limit", "1" }
    assert.are.equal(0, code)
    assert.are.equal(1, select(2, out:gsub("\n", "")))
    for _, path in ipairs { input, db, db .. "-wal", db .. "-shm" } do os.remove(path) end
  end)

  it("reports usage errors with exit 2", function()
    local missing = files.tmpfile()
    os.remove(missing)
    for _, args in ipairs {
      { "recall", missing, "words" }, { "recall" }, { "recall", missing }, { "recall", missing, "--id", "1", "x" },
      { "run", "x.json", "--conversation", "c" },
    } do
      local code, _, err = main(args)
      assert.are.equal(2, code, table.concat(args, " ") .. ": " .. err)
    end
    assert.is_nil(io.open(missing, "rb")) -- recall never creates a file
  end)

  it("opens the archive read-only: a file that is no archive is refused (exit 2) and left as it was", function()
    local empty = files.tmpfile("")
    local code, out, err = main { "recall", empty, "words" }
    assert.are.equal(2, code)
    assert.are.equal("", out)
    assert.are.equal("compact recall: " .. empty .. ": archive: compact.archive.open: " .. empty
      .. " is not a compact archive (no archive tables)\n", err)
    assert.are.equal("", assert(io.open(empty, "rb")):read("*a"))
    os.remove(empty)
  end)

  it("names no conversation after a path without a base name, and says it cannot read it (exit 2)", function()
    local db = files.tmpfile()
    os.remove(db)
    local dir = (os.getenv("TMPDIR") or "/tmp") .. "/"
    local code, _, err = main { "run", dir, "--archive", db, "--budget", "100" }
    assert.are.equal(2, code, err)
    assert.are.equal("compact: " .. dir .. ": cannot read: Is a directory\n", err)
    for _, path in ipairs { db, db .. "-wal", db .. "-shm" } do os.remove(path) end
  end)
end)
