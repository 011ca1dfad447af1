--- What real servers answer when a request does not fit (and a few
-- answers that look alike but are not overflow), written in the shapes
-- the servers' own sources and documentation give (docs/providers.md names
-- the source of each). Used by spec/providers_servers_spec.lua against the
-- fake server.
--
-- Each case: `name`, `provider` ("openai" | "anthropic"), the answer
-- (`status` and `body`, or `stream` pieces), and what the generator must
-- report: `code`, `status` (nil: none), `text` (a plain substring of the
-- error's message: the provider's own words) and optionally `retryable`.
local M = {}

local function chunk(delta, finish)
  return 'data: {"id":"chatcmpl-9","object":"chat.completion.chunk","created":1730000000,"model":"m",' ..
    '"choices":[{"index":0,"delta":' .. delta .. ',"finish_reason":' .. (finish and ('"' .. finish .. '"') or "null") ..
    '}]}\n\n'
end
M.chunk = chunk

local ROLE = chunk('{"role":"assistant","content":""}')
local DONE = "data: [DONE]\n\n"

local function an_event(name, data) return "event: " .. name .. "\ndata: " .. data .. "\n\n" end
local AN_START = an_event("message_start", '{"type":"message_start","message":{"id":"msg_01","type":"message",' ..
  '"role":"assistant","content":[],"model":"claude-sonnet-4-5","stop_reason":null,"stop_sequence":null,' ..
  '"usage":{"input_tokens":10,"output_tokens":1}}}')

