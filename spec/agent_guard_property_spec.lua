-- A property of the guard: over random conversations (random tool-result
-- sizes, prompts, budgets, edit settings, tool-result caps and compactor
-- settings, from a deterministic LCG), an agent with `guard = true` never
-- sends a request whose estimate is over its budget, and never loses a tool
-- pair (every call in a request has its result, every result its call).

local compact = require "compact"
local agent_module = require "compact.agent"
local lcg = require "spec.support.lcg"
local kit = require "spec.support.agent_kit"

local CASES = 80

local function check_request(request, budget, problems, where)
  local tokens = kit.request_estimate(request)
  if tokens > budget then
    problems[#problems + 1] = string.format("%s: estimate %d over the budget %d", where, tokens, budget)
  end
  local ok, why = kit.pairs_intact(request.messages)
  if not ok then problems[#problems + 1] = where .. ": " .. why end
end

-- One random case: returns the number of requests checked.
local function run_case(seed, problems)
  local rand = lcg(seed)
  local window = 1500 + rand(4000)
  local edit = rand(2) == 0 and { trigger_ratio = 0.3 + rand(70) / 100, keep_turns = rand(4) } or nil
  local cap = rand(3) == 0 and (100 + rand(1500)) or nil
  local summarizer = kit.summarizer(function(_, _, n) return "summary " .. n .. " " .. ("s"):rep(rand(200)) end)
  local compactor = assert(compact.new { keep_recent_tokens = rand(1500), trigger_ratio = 0.5 + rand(60) / 100,
    summarizer = summarizer })
  -- in half the cases the replies report usage that is exactly the estimate
  -- (request + reply), so the agent anchors, and editing lowers the anchor
  local report_usage = rand(2) == 0
  local calls, batches = 0, 0
  local function with_usage(message, request)
    if report_usage then
      message.usage = { input = kit.request_estimate(request), output = kit.estimator:message(message),
        cache_read = 0, cache_write = 0 }
    end
    return message
  end
  local gen = { requests = 0 }
  function gen.generate(_, request)
    gen.requests = gen.requests + 1
    check_request(request, window, problems, "case " .. seed .. " request " .. gen.requests)
    if batches < 5 and rand(10) < 6 then
      batches = batches + 1
      local list = {}
      for i = 1, 1 + rand(3) do
        calls = calls + 1
        list[i] = { "c" .. calls, "read", { path = "f" .. calls, size = rand(4) == 0 and rand(6000) or rand(800) } }
      end
      return with_usage(kit.tool_use(list), request)
    end
    return with_usage(kit.reply(("r"):rep(rand(300))), request)
  end
  local agent = assert(agent_module.new {
    generator = gen, model = "m", estimator = kit.estimator, compactor = compactor, context_window_tokens = window,
    guard = true, edit = edit, max_tool_result_tokens = cap,
    tools = { kit.tool("read", 0, function(args) return ("x"):rep(args.size) end) },
  })
  for run = 1, 4 do
    batches = 0
    local result, err = agent:run(("p"):rep(rand(run == 3 and 3000 or 600)))
    if not result then problems[#problems + 1] = "case " .. seed .. " run " .. run .. ": " .. tostring(err) end
    local ok, why = kit.pairs_intact(agent.state.messages)
    if not ok then problems[#problems + 1] = "case " .. seed .. " state: " .. why end
  end
  return gen.requests
end

describe("the guard (property)", function()
  it("never sends a request over the budget and never loses a tool pair", function()
    local problems, requests = {}, 0
    for seed = 1, CASES do requests = requests + run_case(seed, problems) end
    assert.same({}, problems)
    assert.is_true(requests > CASES * 8, "too few requests were checked: " .. requests)
  end)
end)
