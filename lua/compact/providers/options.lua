--- Request options (internal): the `options` a generator request, a
-- provider configuration and the generator summarizer take.
--
--     options = { temperature = 0.2, top_p = 0.9, stop = { "\n\n" }, reasoning_effort = "high",
--       thinking = { type = "enabled", budget_tokens = 4000 }, cache = true,
--       prompt_cache_key = "session-1", extra = { seed = 7 } }
--
-- Unknown keys are errors (`ErrInvalidConfig` in a configuration,
-- `ErrInvalidRequest` in a request), naming the key. Pure Lua: the
-- summarizer checks its options here without loading a provider.
-- @module compact.providers.options

local errors = require "compact.errors"
local util = require "compact.util"

local options = {}

local function fail(kind, where, what, value)
  local text = where .. ": expected " .. what .. ", got " .. errors.describe(value)
  return nil, kind == "config" and errors.invalid_config(text) or errors.invalid_request(text)
end

local function unknown(kind, where, key)
  local text = where .. "." .. tostring(key) .. ": unknown option"
  return nil, kind == "config" and errors.invalid_config(text) or errors.invalid_request(text)
end

local function number_in(lo, hi)
  return function(value)
    return util.is_finite_number(value) and value >= lo and (hi == nil or value <= hi),
      "a number >= " .. lo .. (hi and (" and <= " .. hi) or "")
  end
end

local function stop_list(value)
  if type(value) == "string" then return value ~= "", "a non-empty string or a list of them" end
  if type(value) ~= "table" or value[1] == nil then return false, "a non-empty string or a list of them" end
  local n = 0
  for _ in pairs(value) do n = n + 1 end
  for i = 1, n do
    if type(value[i]) ~= "string" or value[i] == "" then return false, "a non-empty string or a list of them" end
  end
  return true
end

local function line(value)
  return type(value) == "string" and value:find("%S") ~= nil and not value:find("[\r\n]"), "a non-blank string"
end

-- key -> function(value) -> ok, what was expected
local RULES = {
  temperature = number_in(0, 2),
  top_p = number_in(0, 1),
  stop = stop_list,
  reasoning_effort = line,
  prompt_cache_key = line,
  cache = function(value) return type(value) == "boolean", "a boolean" end,
}

local THINKING = { type = true, budget_tokens = true }

local function check_thinking(kind, where, value)
  if type(value) ~= "table" then return fail(kind, where, "a table { type =, budget_tokens = }", value) end
  for key in pairs(value) do
    if not THINKING[key] then return unknown(kind, where, key) end
  end
  local ok = line(value.type)
  if not ok then
    return fail(kind, where .. ".type", "a non-blank string (\"enabled\", \"disabled\", ...)", value.type)
  end
  local budget = value.budget_tokens
  if budget ~= nil and not (util.is_finite_number(budget) and budget >= 1 and budget % 1 == 0) then
    return fail(kind, where .. ".budget_tokens", "a positive integer", budget)
  end
  return { type = value.type, budget_tokens = budget }
end

local function check_extra(kind, where, value)
  if type(value) ~= "table" then return fail(kind, where, "a table of body fields", value) end
  local out = {}
  for key, item in pairs(value) do
    if type(key) ~= "string" or key == "" then return fail(kind, where, "a table with string keys", key) end
    out[key] = item
  end
  return out
end

--- Check an `options` table.
-- @tparam string kind "config" or "request" (which error class)
-- @tparam string where the field's name ("config.options", "request.options")
-- @param value the options (nil: none)
-- @tparam[opt] table allow extra keys to accept and keep as they are (the summarizer's `max_output_tokens`)
-- @return a checked copy, or nil, err
function options.check(kind, where, value, allow)
  if value == nil then return {} end
  if type(value) ~= "table" then return fail(kind, where, "a table", value) end
  local keys = {}
  for key in pairs(value) do keys[#keys + 1] = tostring(key) end
  table.sort(keys)
  local out = {}
  for _, key in ipairs(keys) do
    local item = value[key]
    if key == "thinking" then
      local thinking, err = check_thinking(kind, where .. ".thinking", item)
      if not thinking then return nil, err end
      out.thinking = thinking
    elseif key == "extra" then
      local extra, err = check_extra(kind, where .. ".extra", item)
      if not extra then return nil, err end
      out.extra = extra
    elseif RULES[key] then
      local ok, what = RULES[key](item)
      if not ok then return fail(kind, where .. "." .. key, what, item) end
      out[key] = item
    elseif allow and allow[key] then
      out[key] = item
    else
      return unknown(kind, where, key)
    end
  end
  return out
end

local function rejected(kind, where, text)
  text = where .. text
  return nil, kind == "config" and errors.invalid_config(text) or errors.invalid_request(text)
end

--- What the Anthropic Messages API rejects among checked options, caught
-- where the configuration or request is checked rather than as an HTTP
-- 400 on every request: `reasoning_effort` (no Messages API field), a
-- `temperature` above 1 (its range is 0-1) and `thinking = { type =
-- "enabled" }` without `budget_tokens` (required there).
-- @tparam string kind "config" or "request" (which error class)
-- @tparam string where "config.options" or "request.options"
-- @tparam table opts options checked by `options.check`
-- @return opts, or nil, err naming the key
function options.check_messages_api(kind, where, opts)
  if opts.reasoning_effort ~= nil then
    return rejected(kind, where, ".reasoning_effort: not a Messages API field "
      .. "(use options.thinking = { type = \"enabled\", budget_tokens = n })")
  end
  if opts.temperature ~= nil and opts.temperature > 1 then
    return rejected(kind, where, ".temperature: expected a number >= 0 and <= 1 (the Messages API range), got "
      .. errors.describe(opts.temperature))
  end
  local thinking = opts.thinking
  if thinking and thinking.type == "enabled" and thinking.budget_tokens == nil then
    return rejected(kind, where, ".thinking.budget_tokens: required with type \"enabled\" (the Messages API "
      .. "needs a thinking budget)")
  end
  return opts
end

--- The options of one request: the configuration's defaults under the
-- request's own (key by key; `extra` merged field by field).
function options.merge(defaults, own)
  local out = {}
  for key, value in pairs(defaults or {}) do out[key] = value end
  for key, value in pairs(own or {}) do out[key] = value end
  if defaults and defaults.extra and own and own.extra then
    local extra = {}
    for key, value in pairs(defaults.extra) do extra[key] = value end
    for key, value in pairs(own.extra) do extra[key] = value end
    out.extra = extra
  end
  return out
end

--- Merge `extra` raw into a request body (its fields win).
function options.apply_extra(body, opts)
  for key, value in pairs(opts.extra or {}) do body[key] = value end
  return body
end

return options
