---@meta compact
-- Type annotations for lua-language-server (LuaLS) covering compact's public
-- API (contract sections 1-10). Not loaded at run time: point LuaLS at this
-- folder, e.g. in .luarc.json: { "workspace.library": ["<compact>/types"] }.
-- luacheck: ignore  (declarations only: stub functions with unused arguments)

-- == Messages (contract 2) ==

---@class compact.TextBlock
---@field type "text"
---@field text string

---@class compact.ImageBlock
---@field type "image"
---@field mime_type string
---@field data string base64

---@class compact.ThinkingBlock
---@field type "thinking"
---@field thinking string
---@field signature? string opaque, passed back to the provider

---@class compact.ToolCallBlock
---@field type "tool_call"
---@field id string
---@field name string
---@field arguments table<string, any>

---@alias compact.Block compact.TextBlock|compact.ImageBlock|compact.ThinkingBlock|compact.ToolCallBlock

---@class compact.Usage
---@field input integer uncached input tokens
---@field output integer generated tokens
---@field cache_read integer
---@field cache_write integer

---@alias compact.StopReason "stop"|"tool_use"|"length"|"error"|"aborted"

---@class compact.UserMessage
---@field role "user"
---@field content string|(compact.TextBlock|compact.ImageBlock)[]

---@class compact.AssistantMessage
---@field role "assistant"
---@field content (compact.ThinkingBlock|compact.TextBlock|compact.ToolCallBlock)[]
---@field stop_reason? compact.StopReason
---@field error_message? string set when stop_reason is "error" or "aborted"
---@field usage? compact.Usage
---@field provider_metadata? table

---@class compact.ToolResultMessage
---@field role "tool_result"
---@field tool_call_id string
---@field tool_name? string
---@field content string|(compact.TextBlock|compact.ImageBlock)[]
---@field is_error? boolean

---@alias compact.Message compact.UserMessage|compact.AssistantMessage|compact.ToolResultMessage

-- == Errors and cancellation (contract 7) ==

---@class compact.Error
---@field code string "invalid_config"|"invalid_request"|"summarization"|"empty_summary"|"no_reduction"|"context_window_exceeded"|"cancelled"|"transport"|"stream"|"protocol"|"invalid_response"|"filtered"|"http"|"deadline"
---@field message string
---@field cause? any the underlying provider or callback error
---@field status? integer HTTP status
---@field retryable boolean

---@class compact.CancelToken
local CancelToken = {}
---Cancel: running summaries, generations and tools stop at their next check.
---@param reason? string
function CancelToken:cancel(reason) end
---@return boolean
function CancelToken:cancelled() end

-- == Estimation (contract 3) ==

---@class compact.Estimator
local Estimator = {}
---@param s string
---@return integer tokens
function Estimator:text(s) end
---@param msg compact.Message
---@return integer tokens
function Estimator:message(msg) end
---@param defs compact.ToolDefinition[]
---@return integer tokens
function Estimator:tools(defs) end

---@class compact.ToolDefinition
---@field name string
---@field description? string
---@field parameters? table JSON schema

-- == The compactor (contract 5) ==

---@class compact.Request
---@field system_prompt? string
---@field summary? string
---@field messages compact.Message[]
---@field tools? compact.ToolDefinition[]
---@field input_token_budget? number nil: no threshold planning
---@field estimator? compact.Estimator default compact.heuristic()
---@field require_reduction? boolean
---@field instructions? string extra focus for the summary

---@class compact.Plan
---@field messages_to_summarize compact.Message[]
---@field turn_prefix_messages compact.Message[]
---@field first_kept_index integer may be #messages + 1
---@field is_split_turn boolean
---@field tokens_before integer

---@class compact.Record
---@field summary string
---@field first_kept_index integer
---@field tokens_before integer
---@field tokens_after integer
---@field usage? compact.Usage
---@field fallback? boolean a fallback summarizer wrote the summary

---@class compact.Result
---@field summary? string
---@field messages compact.Message[] the kept messages
---@field record? compact.Record nil for a no-op

---@class compact.CompactorConfig
---@field keep_recent_tokens? number >= 0, default 0
---@field trigger_ratio? number > 0, default 1.0
---@field summarizer compact.Summarizer
---@field file_tools? table<string, { kind: "read"|"write"|"edit", key: string }>

---@class compact.Compactor
---@field keep_recent_tokens number
---@field trigger_ratio number
local Compactor = {}
---Plan a compaction without calling the summarizer.
---@param request compact.Request
---@return compact.Plan|nil plan nil: nothing to do (or an error)
---@return compact.Error|nil err
function Compactor:plan(request) end
---Run the summarizer on a plan (a nil plan is a no-op).
---@param request compact.Request
---@param plan compact.Plan|nil
---@param cancel? compact.CancelToken
---@return compact.Result|nil
---@return compact.Error|nil err
function Compactor:apply(request, plan, cancel) end
---Plan then apply.
---@param request compact.Request
---@param cancel? compact.CancelToken
---@return compact.Result|nil
---@return compact.Error|nil err
function Compactor:compact(request, cancel) end

-- == Summarizers and generators (contract 6) ==

---@class compact.SummaryRequest
---@field messages compact.Message[]
---@field turn_prefix_messages compact.Message[]
---@field previous_summary? string
---@field instructions? string

---@class compact.Summarizer
local Summarizer = {}
---@param req compact.SummaryRequest
---@param cancel? compact.CancelToken
---@return string|nil text
---@return compact.Usage|compact.Error|nil usage_or_err
---@return { fallback: boolean }|nil meta
function Summarizer:summarize(req, cancel) end

