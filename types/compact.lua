---@meta compact
-- Type annotations for lua-language-server (LuaLS) covering compact's public
-- API (docs/api.md describes it). Not loaded at run time: point LuaLS at this
-- folder, e.g. in .luarc.json: { "workspace.library": ["<compact>/types"] }.
-- spec/types_spec.lua checks these declarations against the modules: a
-- public function, module or config field without a declaration here fails
-- the suite, and so does a declaration the code does not have.
-- luacheck: ignore  (declarations only: stub functions with unused arguments)

-- == Messages ==

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
---@field reasoning? integer tokens of `output` spent on reasoning, when the provider reports them
---@field stale? boolean set on kept replies by a compaction: counted for a context that is gone, never an anchor

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

-- == Errors and cancellation ==

---@alias compact.ErrorCode "invalid_config"|"invalid_request"|"summarization"|"empty_summary"|"no_reduction"|"context_window_exceeded"|"cancelled"|"transport"|"stream"|"protocol"|"invalid_response"|"filtered"|"http"|"deadline"|"callback"|"generator"

---@class compact.Error
---@field code compact.ErrorCode
---@field message string
---@field cause? any the underlying provider or callback error
---@field status? integer HTTP status
---@field retryable boolean
---@field reason? string transport errors: "dns"|"connect"|"timeout"|"tls"|"reset"|"send"|"too_large"|"url"|"other"

---@class compact.CancelToken
---@field reason? string given to cancel()
local CancelToken = {}
---Cancel: running summaries, generations and tools stop at their next check.
---@param reason? string
---@return compact.CancelToken self
function CancelToken:cancel(reason) end
---@return boolean
function CancelToken:cancelled() end

-- == Estimation ==

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

-- == The compactor ==

---@class compact.Request
---@field system_prompt? string
---@field summary? string
---@field messages compact.Message[]
---@field tools? compact.ToolDefinition[]
---@field input_token_budget? number nil: no threshold planning
---@field estimator? compact.Estimator default compact.heuristic()
---@field require_reduction? boolean
---@field instructions? string extra focus for the summary
---@field usage? compact.UsageAnchor what the provider counted for messages[1..through]
---@field fit? boolean with input_token_budget: degrade the kept messages until the result fits (see docs/compactor.md)
---@field cwd? string the working directory: summaries and file lists show paths under it relative to it

