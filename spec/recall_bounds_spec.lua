-- The recall tool's answers stay bounded whatever the model or a host's
-- archive sends: the query a "no match" answer repeats, the lines of a
-- search, a fetched message when the estimator fails; an id given as 3.0
-- is message #3.
local compact = require "compact"
local recall = require "compact.agent_recall"

local function handler(archive, estimator)
  return recall.handler({ archive = archive, conversation_id = "c1" },
    { agent = { estimator = estimator or compact.heuristic() } })
end

describe("the recall tool's bounds", function()
  it("repeats at most 200 bytes of a query that matches nothing", function()
    local answer = handler(compact.archive.memory())({ query = ("zzz "):rep(100000) })
    local prefix = "no archived message matches: "
    assert.are.equal(prefix .. ("zzz "):rep(50) .. "\226\128\166", answer)
  end)

  it("bounds each line of a host archive's hits and lists at most 5", function()
    local host = { put = function() return {} end, get = function() end }
    function host.search()
      local hits = {}
      for i = 1, 50 do hits[i] = { id = i, role = ("r"):rep(1000), snippet = ("x\n"):rep(100000) } end
      return hits
    end
    local answer = handler(host)({ query = "x" })
    local lines = {}
    for line in answer:gmatch("[^\n]+") do lines[#lines + 1] = line end
    assert.are.equal(6, #lines)
    local ellipsis = "\226\128\166"
    local expected = "#1 [" .. ("r"):rep(24) .. ellipsis .. "] " .. ("x "):rep(163) .. ellipsis
    assert.are.equal(expected, lines[1])
    assert.are.equal("(recall { \"id\": N } returns message #N in full)", lines[6])
  end)

  it("keeps our own snippets whole", function()
    local archive = compact.archive.memory()
    local text = ("alpha beta gamma delta "):rep(40) .. "needle " .. ("omega "):rep(200)
    assert(archive:put("c1", { { role = "user", content = text } }))
    local hits = assert(archive:search("c1", "needle"))
    local answer = handler(archive)({ query = "needle" })
    assert.are.equal("#1 [user] " .. hits[1].snippet, answer:match("^[^\n]+"))
  end)

  it("bounds a fetched message by bytes when the estimator fails", function()
    local archive = compact.archive.memory()
    assert(archive:put("c1", { { role = "user", content = ("word "):rep(200000) } }))
    local failing = { text = function() error("estimator down") end, message = function() error("down") end }
    local answer = handler(archive, failing)({ id = 1 })
    assert.is_true(#answer <= 8000 * 4 + 100, #answer)
    assert.is_truthy(answer:find("bytes cut: recalled message too long", 1, true))
    assert.are.equal("#1 [user]\nword word", answer:sub(1, 19))
  end)

  it("names an id given as 3.0 #3 and refuses an infinite one", function()
    local archive = compact.archive.memory()
    assert(archive:put("c1", { { role = "user", content = "one" }, { role = "user", content = "two" } }))
    assert.are.equal("#2 [user]\ntwo", handler(archive)({ id = 2.0 }))
    local none, err = handler(archive)({ id = math.huge })
    assert.is_nil(none)
    assert.are.equal("recall: id: expected a positive integer, got number inf", err)
  end)
end)