-- Context-window rejections, one per server body.
M.overflow = {
  { name = "OpenAI Chat Completions", provider = "openai", status = 400,
    body = '{"error":{"message":"This model\'s maximum context length is 128000 tokens. However, your messages ' ..
      'resulted in 131072 tokens. Please reduce the length of the messages.","type":"invalid_request_error",' ..
      '"param":"messages","code":"context_length_exceeded"}}',
    text = "maximum context length is 128000 tokens" },
  { name = "OpenAI (Responses wording)", provider = "openai", status = 400,
    body = '{"error":{"message":"Your input exceeds the context window of this model. Please adjust your input ' ..
      'and try again.","type":"invalid_request_error","param":"input","code":"context_length_exceeded"}}',
    text = "exceeds the context window" },
  { name = "OpenAI (configured limit)", provider = "openai", status = 400,
    body = '{"error":{"message":"Input tokens exceed the configured limit of 272000 tokens. Your messages ' ..
      'resulted in 509178 tokens. Please reduce the length of the messages.","type":"invalid_request_error",' ..
      '"param":"messages","code":"context_length_exceeded"}}',
    text = "configured limit of 272000" },
  { name = "Google Gemini (native error object)", provider = "openai", status = 400,
    body = '{"error":{"code":400,"message":"The input token count (1196265) exceeds the maximum number of ' ..
      'tokens allowed (1048575).","status":"INVALID_ARGUMENT"}}',
    text = "The input token count (1196265)" },
  { name = "Google Gemini (OpenAI-compatible endpoint, a one-element array)", provider = "openai", status = 400,
    body = '[{"error":{"code":400,"message":"The input token count (1196265) exceeds the maximum number of ' ..
      'tokens allowed (1048575).","status":"INVALID_ARGUMENT"}}]',
    text = "exceeds the maximum number of tokens allowed (1048575)" },
  { name = "xAI (error as a string)", provider = "openai", status = 400,
    body = '{"code":"Client specified an invalid argument","error":"This model\'s maximum prompt length is ' ..
      '131072 but the request contains 537812 tokens."}',
    text = "maximum prompt length is 131072" },
  { name = "Groq", provider = "openai", status = 400,
    body = '{"error":{"message":"Please reduce the length of the messages or completion.",' ..
      '"type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}',
    text = "Please reduce the length of the messages" },
  { name = "OpenRouter", provider = "openai", status = 400,
    body = '{"error":{"message":"This endpoint\'s maximum context length is 200000 tokens. However, you ' ..
      'requested about 250813 tokens (250813 of text input). Please reduce the length of either one, or use ' ..
      'the \\"middle-out\\" transform to compress your prompt automatically.","code":400,' ..
      '"metadata":{"provider_name":null}}}',
    text = "maximum context length is 200000 tokens" },
  { name = "OpenRouter (provider error in metadata.raw, Poolside)", provider = "openai", status = 400,
    body = '{"error":{"message":"Provider returned error","code":400,"metadata":{"raw":"Input length 131393 ' ..
      'exceeds the maximum allowed input length of 131040 tokens.","provider_name":"Poolside"}}}',
    text = "maximum allowed input length of 131040" },
  { name = "GitHub Copilot", provider = "openai", status = 400,
    body = '{"error":{"message":"prompt token count of 130567 exceeds the limit of 128000",' ..
      '"code":"model_max_prompt_tokens_exceeded"}}',
    text = "prompt token count of 130567" },
  { name = "llama.cpp (HTTP 400)", provider = "openai", status = 400,
    body = '{"error":{"code":400,"message":"request (4476 tokens) exceeds the available context size (4096 ' ..
      'tokens), try increasing it","type":"exceed_context_size_error","n_prompt_tokens":4476,"n_ctx":4096}}',
    text = "exceeds the available context size (4096 tokens)" },
  { name = "llama.cpp (old builds, HTTP 500)", provider = "openai", status = 500,
    body = '{"error":{"code":500,"message":"Context size has been exceeded.","type":"server_error"}}',
    text = "Context size has been exceeded." },
  { name = "llama.cpp (SSE error line after HTTP 200, then [DONE])", provider = "openai", stated = 400,
    stream = { 'error: {"code":400,"message":"request (5000 tokens) exceeds the available context size (4096 ' ..
      'tokens), try increasing it","type":"exceed_context_size_error","n_prompt_tokens":5000,"n_ctx":4096}\n\n', DONE },
    text = "exceeds the available context size (4096 tokens)" },
  { name = "llama.cpp (event: error after HTTP 200)", provider = "openai", stated = 400,
    stream = { 'event: error\ndata: {"code":400,"message":"request (5000 tokens) exceeds the available context ' ..
      'size (4096 tokens), try increasing it","type":"exceed_context_size_error"}\n\n', DONE },
    text = "exceeds the available context size" },
  { name = "LM Studio (error as a string)", provider = "openai", status = 400,
    body = '{"error":"The number of tokens to keep from the initial prompt is greater than the context length. ' ..
      'Try to load the model with a larger context length, or provide a shorter input"}',
    text = "greater than the context length" },
  { name = "MiniMax (base_resp after HTTP 200)", provider = "openai", status = 200, stated = 400,
    body = '{"id":"05b81ba1","choices":null,"created":1730000000,"model":"MiniMax-M1","object":"chat.completion",' ..
      '"base_resp":{"status_code":2013,"status_msg":"invalid params, context window exceeds limit"}}',
    text = "context window exceeds limit" },
  { name = "Kimi / Moonshot", provider = "openai", status = 400,
    body = '{"error":{"message":"Your request exceeded model token limit: 262144 (requested: 300000)",' ..
      '"type":"invalid_request_error"}}',
    text = "exceeded model token limit: 262144" },
  { name = "Mistral (top-level message)", provider = "openai", status = 400,
    body = '{"object":"error","message":"Prompt contains 40000 tokens and 0 draft tokens, too large for model ' ..
      'with 32768 maximum context length","type":"invalid_request_error","param":null,"code":null}',
    text = "too large for model with 32768 maximum context length" },
  { name = "z.ai (finish reason model_context_window_exceeded)", provider = "openai",
    stream = { ROLE, chunk("{}", "model_context_window_exceeded"), DONE },
    text = "model_context_window_exceeded" },
  { name = "Ollama (OpenAI-compatible endpoint)", provider = "openai", status = 400,
    body = '{"error":{"message":"prompt too long; exceeded max context length by 17 tokens","type":"api_error",' ..
      '"param":null,"code":null}}',
    text = "exceeded max context length by 17 tokens" },
  { name = "Ollama (native error string)", provider = "openai", status = 400,
    body = '{"error":"prompt too long; exceeded max context length by 3 tokens"}',
    text = "exceeded max context length by 3 tokens" },
  { name = "vLLM (v0.8+)", provider = "openai", status = 400,
    body = '{"error":{"message":"This model\'s maximum context length is 4096 tokens. However, you requested ' ..
      '5000 output tokens and your prompt contains at least 3000 input tokens, for a total of at least 8000 ' ..
      'tokens. Please reduce the length of the input prompt or the number of requested output tokens. ' ..
      '(parameter=input_tokens, value=3000)","type":"BadRequestError","param":"input_tokens","code":400}}',
    text = "your prompt contains at least 3000 input tokens" },
  { name = "vLLM (older: top-level message)", provider = "openai", status = 400,
    body = '{"object":"error","message":"This model\'s maximum context length is 4096 tokens. However, you ' ..
      'requested 5000 tokens (4000 in the messages, 1000 in the completion). Please reduce the length of the ' ..
      'messages or completion.","type":"BadRequestError","param":null,"code":400}',
    text = "(4000 in the messages, 1000 in the completion)" },
  { name = "vLLM (decoder prompt longer than max_model_len)", provider = "openai", status = 400,
    body = '{"error":{"message":"The decoder prompt (length 12324) is longer than the maximum model length of ' ..
      '8192. Make sure that `max_model_len` is no smaller than the number of text tokens.",' ..
      '"type":"BadRequestError","param":null,"code":400}}',
    text = "longer than the maximum model length of 8192" },
  { name = "SGLang (top-level message)", provider = "openai", status = 400,
    body = '{"object":"error","message":"The input (5000 tokens) is longer than the model\'s context length ' ..
      '(4096 tokens).","type":"BadRequestError","param":null,"code":400}',
    text = "longer than the model's context length (4096 tokens)" },
  { name = "SGLang / FastAPI servers (detail)", provider = "openai", status = 400,
    body = '{"detail":"Requested token count exceeds the model\'s maximum context length of 131072 tokens. You ' ..
      'requested a total of 140000 tokens: 130000 tokens from the input messages and 10000 tokens for the ' ..
      'completion. Please reduce the number of tokens in the input messages or the completion to fit within ' ..
      'the limit."}',
    text = "maximum context length of 131072 tokens" },
  { name = "Hugging Face TGI (422, error as a string)", provider = "openai", status = 422,
    body = '{"error":"Input validation error: `inputs` tokens + `max_new_tokens` must be <= 4096. Given: 4000 ' ..
      '`inputs` tokens and 200 `max_new_tokens`","error_type":"validation"}',
    text = "`inputs` tokens + `max_new_tokens` must be <= 4096" },
  { name = "Together / HF router (422, error object)", provider = "openai", status = 422,
    body = '{"error":{"message":"Input validation error: `inputs` tokens + `max_new_tokens` must be <= 2048. ' ..
      'Given: 1218 `inputs` tokens and 1500 `max_new_tokens`"}}',
    text = "must be <= 2048" },
  { name = "Together AI", provider = "openai", status = 400,
    body = '{"error":{"message":"The input (250000 tokens) is longer than the model\'s context length (200000 ' ..
      'tokens).","type":"invalid_request_error","param":null,"code":null}}',
    text = "The input (250000 tokens)" },
  { name = "Alibaba DashScope (OpenAI-compatible)", provider = "openai", status = 400,
    body = '{"error":{"message":"<400> InternalError.Algo.InvalidParameter: Range of input length should be ' ..
      '[1, 129024]","type":"invalid_request_error","param":null,"code":"invalid_parameter_error"},' ..
      '"id":"chatcmpl-5b1","request_id":"5b1e"}',
    text = "Range of input length should be [1, 129024]" },
  { name = "Alibaba DashScope (native: top-level message)", provider = "openai", status = 400,
    body = '{"code":"InvalidParameter","message":"Range of input length should be [1, 6000]",' ..
      '"request_id":"b7a2"}',
    text = "Range of input length should be [1, 6000]" },
  { name = "Cerebras (413 without a body)", provider = "openai", status = 413, body = "",
    text = "HTTP 413" },
  { name = "a proxy's 413 page", provider = "openai", status = 413,
    body = "<html><head><title>413 Request Entity Too Large</title></head><body><center><h1>413 Request " ..
      "Entity Too Large</h1></center><hr><center>nginx</center></body></html>",
    text = "413 Request Entity Too Large" },
  { name = "Amazon Bedrock (top-level message)", provider = "openai", status = 400,
    body = '{"message":"Input is too long for requested model."}',
    text = "Input is too long for requested model." },
  { name = "DS4", provider = "openai", status = 400,
    body = '{"error":{"message":"Prompt has 256468 tokens, but the configured context size is 256000 tokens",' ..
      '"type":"invalid_request_error"}}',
    text = "configured context size is 256000 tokens" },
  { name = "Cohere (compatibility API, top-level message)", provider = "openai", status = 400,
    body = '{"id":"a1b2","message":"too many tokens: total number of tokens in the prompt cannot exceed 128000 ' ..
      '- received 140000. Try using a shorter prompt, or enabling prompt truncating."}',
    text = "cannot exceed 128000 - received 140000" },
  { name = "LiteLLM proxy", provider = "openai", status = 400,
    body = '{"error":{"message":"litellm.ContextWindowExceededError: litellm.BadRequestError: ' ..
      'ContextWindowExceededError: OpenAIException - This model\'s maximum context length is 131072 tokens. ' ..
      'However, you requested 140000 tokens.","type":null,"param":null,"code":"400"}}',
    text = "ContextWindowExceededError" },
  { name = "DeepSeek", provider = "openai", status = 400,
    body = '{"error":{"message":"This model\'s maximum context length is 65536 tokens. However, you requested ' ..
      '70000 tokens (70000 in the messages, 0 in the completion). Please reduce the length of the messages or ' ..
      'completion.","type":"invalid_request_error","param":null,"code":"invalid_request_error"}}',
    text = "maximum context length is 65536 tokens" },
  { name = "Fireworks", provider = "openai", status = 400,
    body = '{"error":{"object":"error","type":"invalid_request_error","code":"invalid_request_error",' ..
      '"message":"The prompt is too long: 221782, model maximum context length: 202752"}}',
    text = "The prompt is too long: 221782" },
  { name = "an error object mid-stream (OpenRouter, LiteLLM)", provider = "openai", stated = 400,
    stream = { ROLE, chunk('{"content":"par"}'), 'data: {"error":{"message":"This model\'s maximum context ' ..
      'length is 8192 tokens. However, your messages resulted in 9001 tokens.","code":400}}\n\n' },
    text = "maximum context length is 8192 tokens" },
  { name = "Anthropic", provider = "anthropic", status = 400,
    body = '{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 208310 ' ..
      'tokens > 200000 maximum"},"request_id":"req_011CSHoEeqs5C35K2UUqR7G0"}',
    text = "prompt is too long: 208310 tokens > 200000 maximum" },
  { name = "Anthropic (413 request_too_large)", provider = "anthropic", status = 413,
    body = '{"type":"error","error":{"type":"request_too_large","message":"Request exceeds the maximum ' ..
      'allowed number of bytes."}}',
    text = "Request exceeds the maximum allowed number of bytes." },
  { name = "Anthropic (error event mid-stream)", provider = "anthropic", stated = 400,
    stream = { AN_START, an_event("error", '{"type":"error","error":{"type":"invalid_request_error",' ..
      '"message":"prompt is too long: 201000 tokens > 200000 maximum"}}') },
    text = "prompt is too long: 201000 tokens" },
  { name = "Anthropic (stop_reason model_context_window_exceeded, no output)", provider = "anthropic",
    stream = { AN_START, an_event("message_delta", '{"type":"message_delta","delta":{"stop_reason":' ..
      '"model_context_window_exceeded","stop_sequence":null},"usage":{"output_tokens":0}}'),
      an_event("message_stop", '{"type":"message_stop"}') },
    text = "model_context_window_exceeded" },
  { name = "MiniMax (Anthropic-compatible endpoint)", provider = "anthropic", status = 400,
    body = '{"type":"error","error":{"type":"bad_request_error","message":"invalid params, context window ' ..
      'exceeds limit (2013)","http_code":"400"},"request_id":"0523a1"}',
    text = "context window exceeds limit (2013)" },
  { name = "Amazon Bedrock (Anthropic-compatible gateway, top-level message)", provider = "anthropic",
    status = 400, body = '{"message":"Input is too long for requested model."}',
    text = "Input is too long for requested model." },
}
for _, case in ipairs(M.overflow) do
  case.code = "context_window_exceeded"
  case.retryable = false
  -- the HTTP status, or the one an in-stream error states
  local by_http = case.status ~= nil and case.status ~= 200
  case.want_status = by_http and case.status or case.stated
