--- Fitting a compacted context into its budget (`fit = true`).
--
-- After summarizing, when the summary plus the kept messages still exceed
-- `input_token_budget`, the compactor degrades the kept part in a fixed
-- order and stops at the first step after which the context fits:
--
-- 1. `keep_less`: move the cut forward to a later turn start (down to the
--    newest turn); the messages no longer kept are summarized in one more
--    summarizer call that updates the summary.
-- 2. `shorten_tool_results`: in the kept messages other than the newest,
--    tool result texts keep their head and tail around a marker
--    `[... N bytes cut by compaction ...]` (caps of 4096, then 1024, then
--    256 bytes per text).
-- 3. `remove_images`: in those messages, image blocks become the text
--    `[image removed by compaction]`.
--
-- If the context still does not fit, the compaction fails with
-- ErrNoReduction naming the figures. Each step runs at most once: no loop.
-- Messages are never modified: a changed message is a new table.
-- @module compact.fit

local errors = require "compact.errors"
local rawlen = require("compact.util").rawlen
local message_model = require "compact.message"

local fit = {}

fit.IMAGE_TEXT = "[image removed by compaction]"
fit.SHORTEN_CAPS = { 4096, 1024, 256 }

--- The marker that replaces the middle of a shortened text.
function fit.marker(bytes) return "[... " .. bytes .. " bytes cut by compaction ...]" end

