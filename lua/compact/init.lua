--- compact: conversation compaction for LLM agents.
--
-- `require "compact"` gives the compactor, estimation, summary projection,
-- summarizers, errors and cancellation; `compact.agent`, `compact.state`,
-- `compact.providers`, `compact.importers` and `compact.prompts` load on
-- first use. Every function returns its value or `nil, err` (an error
-- object, see `compact.errors`); none raises for a failure the caller can
-- cause. docs/api.md is the full reference.
-- @module compact

local core = require "compact.core"
local errors = require "compact.errors"
local cancel = require "compact.cancel"
local estimation = require "compact.estimation"
local compactor = require "compact.compactor"
local request_module = require "compact.request"
local repair = require "compact.repair"
local usage = require "compact.usage"

local compact = {
  --- The version string (`"0.2.0"` in this release).
  VERSION = require "compact.version",
  --- The C core (`compact.core`): JSON, validation, estimation ledgers,
  -- records. Applications normally go through this module instead.
  core = core,
}

-- The error sentinels, one per public error code, for `compact.is`.
for name, sentinel in pairs(errors.sentinels) do compact[name] = sentinel end

--- Sentinel `invalid_config`: a compactor, summarizer, agent or provider config was rejected.
-- @field ErrInvalidConfig

--- Sentinel `invalid_request`: a bad request, message, plan, estimator result or state text.
-- @field ErrInvalidRequest

--- Sentinel `summarization`: the summarizer returned or raised an error (kept as `cause`).
-- @field ErrSummarization

--- Sentinel `empty_summary`: nothing was left of the summary after trimming.
-- @field ErrEmptySummary

--- Sentinel `no_reduction`: `require_reduction` and nothing could be removed.
-- @field ErrNoReduction

--- Sentinel `context_window_exceeded`: a provider rejected the request as too long.
-- @field ErrContextWindowExceeded

--- Sentinel `cancelled`: a cancel token stopped the work.
-- @field ErrCancelled

--- Does `err` (or an error in its `cause` chain) match `sentinel`? Like
-- Go's `errors.Is`; matches by code, tolerates cycles.
-- @function is
-- @param err any value (an error object, or anything else: then false)
-- @param sentinel a sentinel such as `compact.ErrCancelled`, an error object, or a code string
-- @treturn boolean
compact.is = errors.is

--- Make an error object for custom generators and summarizers.
-- @function error
-- @tparam string code one of the documented codes (`compact.errors.codes`)
-- @tparam string message human-readable text
-- @tparam[opt] table fields `{ cause =, status = (HTTP 100-599), retryable = (boolean) }`
-- @return the error object, or nil and an `ErrInvalidRequest` naming the argument
compact.error = errors.public_error

--- Repair the tool pairs of a message list: drop results without a call and
-- second results, answer calls left without a result.
-- @function repair
-- @tparam table messages a message list (never modified)
-- @treturn table the repaired list (a new table)
-- @treturn table the report `{ orphan_results, missing_results, duplicate_results }`
-- @return or nil and an `ErrInvalidRequest` naming the message and field
compact.repair = repair.repair

--- The usage anchor of the last usable assistant reply (usage total > 0, stop
-- reason not `error`/`aborted`) at index >= `from`.
-- @function usage_anchor
-- @tparam table messages a message list
-- @tparam[opt=1] integer from the first index considered
-- @treturn ?table `{ tokens = N, through = k }`, or nil when there is none
compact.usage_anchor = usage.anchor

--- Create a compactor.
-- @function new
-- @tparam table config `{ keep_recent_tokens = 0, trigger_ratio = 1.0, summarizer = s, file_tools = nil }`:
--   `keep_recent_tokens` (>= 0) raw tokens kept at the end; `trigger_ratio` (> 0)
--   the share of `input_token_budget` above which `plan` compacts; `summarizer`
--   (required) a table with `summarize`; `file_tools` extra tool names for the
--   file lists. Unknown keys are errors.
-- @return a compactor (`plan`, `apply`, `compact`; see `compact.compactor`), or nil and an `ErrInvalidConfig`
compact.new = compactor.new

