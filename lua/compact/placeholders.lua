--- The texts that stand for content given up to save context, made in one
-- place: `placeholders.replacement` is the only function that turns an
-- original (a cleared tool result, the cut middle of a text) into the
-- text left in its place. With an archive the caller archives the original
-- first and passes `info.recall_id`, which adds `; recall #ID` inside the
-- brackets.
-- Callers look the function up at each call (`placeholders.replacement(...)`),
-- never cache it, so a wrapper installed later is used.
-- @module compact.placeholders

local placeholders = {}

local templates = {
  -- a whole tool result cleared by context editing (agent `edit`)
  cleared = { "[tool result cleared to save context: ", " tokens", "]" },
  -- the middle of a tool result over the agent's `max_tool_result_tokens`
  cut = { "[... ", " tokens cut: tool result too long", " ...]" },
  -- the middle of a newest-turn message cut by the fit ladder's last rung
  truncated = { "[... ", " tokens cut by compaction", " ...]" },
}

--- The placeholder for an original that is given up.
-- @tparam string kind `"cleared"`, `"cut"` or `"truncated"`
-- @tparam integer tokens the estimator's count of what was given up
-- @param original what is given up: the tool result message (`"cleared"`) or
--   the cut text (`"cut"`, `"truncated"`)
-- @tparam[opt] table info `{ message = the message it belongs to, recall_id = id }`
-- @treturn string
function placeholders.replacement(kind, tokens, original, info) -- luacheck: ignore 212
  local template = templates[kind]
  local recall = info and info.recall_id ~= nil and ("; recall #" .. tostring(info.recall_id)) or ""
  return template[1] .. tostring(tokens) .. template[2] .. recall .. template[3]
end

local CLEARED = "^%[tool result cleared to save context: %d+ tokens[^%]\n]*%]$"

--- Is `content` a cleared tool result's placeholder (with or without a recall id)?
function placeholders.is_cleared(content)
  return type(content) == "string" and content:find(CLEARED) ~= nil
end

-- The placeholders that name an archived original, as patterns that
-- capture the id: this module's templates, then the fit ladder's
-- `fit.marker` and image text (fit's own, not `replacement` kinds: a
-- wrapper of `replacement` never sees them; spec/placeholders_spec.lua
-- reads each back).
local function escape(text) return (text:gsub("%p", "%%%0")) end
local RECALL_MARKS = {}
for _, kind in ipairs({ "cleared", "cut", "truncated" }) do
  local template = templates[kind]
  RECALL_MARKS[#RECALL_MARKS + 1] = escape(template[1]) .. "%d+" .. escape(template[2]) .. "; recall #(%d+)"
    .. escape(template[3])
end
RECALL_MARKS[#RECALL_MARKS + 1] = "%[%.%.%. %d+ bytes cut by compaction; recall #(%d+) %.%.%.%]"
RECALL_MARKS[#RECALL_MARKS + 1] = "%[image removed by compaction; recall #(%d+)%]"

--- The archive id the placeholders in `text` name, when they name one id
-- (a cleared or cut copy of an archived message, read back from a saved
-- state); nil when they name none, or several.
-- @tparam string text
-- @treturn integer|nil
function placeholders.recall_id(text)
  if type(text) ~= "string" or not text:find("; recall #", 1, true) then return nil end
  local id
  for _, mark in ipairs(RECALL_MARKS) do
    for digits in text:gmatch(mark) do
      local named = tonumber(digits)
      -- (more digits than a double holds exactly name no id this reads back)
      if #digits > 15 or (id and id ~= named) then return nil end
      id = named
    end
  end
  return id
end

return placeholders