end

-- Answers that mention tokens or limits but are not overflow.
M.not_overflow = {
  { name = "OpenAI tokens-per-minute rate limit (429)", provider = "openai", status = 429,
    body = '{"error":{"message":"Rate limit reached for gpt-4o in organization org-x on tokens per min (TPM): ' ..
      'Limit 30000, Used 29000, Requested 3000. Please try again in 2s.","type":"tokens","param":null,' ..
      '"code":"rate_limit_exceeded"}}',
    code = "http", want_status = 429, retryable = true, text = "tokens per min" },
  { name = "Bedrock throttling mid-stream (too many tokens, please wait)", provider = "openai",
    stream = { ROLE, 'data: {"error":{"message":"ThrottlingException: Too many tokens, please wait before ' ..
      'trying again."}}\n\n' },
    code = "stream", retryable = true, text = "Too many tokens, please wait" },
  { name = "OpenRouter mid-stream error (error object and finish_reason error)", provider = "openai",
    stream = { ROLE, chunk('{"content":"Hel"}'), 'data: {"id":"gen-1","object":"chat.completion.chunk",' ..
      '"created":1730000000,"model":"m","provider":"P","error":{"code":"server_error","message":"Provider ' ..
      'disconnected unexpectedly"},"choices":[{"index":0,"delta":{"content":""},"finish_reason":"error"}]}\n\n' },
    code = "http", want_status = 500, retryable = true, text = "Provider disconnected unexpectedly" },
  { name = "MiniMax token-per-minute limit (base_resp 1039 after HTTP 200)", provider = "openai", status = 200,
    body = '{"id":"05b81ba2","choices":null,"base_resp":{"status_code":1039,"status_msg":"token limit"}}',
    code = "http", want_status = 429, retryable = true, text = "token limit" },
  { name = "an unrelated 400", provider = "openai", status = 400,
    body = '{"error":{"message":"Invalid value for \'tool_choice\': \'auto\' requires tools.",' ..
      '"type":"invalid_request_error","param":"tool_choice","code":null}}',
    code = "http", want_status = 400, retryable = false, text = "Invalid value for 'tool_choice'" },
  { name = "llama.cpp server error as an SSE error line", provider = "openai",
    stream = { ROLE, chunk('{"content":"Hel"}'), 'error: {"code":500,"message":"Failed to parse tool call ' ..
      'arguments as JSON","type":"server_error"}\n\n', DONE },
    code = "stream", want_status = 500, retryable = true, text = "Failed to parse tool call arguments" },
  { name = "Anthropic overloaded error event", provider = "anthropic",
    stream = { AN_START, an_event("error", '{"type":"error","error":{"type":"overloaded_error",' ..
      '"message":"Overloaded"}}') },
    code = "stream", want_status = 529, retryable = true, text = "Overloaded" },
  { name = "MiniMax error event (Anthropic-compatible, http_code beside the type)", provider = "anthropic",
    stream = { AN_START, an_event("error", '{"type":"error","error":{"type":"bad_request_error","message":' ..
      '"invalid params, tool name must be unique (2013)","http_code":"400"}}') },
    code = "stream", want_status = 400, retryable = false, text = "tool name must be unique" },
  { name = "a 500 whose JSON has no message field", provider = "openai", status = 500,
    body = '{"status":"error","request_id":"r1"}', code = "http", want_status = 500, retryable = true,
    text = "HTTP 500" },
}