---A usage anchor: the provider counted `tokens` for a request whose messages
---were `messages[1..through]` (`through` in 1..#messages, `tokens` > 0, integers).
---@class compact.UsageAnchor
---@field tokens integer
---@field through integer
---@field dropped? integer tokens inside `tokens` the provider will not send again (0..tokens-1)

---@alias compact.DropReasoning "never"|"after_user"|"always"

---@class compact.UsageAnchorOptions
---@field drop_reasoning? compact.DropReasoning default "never"

---One degradation step of a fitted compaction.
---@class compact.Degradation
---@field step "keep_less"|"shorten_tool_results"|"remove_images"
---@field tokens_saved integer

---@class compact.Plan
---@field messages_to_summarize compact.Message[]
---@field turn_prefix_messages compact.Message[]
---@field first_kept_index integer may be #messages + 1
---@field is_split_turn boolean
---@field tokens_before integer anchored when the request has `usage`
---@field calibration number provider tokens per estimated token, in [0.5, 4]; 1 without an anchor

---@class compact.Record
---@field summary string
---@field first_kept_index integer
---@field tokens_before integer
---@field tokens_after integer
---@field usage? compact.Usage
---@field fallback? boolean a fallback summarizer wrote the summary
---@field chunks? integer model calls the history took (meta.chunks of the summarizer; > 1 when split)
---@field calibration number the plan's calibration ratio (tokens_after is scaled by it)
---@field degraded? compact.Degradation[] the fit steps taken, in order (nil when none)
---@field archived? compact.ArchivedRange the ids of the originals archived (with an archive)

---@class compact.ArchivedRange
---@field first_id integer
---@field last_id integer

---@class compact.Result
---@field summary? string
---@field messages compact.Message[] the kept messages
---@field record? compact.Record nil for a no-op

---@class compact.FileTool
---@field kind "read"|"write"|"edit"|"shell"|"search"|"fetch"|"task"|"other"|"modified"
---@field path_key? string the argument holding the path (default: path, file_path, filePath, filepath, absolute_path, notebook_path, dir_path)
---@field key? string the older name of path_key
---@field command_key? string the argument holding a shell command (default: command, cmd)

---@class compact.ToolCallKind
---@field kind "read"|"write"|"edit"|"shell"|"search"|"fetch"|"task"|"other"
---@field paths string[] the paths the call names (apply_patch: from its headers)
---@field command? string a shell call's command (an argv list joined with spaces)
---@field patch? table[] apply_patch's files, `{ path, kind }` each
---@field call? table the tool call a Codex code-mode `exec` cell makes (`{ type, name, arguments }`), read in its place

---@class compact.CompactorConfig
---@field keep_recent_tokens? number >= 0, default 0
---@field trigger_ratio? number > 0, default 1.0, may exceed 1.0
---@field summarizer compact.Summarizer
---@field file_tools? table<string, compact.FileTool|false> extra or replaced tool names; false removes one
---@field archive? compact.ArchiveLike where the originals go before they are replaced
---@field conversation_id? string the archive's conversation (default: a fresh one); only with archive
---@field keep_user_messages_tokens? number >= 0, default 0: newest user requests of the span kept verbatim
---@field tool_vocabulary? table<string, compact.FileTool|false> the newer name of file_tools (give one of them)
---@field max_file_list_chars? integer >= 0, default 2000: bytes the file lists may take before they are shortened

---@class compact.Compactor
---@field keep_recent_tokens number
---@field trigger_ratio number
---@field summarizer compact.Summarizer
---@field file_tools table<string, compact.FileTool> the merged tool map
---@field archive? compact.ArchiveLike
---@field conversation_id? string set with archive
---@field keep_user_messages_tokens number
---@field max_file_list_chars integer
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

-- == Summarizers and generators ==

---@class compact.SummaryRequest
---@field messages compact.Message[]
---@field turn_prefix_messages compact.Message[]
---@field previous_summary? string
---@field instructions? string
---@field cwd? string the request's working directory (paths under it are shown relative to it)
---@field max_file_list_chars? integer the compactor's bound on the file lists it will append

---@class compact.Summarizer
local Summarizer = {}
---@param req compact.SummaryRequest
---@param cancel? compact.CancelToken
---@return string|nil text
---@return compact.Usage|compact.Error|nil usage_or_err
---@return { fallback?: boolean, chunks?: integer }|nil meta
function Summarizer:summarize(req, cancel) end

---@class compact.GenerateRequest
---@field model string
---@field system_prompt? string
---@field messages compact.Message[]
---@field tools? compact.ToolDefinition[]
---@field tool_choice? "auto"|"none"
---@field max_output_tokens? integer
---@field options? compact.RequestOptions over the provider config's `options`
---@field on_delta? fun(delta: compact.Delta) each streamed piece; what it raises ends the request as code "callback"

---@class compact.RequestOptions
---@field temperature? number 0-2
---@field top_p? number 0-1
---@field stop? string|string[]
---@field reasoning_effort? string OpenAI-compatible servers only
---@field thinking? { type: string, budget_tokens?: integer }
---@field cache? boolean Anthropic: cache_control on the system prompt, the last tool and the newest message
---@field prompt_cache_key? string OpenAI: sent as prompt_cache_key
---@field extra? table<string, any> merged raw into the request body

---@class compact.Delta
---@field type "text"|"thinking"|"tool_call"
---@field text string the streamed piece (tool-call arguments JSON for tool_call)
---@field index integer 1-based position of its content block in the final assistant message (both providers)
---@field id? string tool_call only
---@field name? string tool_call only

---@class compact.Generator
local Generator = {}
---@param request compact.GenerateRequest
---@param cancel? compact.CancelToken
---@return compact.AssistantMessage|nil
---@return compact.Error|nil err
function Generator:generate(request, cancel) end

---@class compact.SummarizerOptions: compact.RequestOptions
---@field max_output_tokens? integer

---@class compact.GeneratorSummarizerConfig
---@field generator compact.Generator
---@field model string non-blank
---@field options? compact.SummarizerOptions unknown keys are errors; max_output_tokens default 4096, sent and counted in each chunk's budget
---@field system_prompt? string non-blank replaces the default
---@field check_sections? boolean default true (false under a custom system_prompt): a reply missing headings is asked again once
---@field tool_vocabulary? table<string, compact.FileTool|false> tool names over the built-in vocabulary (shell results keep their tail)
---@field sleep? fun(seconds: number, cancel?: compact.CancelToken) default really sleeps
---@field fallback? compact.Summarizer used when the model fails; sets record.fallback
---@field max_input_tokens? integer default 120000: a longer history is split into chunks summarized in order
---@field on_progress? fun(event: compact.SummaryProgressEvent) called before each history call; what it raises is ignored

---@class compact.SummaryProgressEvent
---@field type "summary_progress"
---@field chunk integer 1-based index of the call about to be made
---@field chunks integer number of history calls

---@class compact.ExtractiveSummarizerConfig
---@field max_chars? integer default 6000 (text and the compactor's file lists together), at least 200
---@field file_tools? table<string, compact.FileTool|false> as the compactor's option
---@field tool_vocabulary? table<string, compact.FileTool|false> the newer name of file_tools (give one of them)

---@class compact.summarizers.generator
---@field RETRY_DELAYS number[] seconds slept before the second and third attempt
---@field MAX_RETRY_WAIT number the longest Retry-After (seconds) a retry waits for (60); longer ends the retries
---@field DEFAULT_MAX_INPUT_TOKENS integer 120000: the default max_input_tokens
---@field DEFAULT_MAX_OUTPUT_TOKENS integer 4096: the default options.max_output_tokens
---@field MAX_HALVINGS integer 3: halvings of a chunk rejected as too long before ErrSummarization
---@field MIN_HISTORY_SHARE number 0.25: a split turn's history under this share of the span is summarized with the prefix in one call
local summarizers_generator = {}
---@param config compact.GeneratorSummarizerConfig
---@return compact.Summarizer|nil
---@return compact.Error|nil err
function summarizers_generator.new(config) end
---The default sleep: waits in slices of 50 ms, returning early when cancelled.
---@param seconds number
---@param cancel? compact.CancelToken
function summarizers_generator.default_sleep(seconds, cancel) end
---Is a generator error worth another attempt?
---@param err any
---@return boolean
function summarizers_generator.is_retryable(err) end

---@class compact.summarizers.extractive
---@field DEFAULT_MAX_CHARS integer
---@field MIN_MAX_CHARS integer
local summarizers_extractive = {}
---@param config? compact.ExtractiveSummarizerConfig
---@return compact.Summarizer|nil
---@return compact.Error|nil err
function summarizers_extractive.new(config) end

-- == The agent ==

---@class compact.AgentTool: compact.ToolDefinition
---@field handler fun(args: table, cancel?: compact.CancelToken): string|compact.Block[]|nil, boolean|string|nil

---@class compact.AgentEvent
---@field type "compaction_start"|"compaction_end"|"compaction_skipped"|"repair"|"context_edit"|"message_start"|"message_end"|"tool_start"|"tool_end"|"delta"
---@field reason? "threshold"|"overflow"|"guard"|"manual" compaction events
---@field report? compact.RepairReport repair: what repairing the context changed
---@field plan? compact.Plan compaction_start: the plan about to be applied
---@field record? compact.Record compaction_end after success
---@field err? compact.Error compaction_end after a failure; compaction_skipped: what the hook raised
---@field cleared? integer context_edit: tool results cleared
---@field tokens_saved? integer context_edit: the estimate they no longer cost
---@field message? compact.AssistantMessage message_end: the reply (or the failed attempt)
---@field call? compact.ToolCallBlock tool_start, tool_end
---@field result? compact.ToolResultMessage tool_end: the result entering the context
---@field delta? compact.Delta delta: a streamed piece, as the generator passed it to on_delta

---@class compact.Delta
---@field type "text"|"thinking"|"tool_call"
---@field text string
---@field index? integer

---@class compact.EditConfig
---@field trigger_ratio? number > 0, default 0.65: edit when the estimate is above budget * this
---@field keep_turns? integer >= 0, default 3: turns whose tool results stay
---@field exclude_tools? string[] tools whose results are never cleared

---@class compact.Edit
---@field cleared integer
---@field tokens_saved integer

---@class compact.CompactionHookContext
---@field reason "threshold"|"overflow"|"guard"|"manual"
---@field plan compact.Plan
---@field request compact.Request a copy (messages, tools and usage deep copies): editing it changes nothing

---@class compact.AgentCompactOptions
---@field instructions? string focus for this summary (default: config.instructions)
---@field cancel? compact.CancelToken

---@class compact.AgentConfig
---@field generator compact.Generator
---@field model string non-blank
---@field system_prompt? string
---@field tools? compact.AgentTool[]
---@field compactor? compact.Compactor no compactor: no compaction
---@field context_window_tokens? number > 0; nil: no proactive compaction
---@field reserve_tokens? number >= 0, default 0
---@field estimator? compact.Estimator default compact.heuristic()
---@field on_event? fun(event: compact.AgentEvent)
---@field fit? boolean default true: compactions fit the budget (request.fit)
---@field archive? compact.ArchiveLike archive what compactions replace; offers the recall tool
---@field conversation_id? string the archive's conversation (default: a fresh one per agent)
---@field recall_tool? boolean default true with an archive: offer the model the `recall` tool
---@field edit? compact.EditConfig|false context editing; nil or false: off
---@field guard? boolean default false: check every request against the budget, inside the tool loop too
---@field max_tool_result_tokens? integer >= 1: bigger tool results are cut head and tail
---@field min_token_savings? number >= 0, default 0: skip a maintenance compaction saving less
---@field instructions? string focus for every automatic compaction
---@field on_before_compaction? fun(ctx: compact.CompactionHookContext): nil|false|{ summary: string }
---@field max_turns? integer >= 1, default 100: tool batches per run
---@field stream_events? boolean default false: message, tool and delta events (and on_delta)
---@field drop_reasoning? compact.DropReasoning default generator.drop_reasoning, else "never"

---@class compact.Skill
---@field name string
---@field content string

---@class compact.AgentRunOptions
---@field max_output_tokens? integer
---@field skills? compact.Skill[] added to the system prompt for this run only
---@field cancel? compact.CancelToken

---@class compact.State
---@field system_prompt? string
---@field summary? string
---@field messages compact.Message[]
---@field usage? compact.UsageAnchor the anchor of the last reply with usage; nil after a compaction

---@class compact.AgentResult
---@field final? compact.AssistantMessage nil in a partial result
---@field new_messages compact.Message[]
---@field compactions compact.Record[]
---@field edits compact.Edit[] context edits, in order

---@class compact.Agent
---@field state compact.State the context kept between runs; assign to restore
---@field generator compact.Generator
---@field model string
---@field compactor? compact.Compactor
---@field context_window_tokens? number
---@field reserve_tokens number
---@field estimator compact.Estimator
---@field on_event? fun(event: compact.AgentEvent)
---@field tool_definitions compact.ToolDefinition[] the tools without handlers
---@field fit boolean compactions fit the budget (request.fit; default true)
---@field archive? compact.ArchiveLike the agent's archive (its own or its compactor's)
---@field conversation_id? string the archive's conversation, set with archive
---@field edit? { trigger_ratio: number, keep_turns: integer, exclude: table<string, boolean> }
---@field guard boolean
---@field max_tool_result_tokens? integer
---@field min_token_savings number
---@field instructions? string
---@field on_before_compaction? fun(ctx: compact.CompactionHookContext): any
---@field max_turns integer
---@field stream_events boolean
---@field drop_reasoning compact.DropReasoning which reasoning the provider drops (compact.usage_anchor)
local Agent = {}
---Run one prompt to completion.
---@param prompt string|compact.Block[]|compact.UserMessage
---@param opts? compact.AgentRunOptions
---@return compact.AgentResult|nil
---@return compact.Error|nil err
---@return compact.AgentResult|nil partial what the run produced before failing
function Agent:run(prompt, opts) end
---Compact now, whatever the threshold (reason "manual").
---@param opts? compact.AgentCompactOptions
---@return compact.Record|nil record nil: nothing can be removed (or an error)
---@return compact.Error|nil err
function Agent:compact(opts) end

---@class compact.AgentRecommended
---@field agent { edit: compact.EditConfig, guard: boolean, min_token_savings: number, max_tool_result_tokens: integer }
---@field compactor { trigger_ratio: number, keep_recent_tokens: number }

---@class compact.agent
---@field Agent table the metatable of agents
---@field recommended compact.AgentRecommended settings a host merges into its configs
local agent = {}
---@param config compact.AgentConfig
---@return compact.Agent|nil
---@return compact.Error|nil err
function agent.new(config) end
---The text skills add to the system prompt of a run.
---@param skills? compact.Skill[]
---@return string
function agent.render_skills(skills) end

-- == Providers ==

---@class compact.ProviderConfig
---@field base_url? string http(s) URL
---@field api_key? string default from OPENAI_API_KEY / ANTHROPIC_API_KEY
---@field timeout? number seconds, default 600
---@field connect_timeout? number seconds, default 30
---@field headers? table<string, string|number> extra headers; credential headers are kept secret
---@field transport? fun(opts: compact.HttpOptions): compact.HttpResponse|nil, compact.Error|nil replaces compact.http.request
---@field yield? boolean|fun() true: yield the running coroutine between HTTP steps; a function: called between steps
---@field proxy? string
---@field ca_file? string
---@field max_body? integer bytes of a plain (non-streamed) response body, default 1 MiB
---@field max_response_bytes? integer text, thinking and tool-argument bytes of a stream, default 32 MiB
---@field options? compact.RequestOptions defaults of every request (a request's own options win)

---@class compact.OpenAIConfig: compact.ProviderConfig
---@field max_tokens_field? "max_tokens"|"max_completion_tokens" default by server
---@field system_role? "system"|"developer" default "system"

---@class compact.AnthropicConfig: compact.ProviderConfig
---@field version? string anthropic-version header, default "2023-06-01"
---@field max_tokens? integer when a request has no max_output_tokens, default 4096

---A generator made by compact.providers.openai / .anthropic.
---@class compact.ProviderGenerator: compact.Generator
---@field drop_reasoning "never"|"after_user" what the provider stops sending again (openai "after_user", anthropic "never")

---@class compact.providers.openai
---@overload fun(config?: compact.OpenAIConfig): compact.ProviderGenerator|nil, compact.Error|nil
local providers_openai = {}
---@param config? compact.OpenAIConfig
---@return compact.ProviderGenerator|nil
---@return compact.Error|nil err
function providers_openai.new(config) end
---The Chat Completions request body for a generate request.
---@param request compact.GenerateRequest
---@param options table
---@param request_options? compact.RequestOptions
---@return table|nil body
---@return compact.Error|nil err
function providers_openai.body(request, options, request_options) end
---Our messages as Chat Completions messages.
---@param system_prompt? string
---@param messages compact.Message[]
---@param system_role? "system"|"developer"
---@return table[]
function providers_openai.map_messages(system_prompt, messages, system_role) end
---Tool definitions as Chat Completions tools.
---@param tools compact.ToolDefinition[]
---@return table[]
function providers_openai.map_tools(tools) end

---@class compact.providers.anthropic
---@overload fun(config?: compact.AnthropicConfig): compact.ProviderGenerator|nil, compact.Error|nil
local providers_anthropic = {}
---@param config? compact.AnthropicConfig
---@return compact.ProviderGenerator|nil
---@return compact.Error|nil err
function providers_anthropic.new(config) end
---The Messages API request body for a generate request.
---@param request compact.GenerateRequest
---@param options table
---@param request_options? compact.RequestOptions
---@return table|nil body
---@return compact.Error|nil err
function providers_anthropic.body(request, options, request_options) end
---Our messages as Messages API messages.
---@param messages compact.Message[]
---@return table[]
function providers_anthropic.map_messages(messages) end
---Tool definitions as Messages API tools.
---@param tools compact.ToolDefinition[]
---@return table[]
function providers_anthropic.map_tools(tools) end
---A tool call id in the form the Messages API accepts.
---@param id string
---@return string
function providers_anthropic.tool_id(id) end

---@class compact.providers
---@field openai compact.providers.openai
---@field anthropic compact.providers.anthropic

-- == HTTP ==

---@class compact.HttpOptions
---@field url string
---@field method? string default POST with a body, else GET
---@field headers? table<string, string>|string[]
---@field body? string
---@field timeout? number seconds
---@field connect_timeout? number seconds
---@field on_data? fun(chunk: string, status: integer) stream the body instead of buffering it
---@field cancel? compact.CancelToken
---@field proxy? string
---@field ca_file? string
---@field max_body? integer bytes
---@field secrets? string[] scrubbed from error messages
---@field yield? boolean|fun() compact.http.request: yield or call between steps
---@field poll? number compact.http.request: seconds waited per step

---@class compact.HttpResponse
---@field status integer
---@field headers table<string, string> lower-case names
---@field body? string without on_data

---@class compact.HttpRequest
local HttpRequest = {}
---Do the I/O that is ready, waiting at most `wait` seconds.
---@param wait? number default 0, at most 1
---@return compact.HttpResponse|false|nil false while running
---@return compact.Error|nil err
function HttpRequest:step(wait) end
---Abort the transfer (safe to call twice).
function HttpRequest:close() end

---@class compact.http
local http = {}
---@param opts compact.HttpOptions
---@return compact.HttpRequest|nil
---@return compact.Error|nil err
function http.start(opts) end
---Run a request to completion.
---@param opts compact.HttpOptions
---@return compact.HttpResponse|nil
---@return compact.Error|nil err
function http.request(opts) end
---@return string|nil version the libcurl version; nil without compact.curl
function http.curl_version() end
---Seconds each step of http.request waits for I/O.
---@param opts compact.HttpOptions
---@return number
function http.poll_interval(opts) end
---An error object for a failure reported by compact.curl.
---@param message any
---@param code? string
---@param reason? string
---@param secrets? string[]
---@return compact.Error
function http.to_error(message, code, reason, secrets) end

-- == The archive ==

---@class compact.ArchiveHit
---@field id integer
---@field role string
---@field index integer the message's position in its conversation, as archived (1, 2, ...)
---@field snippet string one line, at most about 320 bytes, around the matches
---@field score number bm25: higher is better

---@class compact.ArchiveSearchOptions
---@field limit? integer 1 to 100, default 5

---Any table with these three methods is an archive (a host's own database).
---@class compact.ArchiveLike
local ArchiveLike = {}
---@param conversation_id string
---@param messages compact.Message[]
---@return integer[]|nil ids one per message, increasing
---@return compact.Error|nil err
function ArchiveLike:put(conversation_id, messages) end
---@param conversation_id string
---@param query string words; punctuation ignored; "" finds nothing
---@param opts? compact.ArchiveSearchOptions
---@return compact.ArchiveHit[]|nil hits best first
---@return compact.Error|nil err
function ArchiveLike:search(conversation_id, query, opts) end
---@param id integer
---@return compact.Message|nil message the original, as a new table
---@return compact.Error|string|nil err, or the message's conversation id
function ArchiveLike:get(id) end

---@class compact.ArchiveConversation
---@field id string
---@field count integer messages archived

---The archives compact.archive makes (SQLite, or in memory).
---@class compact.Archive: compact.ArchiveLike
local Archive = {}
---@return compact.ArchiveConversation[]|nil conversations oldest first
---@return compact.Error|nil err
function Archive:conversations() end
---Close (also on garbage collection and `<close>`); twice is a no-op.
---@return true
function Archive:close() end

---@class compact.archive
---@field Archive table the metatable of SQLite archives
---@field RANK_WINDOW integer matches read per word, and candidates ranked per search step (200)
local archive = {}
---Open or create an SQLite (FTS5) archive; ":memory:" works.
---`options.read_only`: open an existing archive read-only (never created or written).
---@param path string
---@param options? { read_only?: boolean }
---@return compact.Archive|nil
---@return compact.Error|nil err ErrInvalidConfig without compact.sqlite or FTS5
function archive.open(path, options) end
---A pure-Lua archive in memory, same semantics.
---@return compact.Archive
function archive.memory() end

-- == State, importers, prompts ==

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

---@alias compact.ImportFormat "state"|"jsonl"|"pi"|"openai"|"anthropic"|"responses"|"claude-code"|"codex"|"gemini-cli"

---Transcript importers (`require "compact.importers"`).
---@class compact.importers
---@field FORMATS compact.ImportFormat[]
---@field DEFAULT_MAX_BYTES integer what `load` reads at most by default (1 GiB)
local importers = {}
---@param text string
---@param opts? compact.ImportOptions
---@return compact.Conversation|nil
---@return compact.Error|nil err
function importers.parse(text, opts) end
---@param text string
---@return compact.ImportFormat|nil
---@return compact.Error|nil err
function importers.detect(text) end
---@param path string
---@param opts? compact.ImportOptions
---@return compact.Conversation|nil
---@return compact.Error|nil err
function importers.load(path, opts) end

---Transcript exporters (`require "compact.exporters"`).
---@class compact.exporters
---@field FORMATS string[]
---@field WRITES table<string, boolean> the same names as a set
local exporters = {}
---Write a conversation in one of the formats the importers read.
---@param format "state"|"jsonl"|"openai"|"responses"|"anthropic"|"pi"
---@param conversation compact.Conversation
---@param opts? { header?: table, tokens_before?: integer, now?: fun(): integer }
---@return string|nil text
---@return compact.Error|nil err
function exporters.export(format, conversation, opts) end

---@class compact.summarizers.prompts
---@field system string
---@field initial string
---@field update string
---@field turn_prefix string
---@field split_turn_heading string
---@field records_note string
---@field sections string[] the nine headings every summary has, in order
local prompts = {}
---The sections `text` lacks, in order (empty when complete).
---@param text string
---@return string[]
function prompts.missing_sections(text) end
---The corrective message asking for the missing sections.
---@param missing string[]
---@return string
function prompts.corrective(missing) end
---@param records string
---@param previous_summary? string
---@param instructions? string
---@return string
function prompts.build_history(records, previous_summary, instructions) end
---@param records string
---@param instructions? string
---@return string
function prompts.build_turn_prefix(records, instructions) end
---@param history string
---@param prefix string
---@return string
function prompts.join_split_turn(history, prefix) end

-- == The `compact` module ==

---@class compact
---@field VERSION string "0.2.0"
---@field core table the C core (JSON, validation, planning); normally used through compact
---@field agent compact.agent
---@field state compact.state
---@field providers compact.providers
---@field importers compact.importers
---@field exporters compact.exporters
---@field prompts compact.summarizers.prompts
---@field archive compact.archive
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

---Estimate a request: system prompt + projected summary + messages + tools;
---with `request.usage`, the provider's count plus the messages after it.
---@param request compact.Request
---@return integer|nil tokens
---@return compact.Error|nil err
function compact.estimate(request) end

---The one user message a non-empty summary projects, or nil.
---@param summary string|nil
---@return compact.UserMessage|nil
function compact.project_summary(summary) end

---The default estimator: dependency-free C that reads text the way BPE
---tokenizers split it (words, camelCase and base64 steps, digits, symbol runs,
---white space, UTF-8 characters by size) plus fixed costs per message (2),
---content block (2), tool call and tool result (28) and image (1200); fitted
---to Claude's counts. Deterministic, and monotonic in the text it is given.
---Long strings are sampled (bounded work). See docs/estimation.md.
---@return compact.Estimator
function compact.heuristic() end

---Make an error object for custom generators and summarizers.
---@param code string one of the documented codes (compact.errors.codes)
---@param message string
---@param fields? { cause?: any, status?: integer, retryable?: boolean }
---@return compact.Error|nil
---@return compact.Error|nil err ErrInvalidRequest naming the argument
function compact.error(code, message, fields) end

---@class compact.RepairReport
---@field orphan_results integer[] input indices of results dropped for having no earlier call
---@field missing_results integer[] for each synthetic result, the input index of the message holding its call
---@field duplicate_results integer[] input indices of second results for the same id

---Repair tool pairs: every call answered exactly once (the input is never modified).
---@param messages compact.Message[]
---@return compact.Message[]|nil repaired a new list
---@return compact.RepairReport|compact.Error report, or the error
function compact.repair(messages) end

---The anchor of the last assistant reply at index >= from with a positive
---usage total and a stop reason other than error/aborted; with
---drop_reasoning, `dropped` is the reasoning of its turn the provider drops.
---@param messages compact.Message[]
---@param from? integer default 1
---@param options? compact.UsageAnchorOptions
---@return compact.UsageAnchor|nil
---@return compact.Error|nil err
function compact.usage_anchor(messages, from, options) end

---Does `err` (or its cause chain) match `sentinel`?
---@param err any
---@param sentinel compact.Error|string
---@return boolean
function compact.is(err, sentinel) end

---@return compact.CancelToken
function compact.cancel_token() end

---What kind of call a tool_call block is, by the tool vocabulary (pi, Claude
---Code, Codex, opencode, Gemini CLI, codecompanion.nvim; names case-insensitive).
---@param call compact.ToolCallBlock
---@param overrides? table<string, compact.FileTool|false> entries over the built-in vocabulary
---@return compact.ToolCallKind|nil
---@return compact.Error|nil err ErrInvalidRequest (not a tool_call) or ErrInvalidConfig (bad overrides)
function compact.classify_tool_call(call, overrides) end

---Wrap `fn(req, cancel) -> text, usage | nil, err` as a summarizer.
---@param fn fun(req: compact.SummaryRequest, cancel?: compact.CancelToken): string|nil, compact.Usage|compact.Error|nil
---@return compact.Summarizer
function compact.summarizer(fn) end

---A summarizer that asks a model through a generator.
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

---Forget cached estimates: for one message list edited in place, or (no
---argument) every cached estimate.
---@param messages? compact.Message[]
function compact.forget(messages) end

---A conversation read by `compact.importers` (or written by `compact.exporters`).
---@class compact.Conversation
---@field system_prompt? string
---@field summary? string
---@field messages compact.Message[]
---@field tools? compact.ToolDefinition[]
---@field usage? { tokens: integer, through: integer } the provider's count, when the file has one
---@field format? compact.ImportFormat the format detected (or forced)
---@field cwd? string the working directory the session ran in, when the format records it
---@field warnings? string[] what the import skipped or repaired
---@field repair? { orphan_results: integer[], missing_results: integer[], duplicate_results: integer[] }
---@field skipped? integer entries and blocks with no message equivalent
---@field source? table what an exporter needs to append to the same pi session

---@class compact.ImportOptions
---@field name? string the name used in error messages
---@field strict? boolean a torn last JSONL line is an error rather than a warning
---@field max_bytes? integer `load` reads at most this many bytes (default 1 GiB)
---@field from? compact.ImportFormat read the text as this format instead of detecting it

-- == Exact tokenizers (docs/tokenizer.md) ==

---An exact BPE tokenizer over a tiktoken rank file: ids equal to
---tiktoken's `encode_ordinary`.
---@class compact.Tokenizer
---@field name string the name or path it was loaded by
local Tokenizer = {}
---@param text string
---@return integer[]|nil ids
---@return compact.Error|nil err
function Tokenizer:encode(text) end
---@param text string
---@return integer|nil n
---@return compact.Error|nil err
function Tokenizer:count(text) end
---@param ids integer[]
---@return string|nil text
---@return compact.Error|nil err
function Tokenizer:decode(ids) end
---@return integer tokens in the vocabulary (0 once closed)
function Tokenizer:size() end
---Free the shared vocabulary now (safe twice; reloaded on next use).
function Tokenizer:close() end
---An estimator with the OpenAI chat format's per-message and per-tool overheads.
---@param opts? { tokens_per_message?: integer, image_tokens?: integer, tool_call_tokens?: integer }
---@return compact.Estimator|nil
---@return compact.Error|nil err
function Tokenizer:estimator(opts) end

---The tokenizer module (`require "compact.tokenizer"`); `compact.tokenizer` is its `new`.
---@class compact.tokenizer
local tokenizer_module = {}
---Load (once per process) the tokenizer "o200k_base", "cl100k_base" or a `.tiktoken` file.
---@param name string
---@param opts? { pattern?: "o200k_base"|"cl100k_base" }
---@return compact.Tokenizer|nil
---@return compact.Error|nil err
function tokenizer_module.new(name, opts) end
---The folder holding the shipped rank files.
---@return string|nil
function tokenizer_module.data_dir() end

---Load (once per process) the tokenizer "o200k_base", "cl100k_base" or a `.tiktoken` file.
---@param name string
---@param opts? { pattern?: "o200k_base"|"cl100k_base" } the pre-tokenizer of a file by path
---@return compact.Tokenizer|nil
---@return compact.Error|nil err ErrInvalidConfig (unknown name, unreadable or malformed file, naming the line)
function compact.tokenizer(name, opts) end

return compact
