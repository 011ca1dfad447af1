-- The extractive note's choice of lines: each worth the words it adds
-- (extractive_coverage), and the note built with it.
local coverage = require("compact.summarizers.extractive_coverage")
local extractive = require("compact.summarizers.extractive")

local function user(text) return { role = "user", content = text } end
local function say(text) return { role = "assistant", content = text } end

describe("extractive summarizer: choosing lines by what they add", function()
  it("weighs identifiers above words and leaves common words out", function()
    local t = coverage.terms("Fixed `line_or_1024` in ui/src/App.tsx, the 422 and useNodesState; it was there")
    assert.are.equal(2, t["line_or_1024"])
    assert.are.equal(2, t["ui/src/app.tsx"])
    assert.are.equal(2, t["422"])
    assert.are.equal(2, t["usenodesstate"])
    assert.are.equal(1, t["fixed"])
    assert.is_nil(t["the"])
    assert.is_nil(t["was"])
    assert.is_nil(t["there"])
    -- UTF-8 words are words
    assert.are.equal(1, coverage.terms("트랜스크립트 수집")["트랜스크립트"])
  end)

  local function item(weight, forms) return { weight = weight, forms = forms } end
  local function run(items, budget, already)
    local chooser = coverage.new()
    local order = {}
    local used = chooser.choose(items, budget, chooser.covered(already or {}),
      function(it, text) return #text + 1 - (it.text and #it.text + 1 or 0) end,
      function(it, text) it.text = text; order[#order + 1] = text end)
    return used, order
  end

  it("takes the most new words per byte first, within the budget", function()
    local repeat_ = item(1, { "- the queue retries the queue jobs" })
    local sparse = item(1, { "- rewrote the whole module carefully today" })
    local dense = item(1, { "- fixed ECONNRESET in worker.ts" })
    -- each fits alone, not two together: the denser wins, whatever the order
    local used, order = run({ repeat_, sparse, dense }, 50, { "the queue retries jobs" })
    assert.are.same({ "- fixed ECONNRESET in worker.ts" }, order)
    assert.is_true(used <= 50)
    assert.is_nil(sparse.text)
    assert.is_nil(repeat_.text) -- says nothing the note does not: worth nothing
  end)

  it("chooses as a greedy that weighs every line again at each step would (random cases)", function()
    local random = math.random
    math.randomseed(7)
    local words = {}
    for i = 1, 40 do words[i] = "w" .. i end
    local function line(n)
      local parts = {}
      for k = 1, n do parts[k] = words[random(#words)] end
      return "- " .. table.concat(parts, " ")
    end
    for _ = 1, 300 do
      local items, copies = {}, {}
      for i = 1, random(2, 12) do
        local short = line(random(1, 4))
        local forms = { short, short .. " " .. line(random(1, 5)):sub(3) }
        items[i] = item(0.5 + random(), forms)
        copies[i] = item(items[i].weight, forms)
      end
      local budget = random(10, 160)
      run(items, budget)
      -- the eager greedy, on copies
      local chooser = coverage.new()
      local covered = chooser.covered({})
      -- (a word's worth as the chooser's: its weight, more the fewer items say it)
      local saying = {}
      for _, it in ipairs(copies) do
        for term in pairs(coverage.terms(it.forms[#it.forms])) do saying[term] = (saying[term] or 0) + 1 end
      end
      local gain = function(text)
        local sum = 0
        for term, weight in pairs(coverage.terms(text)) do
          if not covered[term] then
            sum = sum + math.floor(weight * (1 + math.log((#copies + 1) / saying[term])) * 1000 + 0.5)
          end
        end
        return sum
      end
      local used = 0
      while true do
        local best, best_text, best_ratio
        for _, it in ipairs(copies) do
          for _, text in ipairs(it.forms) do
            local cost = #text + 1 - (it.text and #it.text + 1 or 0)
            if (not it.text or #text > #it.text) and cost > 0 and used + cost <= budget then
              local g = gain(text)
              local r = g > 0 and it.weight * g / cost
              if r and (not best_ratio or r > best_ratio) then best, best_text, best_ratio = it, text, r end
            end
          end
        end
        if not best then break end
        used = used + #best_text + 1 - (best.text and #best.text + 1 or 0)
        best.text = best_text
        for term in pairs(coverage.terms(best_text)) do covered[term] = true end
      end
      for i = 1, #items do assert.are.equal(copies[i].text, items[i].text) end
    end
  end)

  it("counts a word once: a line whose words another chosen line says is left out, even with room", function()
    local longer = item(1, { "- migrated users.sql to v2" })
    local contained = item(1, { "- migrated users.sql" })
    local other = item(1, { "- migrated orders.sql" })
    local _, order = run({ contained, longer, other }, 1000)
    assert.are.same({ "- migrated users.sql to v2", "- migrated orders.sql" }, order)
    assert.is_nil(contained.text)
  end)

  it("weighs items: the heavier of two equal lines first, and a longer form costs only what it adds", function()
    local old = item(1, { "- old: parser.lua rewritten" })
    local new = item(4, { "- new: lexer.lua rewritten", "- new: lexer.lua rewritten, tokens.lua split in two" })
    local _, order = run({ old, new }, 1000)
    assert.are.equal("- new: lexer.lua rewritten", order[1])
    assert.are.equal("- new: lexer.lua rewritten, tokens.lua split in two", new.text)
    assert.are.equal("- old: parser.lua rewritten", old.text)
  end)

  it("keeps in a short note the earlier request that names new things over ones that repeat the goal", function()
    local messages = { user("Port the billing service to Go, keep the REST API unchanged") }
    for i = 1, 3 do
      messages[#messages + 1] = user("port the billing service to Go, keep the REST API, continue please (" .. i .. ")")
      messages[#messages + 1] = say("Continuing the port of the billing service.")
    end
    messages[#messages + 1] = user("the invoice totals are off by a cent: round with decimal.RoundHalfEven in totals.go")
    messages[#messages + 1] = say("Switched totals.go to RoundHalfEven; invoice_test.go passes.")
    for i = 4, 15 do
      messages[#messages + 1] = user("port the billing service to Go, keep the REST API, continue please (" .. i .. ")")
      messages[#messages + 1] = say("Continuing the port of the billing service.")
    end
    messages[#messages + 1] = user("wrap up")
    local summarizer = assert(extractive.new({ max_chars = 700 }))
    local text = assert(summarizer:summarize({ messages = messages }))
    assert.is_true(#text <= 700, #text)
    assert.truthy(text:find("RoundHalfEven", 1, true), text)
    assert.truthy(text:find("more item", 1, true), text) -- the repeats are what was left out
  end)
end)