---@class compact.GenerateRequest
---@field model string
---@field system_prompt? string
---@field messages compact.Message[]
---@field tools? compact.ToolDefinition[]
---@field tool_choice? "auto"|"none"
---@field max_output_tokens? integer

---@class compact.Generator
local Generator = {}
---@param request compact.GenerateRequest
---@param cancel? compact.CancelToken
---@return compact.AssistantMessage|nil
---@return compact.Error|nil err
function Generator:generate(request, cancel) end

---@class compact.GeneratorSummarizerConfig
---@field generator compact.Generator
---@field model string non-blank
---@field options? { max_output_tokens: integer }
---@field system_prompt? string non-blank replaces the default
---@field sleep? fun(seconds: number, cancel?: compact.CancelToken) default really sleeps
---@field fallback? compact.Summarizer used when the model fails; sets record.fallback

---@class compact.ExtractiveSummarizerConfig
---@field max_chars? integer default 16000, at least 200

-- == The agent (contract 8) ==

---@class compact.AgentTool: compact.ToolDefinition
---@field handler fun(args: table, cancel?: compact.CancelToken): string, boolean?

---@class compact.AgentConfig
---@field generator compact.Generator
---@field model string
---@field system_prompt? string
---@field tools? compact.AgentTool[]
---@field compactor? compact.Compactor
---@field context_window_tokens number
---@field reserve_tokens? number default 4000
---@field estimator? compact.Estimator
---@field on_event? fun(event: { type: "compaction_start"|"compaction_end", reason?: "threshold"|"overflow", record?: compact.Record, err?: compact.Error })

---@class compact.State
---@field system_prompt? string
---@field summary? string
---@field messages compact.Message[]

---@class compact.AgentResult
---@field final compact.AssistantMessage
---@field new_messages compact.Message[]
---@field compactions compact.Record[]

---@class compact.Agent
---@field state compact.State the context kept between runs; assign to restore
local Agent = {}
---@param prompt string
---@param opts? { max_output_tokens?: integer, skills?: table, cancel?: compact.CancelToken }
---@return compact.AgentResult|nil
---@return compact.Error|nil err
---@return compact.AgentResult|nil partial
function Agent:run(prompt, opts) end

---@class compact.agent
local agent = {}
---@param config compact.AgentConfig
---@return compact.Agent|nil
---@return compact.Error|nil err
function agent.new(config) end

-- == Providers (contract 9) ==

---@class compact.ProviderConfig
---@field base_url? string
---@field api_key? string default from OPENAI_API_KEY / ANTHROPIC_API_KEY
---@field timeout? number seconds
---@field connect_timeout? number seconds
---@field headers? table<string, string>

---@class compact.providers
---@field openai fun(config?: compact.ProviderConfig): compact.Generator|nil, compact.Error|nil
---@field anthropic fun(config?: compact.ProviderConfig): compact.Generator|nil, compact.Error|nil

-- == State (contract 10) ==

---@class compact.state
local state = {}
--- Keys sorted bytewise; invalid UTF-8 in strings is written as U+FFFD.
---@param value compact.State|compact.Record|table
---@return string|nil json
---@return compact.Error|nil err
function state.encode(value) end
---@param text string
---@return table|nil
---@return compact.Error|nil err
function state.decode(text) end

-- == The `compact` module (contract 1) ==

---@class compact
---@field VERSION string
---@field agent compact.agent
---@field state compact.state
---@field providers compact.providers
---@field ErrInvalidConfig compact.Error
---@field ErrInvalidRequest compact.Error
---@field ErrSummarization compact.Error
---@field ErrEmptySummary compact.Error
---@field ErrNoReduction compact.Error
---@field ErrContextWindowExceeded compact.Error
---@field ErrCancelled compact.Error
local compact = {}

---Create a compactor.
---@param config compact.CompactorConfig
---@return compact.Compactor|nil
---@return compact.Error|nil err
function compact.new(config) end

---Estimate a request: system prompt + projected summary + messages + tools.
---@param request compact.Request
---@return integer|nil tokens
---@return compact.Error|nil err
function compact.estimate(request) end

---The one user message a non-empty summary projects, or nil.
---@param summary string|nil
---@return compact.UserMessage|nil
function compact.project_summary(summary) end

---The default estimator (dependency-free C heuristic, ~4 bytes per token).
---@return compact.Estimator
function compact.heuristic() end

---Does `err` (or its cause chain) match `sentinel`?
---@param err any
---@param sentinel compact.Error|string
---@return boolean
function compact.is(err, sentinel) end

---@return compact.CancelToken
function compact.cancel_token() end

---Wrap `fn(req, cancel) -> text, usage | nil, err` as a summarizer.
---@param fn fun(req: compact.SummaryRequest, cancel?: compact.CancelToken): string|nil, compact.Usage|compact.Error|nil
---@return compact.Summarizer
function compact.summarizer(fn) end

---A summarizer that asks a model through a generator (contract 6.2).
---@param config compact.GeneratorSummarizerConfig
---@return compact.Summarizer|nil
---@return compact.Error|nil err
function compact.generator_summarizer(config) end

---An offline summarizer that extracts goals, requests, tool calls, errors
---and files from the messages themselves.
---@param config? compact.ExtractiveSummarizerConfig
---@return compact.Summarizer|nil
---@return compact.Error|nil err
function compact.extractive_summarizer(config) end

---Forget cached estimates for a message list edited in place.
---@param messages compact.Message[]
function compact.forget(messages) end

return compact
