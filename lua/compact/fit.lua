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
-- 4. `truncate_newest`: the newest turn's own oversized texts (user or
--    assistant text, tool results) keep their head and tail around
--    `[... N tokens cut by compaction ...]` (N in the estimator's tokens;
--    the placeholder comes from `compact.placeholders.replacement`).
--
-- With an archive (`ctx.archive`), the originals of the messages a step
-- changes are archived first and the markers name them:
-- `[... N bytes cut by compaction; recall #ID ...]`,
-- `[image removed by compaction; recall #ID]`.
--
-- If the context still does not fit, the compaction fails with
-- ErrNoReduction naming the figures. Each step runs at most once: no loop.
-- Messages are never modified: a changed message is a new table.
-- @module compact.fit

local errors = require "compact.errors"
local placeholders = require "compact.placeholders"
local rawlen = require("compact.util").rawlen
local message_model = require "compact.message"

local fit = {}

fit.IMAGE_TEXT = "[image removed by compaction]"
fit.SHORTEN_CAPS = { 4096, 1024, 256 }

--- `; recall #ID` when the original is archived under `id`, else "".
function fit.recall(id) return id and ("; recall #" .. id) or "" end

--- The marker that replaces the middle of a shortened text (naming the
-- archived original's id when given).
function fit.marker(bytes, id) return "[... " .. bytes .. " bytes cut by compaction" .. fit.recall(id) .. " ...]" end

--- Shorten `text` to about `cap` bytes: head and tail kept (cut on UTF-8
-- character boundaries) around the marker. Returns the text unchanged when
-- it is not longer than the cap.
function fit.shorten_text(text, cap, id)
  return fit.cut_middle(text, cap, function(cut) return fit.marker(cut, id) end)
end

--- Keep about `cap` bytes of `text`, head and tail (cut on UTF-8 character
-- boundaries), around `marker(bytes_cut, head_end, tail_start)` on a line
-- of its own (the cut is `text:sub(head_end + 1, tail_start - 1)`); `text`
-- itself when it is not longer than the cap.
function fit.cut_middle(text, cap, marker)
  if #text <= cap then return text end
  local half = math.floor(cap / 2)
  local head_end = message_model.cut_point(text, half)
  local tail_start = message_model.start_point(text, #text - half + 1)
  local cut = tail_start - head_end - 1
  if cut <= 0 then return text end
  return text:sub(1, head_end) .. "\n" .. marker(cut, head_end, tail_start) .. "\n" .. text:sub(tail_start)
end

--- Shorten `text` to at most `max` tokens of `estimator` (head and tail
-- kept around `marker(tokens_cut, cut_text)`); the text itself when it
-- fits. Best effort when even the marker does not fit. The estimator may
-- raise: callers run under pcall.
function fit.shorten_tokens(estimator, text, max, marker)
  local tokens = estimator:text(text)
  if tokens <= max then return text end
  local function mark(_, head_end, tail_start)
    local cut = text:sub(head_end + 1, tail_start - 1)
    return marker(math.ceil(estimator:text(cut)), cut)
  end
  local cap = math.floor(#text * max / tokens)
  local short = text
  for _ = 1, 8 do
    short = fit.cut_middle(text, cap, mark)
    if cap <= 0 or estimator:text(short) <= max then break end
    cap = math.floor(cap * 0.8)
  end
  return short
end

local function copy_message(message, content)
  local out = {}
  for key, value in pairs(message) do out[key] = value end
  out.content = content
  return out
end

-- A tool result with its texts shortened to `cap`, or nil when unchanged.
local function shortened_result(message, cap, id)
  local content = message.content
  if type(content) == "string" then
    local short = fit.shorten_text(content, cap, id)
    return short ~= content and copy_message(message, short) or nil
  end
  if type(content) ~= "table" then return nil end
  local blocks, changed = {}, false
  for i, block in ipairs(content) do
    blocks[i] = block
    if block.type == "text" and type(block.text) == "string" then
      local short = fit.shorten_text(block.text, cap, id)
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
local function without_images(message, id)
  local content = message.content
  if type(content) ~= "table" then return nil end
  local blocks, changed = {}, false
  for i, block in ipairs(content) do
    if block.type == "image" then
      local text = id and fit.IMAGE_TEXT:sub(1, -2) .. fit.recall(id) .. "]" or fit.IMAGE_TEXT
      blocks[i] = { type = "text", text = text }
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

-- With an archive, archive the originals of the messages `out` changed in
-- `kept` and rewrite them again naming their ids (`rewrite(message, id, i)`;
-- nil keeps out[i]).
-- Returns the list, or nil, err.
local function name_originals(kept, out, ctx, rewrite)
  if not ctx.archive then return out end
  local originals, at = {}, {}
  for i = 1, #kept do
    if out[i] ~= kept[i] then originals[#originals + 1], at[#at + 1] = kept[i], i end
  end
  local ids, err = ctx.archive(originals)
  if not ids then return nil, err end
  for k, i in ipairs(at) do out[i] = rewrite(kept[i], ids[k], i) or out[i] end
  return out
end
fit.name_originals = name_originals

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
fit.later_turn_starts = later_turn_starts

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
  local best, best_cap
  for _, cap in ipairs(fit.SHORTEN_CAPS) do
    local kept = rewrite_older(state.kept, function(message)
      return message.role == "tool_result" and shortened_result(message, cap) or nil
    end)
    if kept then
      best, best_cap = kept, cap
      local tokens = ctx.measure(state.summary, kept)
      if tokens and tokens <= ctx.budget then break end
    end
  end
  if not best then return false end
  local named, err = name_originals(state.kept, best, ctx, function(message, id)
    return shortened_result(message, best_cap, id)
  end)
  if not named then return nil, err end
  state.kept = named
  return true
end

local function remove_images(state, ctx)
  local kept = rewrite_older(state.kept, without_images)
  if not kept then return false end
  local named, err = name_originals(state.kept, kept, ctx, without_images)
  if not named then return nil, err end
  state.kept = named
  return true
end

-- The texts of a message the last rung may cut: its string content or
-- its text blocks, as { index (0: the string content), text }.
local function texts_of(message)
  local content = message.content
  if type(content) == "string" then return { { 0, content } } end
  local out = {}
  if type(content) == "table" then
    for i, block in ipairs(content) do
      if block.type == "text" and type(block.text) == "string" then out[#out + 1] = { i, block.text } end
    end
  end
  return out
end

-- The largest per-text size T (tokens) such that cutting every text to T
-- saves at least `need` tokens (binary search; 0 when nothing less does).
function fit.water_level(sizes, need)
  local low, high = 0, 0
  for _, size in ipairs(sizes) do high = math.max(high, size) end
  while low < high do
    local mid = math.ceil((low + high) / 2)
    local saved = 0
    for _, size in ipairs(sizes) do saved = saved + math.max(0, size - mid) end
    if saved >= need then low = mid else high = mid - 1 end
  end
  return low
end

-- The kept messages with the newest turn's texts above `level` tokens cut
-- to it (head and tail around `[... N tokens cut by compaction ...]`).
-- `ids[i]`: the archive id of kept[i]'s original, named in its markers.
local function truncated(kept, units, level, ctx, ids)
  local out = {}
  for i = 1, #kept do out[i] = kept[i] end
  for _, unit in ipairs(units) do
    if unit.size > level then
      local message = out[unit.message]
      local function marker(tokens, cut)
        return placeholders.replacement("truncated", tokens, cut,
          { message = kept[unit.message], recall_id = ids and ids[unit.message] })
      end
      local short = fit.shorten_tokens(ctx.estimator, unit.text, level, marker)
      if unit.block == 0 then
        out[unit.message] = copy_message(message, short)
      else
        local blocks = {}
        for j, block in ipairs(message.content) do blocks[j] = block end
        blocks[unit.block] = copy_message(blocks[unit.block], nil)
        blocks[unit.block].text = short
        out[unit.message] = copy_message(message, blocks)
      end
    end
  end
  return out
end

-- Step 4: cut the newest turn's own oversized texts until the context fits.
local function truncate_newest(state, ctx)
  local kept = state.kept
  local first = 1
  for i = #kept, 1, -1 do
    if kept[i].role == "user" then first = i; break end
  end
  local units, sizes = {}, {}
  for i = first, #kept do
    for _, text in ipairs(texts_of(kept[i])) do
      local size = ctx.estimator:text(text[2])
      units[#units + 1] = { message = i, block = text[1], text = text[2], size = size }
      sizes[#sizes + 1] = size
    end
  end
  if #units == 0 then return false end
  local calibration = ctx.calibration or 1
  local need = math.ceil((state.tokens - ctx.budget) / calibration)
  local best, level
  for _ = 1, 6 do
    level = fit.water_level(sizes, need)
    best = truncated(kept, units, level, ctx)
    local tokens = ctx.measure(state.summary, best)
    if not tokens or tokens <= ctx.budget or level == 0 then break end
    need = need + math.ceil((tokens - ctx.budget) / calibration)
  end
  local ids = {}
  local named, err = name_originals(kept, best, ctx, function(_, id, i) ids[i] = id end)
  if not named then return nil, err end
  if next(ids) then best = truncated(kept, units, level, ctx, ids) end
  state.kept = best
  return true
end

local steps = {
  { "keep_less", keep_less }, { "shorten_tool_results", shorten_tool_results },
  { "remove_images", remove_images }, { "truncate_newest", truncate_newest },
}

--- Degrade `state = { summary, first_kept_index, kept, tokens }` until it
-- fits `ctx.budget`. `ctx` gives `messages`, `budget`, `measure(summary,
-- kept)`, `suffix_tokens(summary, k)`, `slice(k)`, `resummarize(summary,
-- from, to)`, `estimator`, `calibration` (measure's tokens per estimator
-- token) and optionally `archive(messages) -> ids | nil, err`. Returns the
-- state with `degraded = { { step =, tokens_saved = }, ... }`, or nil and an
-- error (ErrNoReduction with the figures, the summarizer's or the archive's).
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
