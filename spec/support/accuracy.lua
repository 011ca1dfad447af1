--- Estimator accuracy against real provider usage (bench/accuracy.lua and
-- spec/heuristic_spec.lua).
--
-- A step is a pair of consecutive assistant replies a, b that both carry
-- usage (stop_reason not error/aborted). Between them the provider's prompt
-- grew by P(b) - P(a), where P = input + cache_read + cache_write, and the
-- messages that grew it are messages[a .. b-1]: reply a (its output is now
-- input) and the user / tool_result messages after it. A step's ratio is
-- estimate(messages[a .. b-1]) / (P(b) - P(a)).
--
-- Steps that do not measure the messages between them are skipped, counted
-- by reason: a failed reply in between (providers are not sent it), a model
-- change (another tokenizer), a user message after replies with thinking
-- (Claude drops the thinking of earlier turns from the prompt, so the
-- prompt grew by less than the messages between), and a prompt that did
-- not grow (content the provider dropped, or a compaction: a pi session is
-- imported from its last compaction on, and from the last kept reply
-- before it to the first reply after it the prompt shrank).
local accuracy = {}

local FAILED = { error = true, aborted = true }

local function prompt_tokens(message)
  local usage = message.usage
  if type(usage) ~= "table" then return 0, 0 end
  local prompt = (tonumber(usage.input) or 0) + (tonumber(usage.cache_read) or 0)
    + (tonumber(usage.cache_write) or 0)
  return prompt, prompt + (tonumber(usage.output) or 0)
end

local function model_of(message)
  local meta = message.provider_metadata
  return type(meta) == "table" and meta.model or nil
end

local function is_reply(message)
  if message.role ~= "assistant" or FAILED[message.stop_reason] then return false end
  local _, total = prompt_tokens(message)
  return total > 0
end

local function has_thinking(message)
  if type(message.content) ~= "table" then return false end
  for _, block in ipairs(message.content) do
    if block.type == "thinking" and type(block.thinking) == "string" and block.thinking ~= "" then return true end
  end
  return false
end

--- The steps of a message list.
-- @treturn table `{ steps = { { from, to, growth } ... }, skipped = { reason = count } }`
function accuracy.steps(messages)
  local steps = {}
  local skipped = { failed_reply = 0, model_change = 0, no_growth = 0, thinking_dropped = 0 }
  -- thinking in the replies since the last user message; Claude drops it
  -- from the prompt once a user message follows
  local previous, thinking, dropped = nil, false, false
  for i, message in ipairs(messages) do
    if message.role == "user" then
      dropped, thinking = dropped or thinking, false
    elseif message.role == "assistant" and FAILED[message.stop_reason] and previous then
      skipped.failed_reply = skipped.failed_reply + 1
      previous = nil
    elseif is_reply(message) then
      if previous then
        local growth = prompt_tokens(message) - prompt_tokens(messages[previous])
        if model_of(message) ~= model_of(messages[previous]) then
          skipped.model_change = skipped.model_change + 1
        elseif dropped then
          skipped.thinking_dropped = skipped.thinking_dropped + 1
        elseif growth <= 0 then
          skipped.no_growth = skipped.no_growth + 1
        else
          steps[#steps + 1] = { from = previous, to = i - 1, growth = growth }
        end
      end
      previous, dropped = i, false
      thinking = thinking or has_thinking(message)
    end
  end
  return { steps = steps, skipped = skipped }
end

local function quantile(sorted, q)
  if #sorted == 0 then return 0 / 0 end
  local index = math.max(1, math.min(#sorted, math.floor(q * (#sorted - 1) + 0.5) + 1))
  return sorted[index]
end

--- Ratios of `estimate(message) -> tokens` over `steps` (a list of steps).
-- @treturn table `{ steps, sum, p10, p50, p90 }` (sum: total estimate / total growth)
function accuracy.score(messages, steps, estimate)
  local ratios, estimated, grown = {}, 0, 0
  for _, step in ipairs(steps) do
    local tokens = 0
    for i = step.from, step.to do tokens = tokens + estimate(messages[i], i) end
    ratios[#ratios + 1] = tokens / step.growth
    estimated, grown = estimated + tokens, grown + step.growth
  end
  table.sort(ratios)
  return { steps = #ratios, sum = estimated / grown, p10 = quantile(ratios, 0.10),
           p50 = quantile(ratios, 0.50), p90 = quantile(ratios, 0.90) }
end

--- The first and second half of a list of steps.
function accuracy.halves(steps)
  local first, second, half = {}, {}, math.floor(#steps / 2)
  for i, step in ipairs(steps) do
    if i <= half then first[#first + 1] = step else second[#second + 1] = step end
  end
  return first, second
end

--- The targets a heuristic must meet on real sessions.
accuracy.TARGETS = { sum_low = 0.90, sum_high = 1.10, p10 = 0.75, p90 = 1.35 }

--- Does a score meet the targets?
function accuracy.meets(score)
  local t = accuracy.TARGETS
  return score.sum >= t.sum_low and score.sum <= t.sum_high and score.p10 >= t.p10 and score.p90 <= t.p90
end

--- Anchored pairs: for each reply j with usage whose request followed an
-- earlier usable reply k of the same model, the anchored estimate of j's
-- prompt, `N(k) - dropped + Σ estimate(messages[k+1 .. j-1])` (the anchor
-- as `compact.usage_anchor(messages[1..j-1], 1, { drop_reasoning = mode })`
-- gives it), against the prompt the provider counted, P(j). A pair is
-- "after_user" when a user message lies between k and j, else
-- "within_turn". Pairs where the prompt fell below half of P(k) (a
-- compaction) are skipped and counted.
-- @treturn table `{ after_user = { errors }, within_turn = { errors }, skipped = n }`, errors
-- as estimate / P(j) - 1
function accuracy.anchored(messages, estimate, mode, usage_anchor)
  local out = { after_user = {}, within_turn = {}, skipped = 0 }
  local prefix = {}
  local previous
  for j, message in ipairs(messages) do
    if is_reply(message) then
      if previous and model_of(message) == model_of(messages[previous]) then
        local anchor = usage_anchor(prefix, 1, { drop_reasoning = mode })
        local prompt = prompt_tokens(message)
        if anchor and prompt >= prompt_tokens(messages[anchor.through]) / 2 then
          local tokens, user = anchor.tokens - (anchor.dropped or 0), false
          for i = anchor.through + 1, j - 1 do
            tokens = tokens + estimate(messages[i], i)
            user = user or messages[i].role == "user"
          end
          local list = user and out.after_user or out.within_turn
          list[#list + 1] = tokens / prompt - 1
        else
          out.skipped = out.skipped + 1
        end
      end
      previous = j
    elseif message.role == "assistant" and FAILED[message.stop_reason] then
      previous = nil
    end
    prefix[j] = message
  end
  return out
end

--- Percentiles of the absolute values of a list of errors.
-- @treturn table `{ n, p50, p90, max }`
function accuracy.spread(errors)
  local sorted = {}
  for i, e in ipairs(errors) do sorted[i] = math.abs(e) end
  table.sort(sorted)
  return { n = #sorted, p50 = quantile(sorted, 0.5), p90 = quantile(sorted, 0.9), max = sorted[#sorted] or 0 / 0 }
end

return accuracy
