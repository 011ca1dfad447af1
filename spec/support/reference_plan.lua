--- A straightforward pure-Lua implementation of the cut rules
-- (docs/api.md, "Cut rules"), written from that text without any caching. The
-- property specs check the C planner against it, and bench/plan.lua uses it
-- as the baseline.

local reference = {}

--- A pure-Lua bytes/4 estimate of visible text: the estimator of
-- bench/plan.lua's baseline only (the old heuristic). The specs pass the real
-- estimator's `message` method instead, so cuts are compared on the same
-- estimates.
function reference.estimate_message(message)
  local bytes, images = 0, 0
  local content = message.content
  if type(content) == "string" then
    bytes = #content
  else
    for _, block in ipairs(content) do
      if block.type == "text" then bytes = bytes + #block.text
      elseif block.type == "thinking" then bytes = bytes + #block.thinking
      elseif block.type == "image" then images = images + 1
      elseif block.type == "tool_call" then
        bytes = bytes + #block.name
        for key, value in pairs(block.arguments or {}) do
          bytes = bytes + #tostring(key) + #tostring(value) + 5
        end
      end
    end
  end
  return 4 + math.ceil(bytes / 4) + 1200 * images
end

--- Plan a cut: returns first_kept_index, turn_start (0 when not split).
function reference.plan(messages, keep_recent_tokens, estimate)
  local n = #messages
  local keep_point, sum = 1, 0
  for i = n, 1, -1 do
    sum = sum + estimate(messages[i])
    if sum >= keep_recent_tokens then keep_point = i; break end
  end
  local call_at, answered = {}, {}
  for i, message in ipairs(messages) do
    if message.role == "assistant" and type(message.content) == "table" then
      for _, block in ipairs(message.content) do
        if block.type == "tool_call" then call_at[block.id] = i end
      end
    elseif message.role == "tool_result" then
      local call = call_at[message.tool_call_id]
      if call and call < i then answered[i] = call end
    end
  end
  local function valid(k)
    if k == n + 1 then return true end
    if messages[k].role == "tool_result" then return false end
    for j = k, n do
      if answered[j] and answered[j] < k then return false end
    end
    return true
  end
  local cut = keep_point
  while not valid(cut) do cut = cut + 1 end
  local turn_start = 0
  if cut <= n and cut > 1 and messages[cut].role ~= "user" then
    for s = cut - 1, 1, -1 do
      if messages[s].role == "user" then turn_start = s; break end
    end
  end
  return cut, turn_start
end

return reference