--- The default estimator: dependency-free, in C, reading text the way BPE
-- tokenizers split it (docs/estimation.md); a planning aid, not a
-- provider's count.
-- @function heuristic
-- @return an estimator: `:text(s)`, `:message(msg)`, `:tools(defs)`, each an integer
compact.heuristic = estimation.heuristic

--- The single user message a non-empty summary projects.
-- @function project_summary
-- @tparam ?string summary
-- @return `{ role = "user", content = "The conversation history ..." }`, or nil for no summary
compact.project_summary = require("compact.summary").project_summary

--- What kind of call a `tool_call` block is, by the tool vocabulary.
-- @function classify_tool_call
-- @tparam table call a `tool_call` block (`{ type = "tool_call", name, arguments }`)
-- @tparam[opt] table overrides `{ MyRead = { kind = "read", path_key = "p" } }` over the built-in vocabulary
-- @return `{ kind = K, paths = {...}, command = "..." or nil }`, or nil and an
--   `ErrInvalidRequest` (not a tool_call) or `ErrInvalidConfig` (bad overrides)
function compact.classify_tool_call(call, overrides)
  return require("compact.tool_vocabulary").classify_tool_call(call, overrides)
end

--- A new cancellation token.
-- @function cancel_token
-- @return a token with `:cancel(reason)` and `:cancelled()`
compact.cancel_token = cancel.token

--- Wrap a function as a summarizer.
-- @function summarizer
-- @tparam function fn `fn(req, cancel)` returning `text, usage` or `nil, err`
-- @return a summarizer (`{ summarize = ... }`), or nil and an `ErrInvalidConfig`
compact.summarizer = compactor.summarizer

--- Forget cached estimates.
-- @function forget
-- @tparam ?table messages a message list edited in place; nil forgets every
--   cached estimate
compact.forget = estimation.forget

local estimate_request = compactor.protect(function(request)
  local view, err = request_module.check(request)
  if not view then return nil, err end
  local tokens
  tokens, err = request_module.estimate(view)
  if not tokens then return nil, err end
  return tokens
end)

--- Estimate a request: system prompt + projected summary + raw messages +
-- tool definitions, with `request.estimator` (default the heuristic). With
-- a usage anchor `request.usage = { tokens = N, through = k }`: N plus the
-- estimate of the messages after k.
-- @function estimate
-- @tparam table request `{ system_prompt, summary, messages, tools, estimator, usage, ... }`
-- @treturn[1] integer tokens (one value)
-- @return[2] nil
-- @return[2] an `ErrInvalidRequest` naming the field or message
function compact.estimate(request)
  local tokens, err = estimate_request(request)
  if tokens == nil then return nil, err end
  return tokens
end

--- The agent loop (`compact.agent.new`), loaded on first use.
-- @field agent

--- State and records as JSON (`compact.state.encode` / `decode`), loaded on first use.
-- @field state

--- The OpenAI and Anthropic generators (`compact.providers.openai { ... }`),
-- loaded on first use; libcurl is needed only when one sends a request.
-- @field providers

--- Transcript importers (`compact.importers.load(path)`), loaded on first use.
-- @field importers

--- The prompts of the generator summarizer, loaded on first use.
-- @field prompts

--- The archive of compacted messages (`compact.archive.open(path)`,
-- `compact.archive.memory()`), loaded on first use.
-- @field archive

--- A summarizer that asks a model through a generator (loaded on first
-- use; see `compact.summarizers.generator`).
-- @function generator_summarizer
-- @tparam table config `{ generator, model, options, system_prompt, sleep, fallback }`
-- @return a summarizer, or nil and an `ErrInvalidConfig`

--- An offline, deterministic summarizer (loaded on first use; see
-- `compact.summarizers.extractive`).
-- @function extractive_summarizer
-- @tparam ?table config `{ max_chars, file_tools }`
-- @return a summarizer, or nil and an `ErrInvalidConfig`

-- Modules loaded on first use, so `require "compact"` stays light and does
-- not need libcurl unless a provider is used.
local lazy_modules = {
  agent = "compact.agent",
  state = "compact.state",
  providers = "compact.providers",
  importers = "compact.importers",
  exporters = "compact.exporters",
  prompts = "compact.summarizers.prompts",
  archive = "compact.archive",
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
