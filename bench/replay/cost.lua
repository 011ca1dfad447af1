--- The replay's token model: what the provider would count for a request,
-- derived from the usage a recorded session carries (bench/replay.lua).
--
-- Each assistant reply with usage says how many prompt tokens the provider
-- counted for the request that produced it (`input + cache_read +
-- cache_write`): the messages before it plus the system prompt and tools.
-- The growth between two consecutive replies is the cost of the messages
-- between them; it is spread over those messages in proportion to their
-- heuristic estimate. What the recording never saw (a summary, a cleared
-- tool result, a shortened one) costs its heuristic estimate times the
-- session's calibration (recorded tokens over heuristic tokens). So a
-- request made of recorded messages is counted as the provider counted
-- it, and anything else is counted the way the provider would count text
-- of that kind in this session.

local compact = require "compact"
local state_codec = require "compact.state"

local cost = {}

local Model = {}
Model.__index = Model

local function prompt_tokens(usage)
  if type(usage) ~= "table" or usage.stale then return nil end
  local total = (usage.input or 0) + (usage.cache_read or 0) + (usage.cache_write or 0)
  if total <= 0 then return nil end
  return total
end

-- A message's identity for the provider: what it would read of it. Usage,
-- timestamps and metadata are not sent again.
local function signature(message)
  return state_codec.encode {
    role = message.role, content = message.content, tool_call_id = message.tool_call_id,
    is_error = message.is_error == true or nil,
  }
end

--- Build the model of a recorded conversation.
-- @tparam table messages the recorded messages (our shape)
-- @tparam[opt] table estimator default the heuristic
-- @tparam[opt] string summary the summary the recording started from (its
--   projection is in the first recorded prompt, not in the base)
-- @return a model with `:message(m)`, `:text(s)`, `:base()`, `:request(req)`
function cost.model(messages, estimator, summary)
  estimator = estimator or compact.heuristic()
  local model = setmetatable({
    estimator = estimator, by_signature = {}, memo = setmetatable({}, { __mode = "k" }),
    keys = setmetatable({}, { __mode = "k" }),
    ratio = 1, base_tokens = 0,
  }, Model)
  local heuristic = {}
  for i, m in ipairs(messages) do heuristic[i] = math.max(1, estimator:message(m)) end
  -- anchors: index of each reply with usage and the prompt it was sent with
  local anchors = {}
  for i, m in ipairs(messages) do
    local prompt = m.role == "assistant" and prompt_tokens(m.usage)
    if prompt then anchors[#anchors + 1] = { index = i, prompt = prompt } end
  end
  local costs = {}
  local recorded, estimated = 0, 0
  -- A span whose prompt shrank (the provider dropped earlier thinking, say)
  -- gets a small floor and its shortfall is taken from the next spans, so
  -- that a recorded request keeps being counted as recorded.
  local debt = 0
  for j = 1, #anchors - 1 do
    local from, to = anchors[j].index, anchors[j + 1].index - 1
    local target = anchors[j + 1].prompt - anchors[j].prompt - debt
    local sum = 0
    for i = from, to do sum = sum + heuristic[i] end
    local floor = 0.05 * sum
    if target >= floor then
      debt = 0
      recorded, estimated = recorded + target, estimated + sum
    else
      debt, target = floor - target, floor
    end
    for i = from, to do costs[i] = target * heuristic[i] / sum end
  end
  if estimated > 0 then model.ratio = recorded / estimated end
  for i = 1, #messages do
    if not costs[i] then costs[i] = heuristic[i] * model.ratio end
  end
  if anchors[1] then
    local before = 0
    for i = 1, anchors[1].index - 1 do before = before + costs[i] end
    local projected = compact.project_summary(summary)
    if projected then before = before + math.max(1, estimator:message(projected)) * model.ratio end
    model.base_tokens = math.max(0, anchors[1].prompt - before)
  end
  for i, m in ipairs(messages) do model.by_signature[signature(m)] = costs[i] end
  return model
end

--- Tokens of a text the recording never saw.
function Model:text(s)
  return self.estimator:text(s) * self.ratio
end

--- What the provider reads of a message (memoized: a message in the
-- agent's state is never modified).
function Model:key(message)
  local key = self.keys[message]
  if not key then
    key = signature(message)
    self.keys[message] = key
  end
  return key
end

--- Tokens of one message as the provider counts it.
function Model:message(message)
  local known = self.memo[message]
  if known then return known end
  local tokens = self.by_signature[self:key(message)]
  if not tokens then tokens = math.max(1, self.estimator:message(message)) * self.ratio end
  self.memo[message] = tokens
  return tokens
end

--- The recorded system prompt and tools.
function Model:base()
  return self.base_tokens
end

--- A request's prompt as a list of element costs: the base first, then
-- each message (the projected summary is a message of the request), with
-- the signature of each element so caching can compare prefixes.
function Model:request(req)
  local parts = { { key = "base:" .. tostring(req.system_prompt), tokens = self.base_tokens } }
  for _, m in ipairs(req.messages) do
    parts[#parts + 1] = { key = self:key(m), tokens = self:message(m) }
  end
  return parts
end

cost.signature = signature

return cost
