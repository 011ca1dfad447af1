--- compact: conversation compaction for LLM agents.
--
-- `require "compact"` gives the compactor API (contract sections 1-7);
-- `compact.agent`, `compact.state` and `compact.providers.*` load on first
-- use.
-- @module compact

local core = require "compact.core"
local errors = require "compact.errors"
local cancel = require "compact.cancel"
local estimation = require "compact.estimation"
local compactor = require "compact.compactor"
local request_module = require "compact.request"

local compact = {
  VERSION = "0.1.0",
  core = core,
}

for name, sentinel in pairs(errors.sentinels) do compact[name] = sentinel end

--- Does `err` (or its `cause` chain) match `sentinel`? Like Go's errors.Is.
compact.is = errors.is

--- Create a compactor: see `compact.compactor.new`.
compact.new = compactor.new

--- The default, dependency-free estimator (C heuristic: ~bytes / 4).
compact.heuristic = estimation.heuristic

--- The single user message a non-empty summary projects, or nil.
compact.project_summary = estimation.project_summary

--- A new cancellation token (`:cancel()`, `:cancelled()`).
compact.cancel_token = cancel.token

--- Wrap `fn(req, cancel) -> text, usage | nil, err` as a summarizer.
compact.summarizer = compactor.summarizer

--- Forget cached estimates for a message list edited in place.
compact.forget = estimation.forget

--- Estimate a request: system prompt + projected summary + raw messages +
-- tool definitions, with `request.estimator` (default the heuristic).
-- @return tokens or nil, err
compact.estimate = compactor.protect(function(request)
  local view, err = request_module.check(request)
  if not view then return nil, err end
  local tokens
  tokens, err = request_module.estimate(view)
  if not tokens then return nil, err end
  return tokens
end)

-- Modules loaded on first use, so `require "compact"` stays light and does
-- not need libcurl unless a provider is used.
local lazy_modules = {
  agent = "compact.agent",
  state = "compact.state",
  providers = "compact.providers",
  importers = "compact.importers",
  prompts = "compact.prompts",
  generator_summarizer = { "compact.summarizers.generator", "new" },
  extractive_summarizer = { "compact.summarizers.extractive", "new" },
  tokenizer = { "compact.tokenizer", "new" },
}

return setmetatable(compact, {
  __index = function(module, key)
    local spec = lazy_modules[key]
    if spec == nil then return nil end
    local value
    if type(spec) == "table" then
      value = require(spec[1])[spec[2]]
    else
      value = require(spec)
    end
    rawset(module, key, value)
    return value
  end,
})