-- Streams that end wrong.
M.stream_endings = {
  { name = "a body of only data: [DONE]", provider = "openai", stream = { DONE }, code = "stream",
    retryable = true, text = "without any content" },
  { name = "no content and no finish reason, then the end", provider = "openai", stream = { ROLE },
    code = "stream", retryable = true, text = "ended before the response finished" },
  { name = "finish_reason error without an error object", provider = "openai",
    stream = { ROLE, chunk('{"content":"Hel"}'), chunk("{}", "error"), DONE },
    code = "stream", retryable = true, text = "finish reason error" },
  { name = "a finish reason but no content", provider = "openai", stream = { ROLE, chunk("{}", "stop"), DONE },
    code = "stream", retryable = true, text = "without any content" },
  { name = "content, then data: [DONE] with no finish reason", provider = "openai",
    stream = { ROLE, chunk('{"content":"Hel"}'), DONE }, code = "stream", retryable = true,
    text = "without a finish reason" },
  { name = "Anthropic: content, then message_stop with no stop_reason", provider = "anthropic",
    stream = { AN_START, an_event("content_block_start", '{"type":"content_block_start","index":0,' ..
      '"content_block":{"type":"text","text":""}}'), an_event("content_block_delta", '{"type":"content_block_delta",' ..
      '"index":0,"delta":{"type":"text_delta","text":"Hel"}}'), an_event("content_block_stop",
      '{"type":"content_block_stop","index":0}'), an_event("message_stop", '{"type":"message_stop"}') },
    code = "stream", retryable = true, text = "without a stop_reason" },
  { name = "Anthropic: message_stop without content", provider = "anthropic",
    stream = { AN_START, an_event("message_delta", '{"type":"message_delta","delta":{"stop_reason":"end_turn",' ..
      '"stop_sequence":null},"usage":{"output_tokens":0}}'), an_event("message_stop", '{"type":"message_stop"}') },
    code = "stream", retryable = true, text = "without any content" },
}

return M