--- Shorten `text` to about `cap` bytes: head and tail kept (cut on UTF-8
-- character boundaries) around the marker. Returns the text unchanged when
-- it is not longer than the cap.
function fit.shorten_text(text, cap)
  if #text <= cap then return text end
  local half = math.floor(cap / 2)
  local head_end = message_model.cut_point(text, half)
  local tail_start = message_model.start_point(text, #text - half + 1)
  local cut = tail_start - head_end - 1
  if cut <= 0 then return text end
  return text:sub(1, head_end) .. "\n" .. fit.marker(cut) .. "\n" .. text:sub(tail_start)
end

local function copy_message(message, content)
  local out = {}
  for key, value in pairs(message) do out[key] = value end
  out.content = content
  return out
end

-- A tool result with its texts shortened to `cap`, or nil when unchanged.
local function shortened_result(message, cap)
  local content = message.content
  if type(content) == "string" then
    local short = fit.shorten_text(content, cap)
    return short ~= content and copy_message(message, short) or nil
  end
  if type(content) ~= "table" then return nil end
  local blocks, changed = {}, false
  for i, block in ipairs(content) do
    blocks[i] = block
    if block.type == "text" and type(block.text) == "string" then
      local short = fit.shorten_text(block.text, cap)
      if short ~= block.text then
        blocks[i] = copy_message(block, nil)
        blocks[i].text = short
        changed = true
      end
    end
  end
  return changed and copy_message(message, blocks) or nil
end

-- A message with its image blocks replaced by text, or nil when unchanged.
local function without_images(message)
  local content = message.content
  if type(content) ~= "table" then return nil end
  local blocks, changed = {}, false
  for i, block in ipairs(content) do
    if block.type == "image" then
      blocks[i] = { type = "text", text = fit.IMAGE_TEXT }
      changed = true
    else
      blocks[i] = block
    end
  end
  return changed and copy_message(message, blocks) or nil
end

-- Apply `rewrite` to every kept message but the newest; a new list, or nil
-- when nothing changed.
local function rewrite_older(kept, rewrite)
  local out, changed = {}, false
  for i = 1, #kept do
    local replacement = i < #kept and rewrite(kept[i]) or nil
    out[i] = replacement or kept[i]
    changed = changed or replacement ~= nil
  end
  return changed and out or nil
end

-- Turn starts (user messages) in (first, newest turn start] that are valid
-- cuts: no call at or after `first` has its result at or after the cut.
-- Newest first.
local function later_turn_starts(messages, first)
  -- raw length and reads, as everywhere else: a lying __len must not hide
  -- the result of a call from this walk
  local n = rawlen(messages)
  -- a call at c answered at r blocks the cuts c+1..r: marked as +1 at c+1
  -- and -1 at r+1, summed in one pass (linear however far apart they are)
  local delta, call_at, starts = {}, {}, {}
  for i = first, n do
    local message = rawget(messages, i)
    if message.role == "assistant" and type(message.content) == "table" then
      for _, block in ipairs(message.content) do
        if block.type == "tool_call" then call_at[block.id] = i end
      end
    elseif message.role == "tool_result" then
      local call = call_at[message.tool_call_id]
      if call then
        delta[call + 1] = (delta[call + 1] or 0) + 1
        delta[i + 1] = (delta[i + 1] or 0) - 1
      end
    elseif message.role == "user" and i > first then
      starts[#starts + 1] = i
    end
  end
  local ascending, open, next_start = {}, 0, 1
  for i = first, n do
    open = open + (delta[i] or 0)
    if starts[next_start] == i then
      if open == 0 then ascending[#ascending + 1] = i end
      next_start = next_start + 1
    end
  end
  local valid = {}
  for i = #ascending, 1, -1 do valid[#valid + 1] = ascending[i] end
  return valid
end

-- Step 1. Returns true when it changed the state, or nil, err.
local function keep_less(state, ctx)
  local starts = later_turn_starts(ctx.messages, state.first_kept_index)
  if #starts == 0 then return false end
  -- the earliest turn start whose suffix fits; the newest turn when none does
  local cut = starts[1]
  for i = #starts, 1, -1 do
    if ctx.suffix_tokens(state.summary, starts[i]) <= ctx.budget then cut = starts[i]; break end
  end
  local summary, err = ctx.resummarize(state.summary, state.first_kept_index, cut)
  if not summary then return nil, err end
  state.summary, state.first_kept_index = summary, cut
  state.kept = ctx.slice(cut)
  return true
end

local function shorten_tool_results(state, ctx)
  local best
  for _, cap in ipairs(fit.SHORTEN_CAPS) do
    local kept = rewrite_older(state.kept, function(message)
      return message.role == "tool_result" and shortened_result(message, cap) or nil
    end)
    if kept then
      best = kept
      local tokens = ctx.measure(state.summary, kept)
      if tokens and tokens <= ctx.budget then break end
    end
  end
  if not best then return false end
  state.kept = best
  return true
end

local function remove_images(state)
  local kept = rewrite_older(state.kept, without_images)
  if not kept then return false end
  state.kept = kept
  return true
end

local steps = {
  { "keep_less", keep_less }, { "shorten_tool_results", shorten_tool_results },
  { "remove_images", remove_images },
}

--- Degrade `state = { summary, first_kept_index, kept, tokens }` until it
-- fits `ctx.budget`. `ctx` gives `messages`, `budget`, `measure(summary,
-- kept)`, `suffix_tokens(summary, k)`, `slice(k)` and `resummarize(summary,
-- from, to)`. Returns the state with `degraded = { { step =, tokens_saved =
-- }, ... }`, or nil and an error (ErrNoReduction with the figures, or the
-- summarizer's).
function fit.run(state, ctx)
  local degraded = {}
  local initial = state.tokens
  for _, step in ipairs(steps) do
    if state.tokens <= ctx.budget then break end
    local changed, err = step[2](state, ctx)
    if changed == nil then return nil, err end
    if changed then
      local tokens
      tokens, err = ctx.measure(state.summary, state.kept)
      if not tokens then return nil, err end
      degraded[#degraded + 1] = { step = step[1], tokens_saved = state.tokens - tokens }
      state.tokens = tokens
    end
  end
  if state.tokens > ctx.budget then
    return nil, errors.new("no_reduction", string.format(
      "the compacted context does not fit the budget: %s tokens after summarizing, %s after %d "
        .. "degradation steps (%d messages kept from index %d), budget %s",
      tostring(initial), tostring(state.tokens), #degraded, #state.kept, state.first_kept_index,
      tostring(ctx.budget)))
  end
  state.degraded = degraded
  return state
end

return fit
