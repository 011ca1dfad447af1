--- A fake OpenAI / Anthropic HTTP server for the specs.
--
-- As a module: `local fake = require "spec.support.fake_server"`;
-- `local server = fake.start()` runs this file as a
-- subprocess (`$COMPACT_LUA spec/support/fake_server.lua serve`, Lua plus
-- Debian's lua-socket) on 127.0.0.1 with a free port; `server.url` is
-- "http://127.0.0.1:<port>"; `server:base(name)` is the base URL that makes
-- the server replay scenario `name`; `server:last(name)` returns the last
-- request it received for that scenario ({ method, path, headers, body });
-- `server:stop()` ends the process (by its pid);
-- `server:script(name, scenario)` adds (or replaces) scenario `name` in the
-- running server: `{ status =, headers =, body = }` for a plain answer, or
-- `{ status =, headers =, stream = "..." | { piece, ... }, drop =, hang = }`
-- for a chunked one (each piece its own write; `fake.sse_headers` and
-- `fake.json_headers` are the usual headers). Returns `server:base(name)`.
--
-- As a script it serves scenarios: the first path segment picks one
-- (/oa_text/chat/completions, /an_tools/v1/messages, ...). Each scenario is
-- a status, headers and a list of body pieces written as separate HTTP
-- chunks with short pauses, so the client sees the awkward boundaries the
-- scenario chose (inside a UTF-8 character, inside "data:"), plus pauses,
-- drops and hangs. Everything runs in one select loop so a hanging stream
-- never blocks the next test. The server exits after 60 s without requests.
local M = {}

local CUT = "\1" -- marks where a stream is cut into separate writes

---------------------------------------------------------------------------
-- Scenarios (wire formats of OpenAI Chat Completions and Anthropic Messages)
---------------------------------------------------------------------------

local function json_string(s)
  return '"' .. s:gsub('[%c"\\]', function(c)
    if c == '"' then return '\\"' end
    if c == "\\" then return "\\\\" end
    if c == "\n" then return "\\n" end
    return string.format("\\u%04x", c:byte())
  end) .. '"'
end

local OA_HEAD = '{"id":"chatcmpl-AbC123","object":"chat.completion.chunk","created":1730000000,' ..
  '"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_0ba0d124f1","choices":['

local function oa_chunk(delta, finish)
  return "data: " .. OA_HEAD .. '{"index":0,"delta":' .. delta .. ',"logprobs":null,"finish_reason":' ..
    (finish and json_string(finish) or "null") .. '}],"usage":null}\n\n'
end

local function oa_usage(prompt, cached, completion)
  return "data: " .. OA_HEAD .. '],"usage":{"prompt_tokens":' .. prompt .. ',"completion_tokens":' ..
    completion .. ',"total_tokens":' .. (prompt + completion) ..
    ',"prompt_tokens_details":{"cached_tokens":' .. cached .. ',"audio_tokens":0},' ..
    '"completion_tokens_details":{"reasoning_tokens":0,"audio_tokens":0,' ..
    '"accepted_prediction_tokens":0,"rejected_prediction_tokens":0}}}\n\n'
end

local function an_event(name, data)
  return "event: " .. name .. "\ndata: " .. data .. "\n\n"
end

local AN_START = an_event("message_start", '{"type":"message_start","message":{"id":"msg_01XFDUDYJgAACzvnptvVoYEL",' ..
  '"type":"message","role":"assistant","content":[],"model":"claude-sonnet-4-5-20250929","stop_reason":null,' ..
  '"stop_sequence":null,"usage":{"input_tokens":472,"cache_creation_input_tokens":100,' ..
  '"cache_read_input_tokens":2048,"output_tokens":1}}}')

local function an_delta(index, delta)
  return an_event("content_block_delta", '{"type":"content_block_delta","index":' .. index ..
    ',"delta":' .. delta .. '}')
end

local function an_start_block(index, block)
  return an_event("content_block_start", '{"type":"content_block_start","index":' .. index ..
    ',"content_block":' .. block .. '}')
end

local function an_stop_block(index)
  return an_event("content_block_stop", '{"type":"content_block_stop","index":' .. index .. '}')
end

local function an_finish(stop_reason, output)
  return an_event("message_delta", '{"type":"message_delta","delta":{"stop_reason":"' .. stop_reason ..
    '","stop_sequence":null},"usage":{"output_tokens":' .. output .. '}}') ..
    an_event("message_stop", '{"type":"message_stop"}')
end

-- Split `text` (a JSON string's content) into pieces of `size` bytes.
local function pieces(text, size)
  local out = {}
  for i = 1, #text, size do out[#out + 1] = text:sub(i, i + size - 1) end
  return out
end

local function sse(stream, extra)
  local headers = {
    ["Content-Type"] = "text/event-stream; charset=utf-8",
    ["Cache-Control"] = "no-cache",
    ["Transfer-Encoding"] = "chunked",
  }
  for k, v in pairs(extra or {}) do headers[k] = v end
  return { status = 200, headers = headers, stream = stream }
end

local function json_response(status, body, extra)
  local headers = { ["Content-Type"] = "application/json" }
  for k, v in pairs(extra or {}) do headers[k] = v end
  return { status = status, headers = headers, body = body }
end

local scenarios = {}

-- OpenAI: text over awkward boundaries, cached prompt tokens, [DONE].
scenarios.oa_text = sse(
  oa_chunk('{"role":"assistant","content":"","refusal":null}') ..
  ": keep-alive\n\n" ..
  oa_chunk('{"content":"H\195' .. CUT .. '\169llo"}') .. "da" .. CUT .. "ta: " ..
  string.sub(oa_chunk('{"content":" w\226\130' .. CUT .. '\172rld"}'), 7) ..
  oa_chunk("{}", "stop") .. CUT ..
  oa_usage(1200, 1024, 42) .. "data: [DO" .. CUT .. "NE]\n\n")

-- OpenAI: two parallel tool calls, arguments split across many deltas.
do
  local parts = { oa_chunk('{"role":"assistant","content":null}') }
  local args1 = '{"path":"src/m\195\169in.lua","limit":20}'
  local args2 = '{"command":"ls -la \\"dir\\""}'
  parts[#parts + 1] = oa_chunk('{"tool_calls":[{"index":0,"id":"call_Read1","type":"function",' ..
    '"function":{"name":"read","arguments":""}}]}')
  for _, piece in ipairs(pieces(args1, 3)) do
    parts[#parts + 1] = oa_chunk('{"tool_calls":[{"index":0,"function":{"arguments":' ..
      json_string(piece) .. '}}]}') .. CUT
  end
  parts[#parts + 1] = oa_chunk('{"tool_calls":[{"index":1,"id":"call_Bash2","type":"function",' ..
    '"function":{"name":"bash","arguments":""}}]}')
  for _, piece in ipairs(pieces(args2, 4)) do
    parts[#parts + 1] = oa_chunk('{"tool_calls":[{"index":1,"function":{"arguments":' ..
      json_string(piece) .. '}}]}')
  end
  parts[#parts + 1] = oa_chunk("{}", "tool_calls") .. oa_usage(300, 0, 25) .. "data: [DONE]\n\n"
  scenarios.oa_tools = sse(table.concat(parts))
end

scenarios.oa_length = sse(oa_chunk('{"role":"assistant","content":"cut sho"}') ..
  oa_chunk('{"content":"rt"}', "length") .. oa_usage(10, 0, 2) .. "data: [DONE]\n\n")

scenarios.oa_filter = sse(oa_chunk('{"role":"assistant","content":"I"}') ..
  oa_chunk("{}", "content_filter") .. "data: [DONE]\n\n")

scenarios.oa_context = json_response(400, [[{
  "error": {
    "message": "This model's maximum context length is 128000 tokens. ]] ..
    [[However, your messages resulted in 131072 tokens. Please reduce the length of the messages.",
    "type": "invalid_request_error",
    "param": "messages",
    "code": "context_length_exceeded"
  }
}]])

scenarios.oa_429 = json_response(429, '{"error":{"message":"Rate limit reached for gpt-4o-mini in organization ' ..
  'org-x on tokens per min (TPM): Limit 200000, Used 199000, Requested 3000. Please try again in 7s.",' ..
  '"type":"tokens","param":null,"code":"rate_limit_exceeded"}}', { ["retry-after"] = "7" })

scenarios.oa_500 = json_response(500, '{"error":{"message":"The server had an error while processing your ' ..
  'request. Sorry about that!","type":"server_error","param":null,"code":null}}')

scenarios.oa_401 = json_response(401, '{"error":{"message":"Incorrect API key provided: sk-test-*****cret. ' ..
  'You can find your API key at https://platform.openai.com/account/api-keys.","type":"invalid_request_error",' ..
  '"param":null,"code":"invalid_api_key"}}')

scenarios.oa_invalid_json = sse(oa_chunk('{"role":"assistant","content":"ok"}') ..
  'data: {"id":"chatcmpl-AbC123","choices":[{"index":0,"delta":{"content":"x"\n\n')

scenarios.oa_bad_error_body = { status = 502, headers = { ["Content-Type"] = "text/html" },
  body = "<html><body>502 Bad Gateway</body></html>" }

-- Ends cleanly at the HTTP level, but without finish_reason or [DONE].
scenarios.oa_truncated = sse(oa_chunk('{"role":"assistant","content":"half an ans"}'))

-- The connection drops in the middle of the chunked body.
scenarios.oa_drop = sse(oa_chunk('{"role":"assistant","content":"abc"}'), nil)
scenarios.oa_drop.drop = true

-- A slow stream: one delta, then silence for 10 s.
scenarios.oa_slow = sse(oa_chunk('{"role":"assistant","content":"slow"}'))
scenarios.oa_slow.hang = 10

-- A server that ignores "stream": a complete JSON response.
scenarios.oa_json = json_response(200, [[{
  "id": "chatcmpl-123", "object": "chat.completion", "created": 1730000000, "model": "llama3",
  "choices": [{"index": 0, "message": {"role": "assistant", "content": "plain answer",
    "tool_calls": [{"id": "call_9", "type": "function",
      "function": {"name": "read", "arguments": "{\"path\":\"x\"}"}}]},
    "logprobs": null, "finish_reason": "tool_calls"}],
  "usage": {"prompt_tokens": 50, "completion_tokens": 5, "total_tokens": 55}
}]])

-- A reasoning model on an OpenAI-compatible server (reasoning_content).
scenarios.oa_reasoning = sse(oa_chunk('{"role":"assistant","content":null,"reasoning_content":"Let me "}') ..
  oa_chunk('{"reasoning_content":"think."}') .. oa_chunk('{"content":"Answer."}') ..
  oa_chunk("{}", "stop") .. "data: [DONE]\n\n")

-- Anthropic: thinking with signature, text over awkward boundaries, ping.
scenarios.an_text = sse(AN_START ..
  an_start_block(0, '{"type":"thinking","thinking":""}') ..
  an_delta(0, '{"type":"thinking_delta","thinking":"The user wants "}') .. CUT ..
  an_delta(0, '{"type":"thinking_delta","thinking":"a summary."}') ..
  an_delta(0, '{"type":"signature_delta","signature":"EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds"}') ..
  an_stop_block(0) .. an_event("ping", '{"type": "ping"}') ..
  an_start_block(1, '{"type":"text","text":""}') ..
  "event: content_block_delta\nda" .. CUT .. 'ta: {"type":"content_block_delta","index":1,' ..
  '"delta":{"type":"text_delta","text":"Caf\195' .. CUT .. '\169 \240\159' .. CUT .. '\152\128"}}\n\n' ..
  an_delta(1, '{"type":"text_delta","text":" done"}') .. an_stop_block(1) ..
  an_finish("end_turn", 15))

-- Anthropic: text then a tool_use whose input arrives in many deltas.
do
  local parts = { AN_START, an_start_block(0, '{"type":"text","text":""}'),
    an_delta(0, '{"type":"text_delta","text":"Reading."}'), an_stop_block(0),
    an_start_block(1, '{"type":"tool_use","id":"toolu_01T1x1fJ34qAmk2tNTrN7Up6","name":"read","input":{}}'),
    an_delta(1, '{"type":"input_json_delta","partial_json":""}') }
  for _, piece in ipairs(pieces('{"path": "a.lua", "ranges": [[1, 20], [40, 60]]}', 5)) do
    parts[#parts + 1] = an_delta(1, '{"type":"input_json_delta","partial_json":' .. json_string(piece) .. '}')
    parts[#parts + 1] = CUT
  end
  parts[#parts + 1] = an_stop_block(1)
  parts[#parts + 1] = an_finish("tool_use", 89)
  scenarios.an_tools = sse(table.concat(parts))
end

scenarios.an_max_tokens = sse(AN_START .. an_start_block(0, '{"type":"text","text":""}') ..
  an_delta(0, '{"type":"text_delta","text":"partial"}') .. an_stop_block(0) .. an_finish("max_tokens", 4))

scenarios.an_refusal = sse(AN_START .. an_start_block(0, '{"type":"text","text":""}') ..
  an_delta(0, '{"type":"text_delta","text":"I can"}') .. an_stop_block(0) .. an_finish("refusal", 3))

scenarios.an_overloaded_event = sse(AN_START .. an_start_block(0, '{"type":"text","text":""}') ..
  an_delta(0, '{"type":"text_delta","text":"Hel"}') ..
  an_event("error", '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}'))

scenarios.an_529 = json_response(529, '{"type":"error","error":{"type":"overloaded_error",' ..
  '"message":"Overloaded"},"request_id":"req_011CSHoEeqs5C35K2UUqR7Fy"}')

scenarios.an_429 = json_response(429, '{"type":"error","error":{"type":"rate_limit_error","message":' ..
  '"This request would exceed the rate limit for your organization of 450,000 input tokens per minute."},' ..
  '"request_id":"req_011CSHoEeqs5C35K2UUqR7Fz"}', { ["retry-after"] = "12" })

scenarios.an_context = json_response(400, '{"type":"error","error":{"type":"invalid_request_error",' ..
  '"message":"prompt is too long: 208310 tokens > 200000 maximum"},"request_id":"req_011CSHoEeqs5C35K2UUqR7G0"}')

scenarios.an_invalid_json = sse(AN_START .. an_event("content_block_start", '{"type":"content_block_st'))

scenarios.an_truncated = sse(AN_START .. an_start_block(0, '{"type":"text","text":""}') ..
  an_delta(0, '{"type":"text_delta","text":"never finished"}'))

scenarios.an_drop = sse(AN_START .. an_start_block(0, '{"type":"text","text":""}'))
scenarios.an_drop.drop = true

scenarios.an_slow = sse(AN_START)
scenarios.an_slow.hang = 10

-- Summaries for the end-to-end generator summarizer specs.
scenarios.oa_summary = sse(oa_chunk('{"role":"assistant","content":"## Goal\\nShip the "}') ..
  oa_chunk('{"content":"feature."}') .. oa_chunk("{}", "stop") .. oa_usage(900, 0, 12) .. "data: [DONE]\n\n")
scenarios.an_summary = sse(AN_START .. an_start_block(0, '{"type":"text","text":""}') ..
  an_delta(0, '{"type":"text_delta","text":"## Goal\\nShip the "}') ..
  an_delta(0, '{"type":"text_delta","text":"feature."}') .. an_stop_block(0) .. an_finish("end_turn", 12))

-- Servers that echo the credentials they received (the Authorization or
-- x-api-key header) into every field of their errors. `respond` builds the
-- answer from the request headers; the echoed key sits across offsets 500
-- and 2000 of the text, where errors used to be cut before being scrubbed.
-- A response header of 300 KB (curl's limit is 100 KB).
scenarios.huge_header = { status = 200, headers = { ["Content-Type"] = "application/json",
  ["X-Big"] = string.rep("a", 300 * 1024) }, body = "{}" }

local function echoed(headers)
  local auth = headers["authorization"] or headers["x-api-key"] or "none"
  local key = auth:gsub("^Bearer ", "")
  return auth, key
end

local function pad(n) return string.rep("p", n) end

scenarios.oa_echo_json = { respond = function(headers)
  local auth, key = echoed(headers)
  return json_response(401, '{"error":{"message":' .. json_string(pad(1978) .. auth .. " rejected") ..
    ',"type":' .. json_string("invalid_key " .. auth) .. ',"code":' .. json_string(key) .. '}}')
end }

scenarios.oa_echo_text = { respond = function(headers)
  local auth = echoed(headers)
  return { status = 502, headers = { ["Content-Type"] = "text/plain" }, body = pad(465) .. "Authorization: " .. auth }
end }

scenarios.oa_echo_refusal = { respond = function(headers)
  local _, key = echoed(headers)
  return sse(oa_chunk('{"role":"assistant","refusal":' .. json_string(pad(1980) .. key) .. '}') ..
    oa_chunk("{}", "stop") .. "data: [DONE]\n\n")
end }

scenarios.oa_echo_stream_error = { respond = function(headers)
  local auth, key = echoed(headers)
  return sse(oa_chunk('{"role":"assistant","content":"x"}') .. 'data: {"error":{"message":' ..
    json_string(pad(1980) .. auth) .. ',"type":' .. json_string(key) .. ',"code":' .. json_string(auth) .. '}}\n\n')
end }

scenarios.an_echo_json = { respond = function(headers)
  local _, key = echoed(headers)
  return json_response(401, '{"type":"error","error":{"type":' .. json_string(key) .. ',"message":' ..
    json_string(pad(1985) .. key) .. '}}')
end }

scenarios.an_echo_event = { respond = function(headers)
  local _, key = echoed(headers)
  return sse(AN_START .. an_event("error", '{"type":"error","error":{"type":' .. json_string("x" .. key) ..
    ',"message":' .. json_string(pad(1985) .. key) .. '}}'))
end }

-- A 5xx whose error body is larger than the default max_body (1 MiB).
scenarios.oa_500_big = json_response(500, '{"error":{"message":"' .. string.rep("x", 2 * 1024 * 1024) .. '"}}')

-- Complete responses after which the server keeps the connection open.
scenarios.oa_hold = sse(oa_chunk('{"role":"assistant","content":"held"}') .. oa_chunk("{}", "stop") ..
  oa_usage(10, 0, 1) .. "data: [DONE]\n\n")
scenarios.oa_hold.hang = 30
scenarios.an_hold = sse(AN_START .. an_start_block(0, '{"type":"text","text":""}') ..
  an_delta(0, '{"type":"text_delta","text":"held"}') .. an_stop_block(0) .. an_finish("end_turn", 1))
scenarios.an_hold.hang = 30

-- Fast endless streams: the same 16 KB delta, written as fast as the
-- client reads, forever.
local BIG = string.rep("0123456789abcdef", 1024)
scenarios.oa_endless = sse(oa_chunk('{"role":"assistant","content":""}'))
scenarios.oa_endless.endless = oa_chunk('{"content":"' .. BIG .. '"}')
scenarios.oa_endless_args = sse(oa_chunk('{"tool_calls":[{"index":0,"id":"c","function":{"name":"f"}}]}'))
scenarios.oa_endless_args.endless = oa_chunk('{"tool_calls":[{"index":0,"function":{"arguments":"' .. BIG .. '"}}]}')
scenarios.an_endless = sse(AN_START .. an_start_block(0, '{"type":"thinking","thinking":""}'))
scenarios.an_endless.endless = an_delta(0, '{"type":"thinking_delta","thinking":"' .. BIG .. '"}')

M.scenarios = scenarios
M.CUT = CUT
M.sse_headers = sse("").headers
M.json_headers = json_response(200, "").headers

---------------------------------------------------------------------------
-- The server process
---------------------------------------------------------------------------

local function split_stream(stream)
  local out = {}
  for piece in (stream .. CUT):gmatch("(.-)" .. CUT) do
    if piece ~= "" then out[#out + 1] = piece end
  end
  -- Also separate SSE events, so deltas arrive one write at a time.
  local events = {}
  for _, piece in ipairs(out) do
    local start = 1
    while true do
      local a, b = piece:find("\n\n", start, true)
      if not a then break end
      events[#events + 1] = piece:sub(start, b)
      start = b + 1
    end
    if start <= #piece then events[#events + 1] = piece:sub(start) end
  end
  return events
end

local function response_head(status, headers, length)
  local reasons = { [200] = "OK", [400] = "Bad Request", [401] = "Unauthorized", [404] = "Not Found",
    [429] = "Too Many Requests", [500] = "Internal Server Error", [502] = "Bad Gateway", [529] = "" }
  local lines = { "HTTP/1.1 " .. status .. " " .. (reasons[status] or "Status") }
  for k, v in pairs(headers) do lines[#lines + 1] = k .. ": " .. v end
  if length then lines[#lines + 1] = "Content-Length: " .. length end
  lines[#lines + 1] = "Connection: close"
  lines[#lines + 1] = "request-id: req_fake"
  return table.concat(lines, "\r\n") .. "\r\n\r\n"
end

-- The writes (with delays) that answer a request.
local function plan(scenario)
  if not scenario.stream then
    return { { data = response_head(scenario.status, scenario.headers, #scenario.body) .. scenario.body } }
  end
  local steps = { { data = response_head(scenario.status, scenario.headers) } }
  for _, piece in ipairs(split_stream(scenario.stream)) do
    steps[#steps + 1] = { data = string.format("%x\r\n", #piece) .. piece .. "\r\n", delay = 0.002 }
  end
  if scenario.hang then
    steps[#steps + 1] = { delay = scenario.hang }
  end
  if not scenario.drop and not scenario.endless then
    steps[#steps + 1] = { data = "0\r\n\r\n", delay = 0.002 }
  end
  return steps
end

-- Header names (lower case) to values, from a request head.
local function request_headers(head)
  local headers = {}
  for line in head:gmatch("[^\r\n]+") do
    local k, v = line:match("^([^:]+):%s*(.*)$")
    if k then headers[k:lower()] = v end
  end
  return headers
end

local function serve()
  local socket = require "socket"
  local server = assert(socket.bind("127.0.0.1", 0))
  server:settimeout(0)
  local _, port = server:getsockname()
  io.stdout:write(port, "\n")
  io.stdout:flush()
  local clients = {}   -- socket -> state
  local recorded = {}  -- scenario -> raw request
  local last_activity = socket.gettime()
  local running = true

  local function finish_client(sock)
    clients[sock] = nil
    sock:close()
  end

  local function handle(state)
    local raw = state.buffer
    local head_end = raw:find("\r\n\r\n", 1, true)
    local head = raw:sub(1, head_end - 1)
    local method, path = head:match("^(%u+) (%S+) HTTP/1%.[01]")
    -- as an HTTP proxy the server sees absolute URIs: serve them the same way
    if path then path = path:gsub("^https?://[^/]+", "") end
    local name = path and path:match("^/([%w_]+)")
    if path == "/_quit" then
      running = false
      state.steps = { { data = response_head(200, {}, 0) } }
    elseif path and path:match("^/_script/[%w_]+$") then
      local body = raw:sub(head_end + 4)
      local ok, scenario = pcall((loadstring or load)(body, "=script"))
      local answer = ok and type(scenario) == "table" and "ok" or ("bad script: " .. tostring(scenario))
      if answer == "ok" then scenarios[path:match("^/_script/([%w_]+)$")] = scenario end
      state.steps = { { data = response_head(answer == "ok" and 200 or 400, { ["Content-Type"] = "text/plain" },
        #answer) .. answer } }
    elseif path and path:match("^/_last/") then
      local body = recorded[path:match("^/_last/([%w_]+)")] or ""
      state.steps = { { data = response_head(200, { ["Content-Type"] = "text/plain" }, #body) .. body } }
    elseif method and name and scenarios[name] then
      recorded[name] = raw
      local scenario = scenarios[name]
      if scenario.respond then scenario = scenario.respond(request_headers(head)) end
      state.steps = plan(scenario)
      state.endless = scenario.endless
    else
      local body = '{"error":{"message":"no such scenario","type":"not_found"}}'
      state.steps = { { data = response_head(404, { ["Content-Type"] = "application/json" }, #body) .. body } }
    end
    state.next_at = socket.gettime()
  end

  while running do
    local readers = { server }
    local timeout = 0.05
    local now = socket.gettime()
    for sock, state in pairs(clients) do
      if not state.steps then
        readers[#readers + 1] = sock
      else
        timeout = math.max(0, math.min(timeout, state.next_at - now))
      end
    end
    local ready = socket.select(readers, nil, timeout)
    for _, sock in ipairs(ready) do
      if sock == server then
        local client = server:accept()
        if client then
          client:settimeout(0)
          clients[client] = { buffer = "" }
          last_activity = socket.gettime()
        end
      elseif clients[sock] then
        local state = clients[sock]
        local data, err, partial = sock:receive(65536)
        data = data or partial
        if data and #data > 0 then state.buffer = state.buffer .. data end
        if state.buffer:find("^[^A-Z]") then
          -- not HTTP (a TLS ClientHello): hang up, as a plain server would
          finish_client(sock)
          state = nil
        end
        local head_end = state and state.buffer:find("\r\n\r\n", 1, true)
        if head_end then
          local length = tonumber(state.buffer:sub(1, head_end):lower():match("content%-length:%s*(%d+)")) or 0
          if #state.buffer >= head_end + 3 + length then handle(state) end
        end
        if err == "closed" and clients[sock] and not clients[sock].steps then finish_client(sock) end
      end
    end
    now = socket.gettime()
    for sock, state in pairs(clients) do
      local sent = 0
      while state.steps and now >= state.next_at and sent < 64 do
        sent = sent + 1
        if state.endless and #state.steps == 0 then
          state.steps[1] = { data = string.format("%x\r\n", #state.endless) .. state.endless .. "\r\n" }
        end
        local step = table.remove(state.steps, 1)
        if not step then
          finish_client(sock)
          break
        end
        if step.delay and step.delay > 0 and not step.waited then
          step.waited = true
          table.insert(state.steps, 1, step)
          state.next_at = now + step.delay
          break
        end
        if step.data then
          sock:settimeout(1)
          local ok = sock:send(step.data)
          sock:settimeout(0)
          if not ok then
            finish_client(sock)
            break
          end
        end
      end
    end
    if next(clients) == nil and socket.gettime() - last_activity > 60 then running = false end
  end
  for sock in pairs(clients) do sock:close() end
  server:close()
end

---------------------------------------------------------------------------
-- Control from the specs
---------------------------------------------------------------------------

local Server = {}
Server.__index = Server

--- Base URL that replays scenario `name`.
function Server:base(name)
  return self.url .. "/" .. name
end

--- The last raw request for scenario `name`: { method, path, headers, body }.
function Server:last(name)
  local http = require "socket.http"
  local body = http.request(self.url .. "/_last/" .. name)
  if not body or body == "" then return nil end
  local head, payload = body:match("^(.-)\r\n\r\n(.*)$")
  local method, path = head:match("^(%u+) (%S+)")
  local headers = {}
  for line in head:gmatch("[^\r\n]+") do
    local k, v = line:match("^([^:]+):%s*(.*)$")
    if k then headers[k:lower()] = v end
  end
  return { method = method, path = path, headers = headers, body = payload }
end

-- A Lua literal of `value` (strings, numbers, booleans, tables).
local function literal(value)
  if type(value) == "string" then return string.format("%q", value) end
  if type(value) ~= "table" then return tostring(value) end
  local parts = {}
  for k, v in pairs(value) do parts[#parts + 1] = "[" .. literal(k) .. "]=" .. literal(v) end
  return "{" .. table.concat(parts, ",") .. "}"
end

--- Add scenario `name` to the running server (see the module description).
function Server:script(name, scenario)
  local copy = { status = 200, headers = scenario.stream and M.sse_headers or M.json_headers, body = "" }
  for k, v in pairs(scenario) do copy[k] = v end
  if type(copy.stream) == "table" then copy.stream = table.concat(copy.stream, CUT) end
  local http = require "socket.http"
  local answer, code = http.request(self.url .. "/_script/" .. name, "return " .. literal(copy))
  assert(code == 200, "fake server: script " .. name .. ": " .. tostring(answer))
  return self:base(name)
end

--- Stop the server process.
function Server:stop()
  if self.stopped then return end
  self.stopped = true
  local http = require "socket.http"
  local ok = http.request(self.url .. "/_quit")
  if not ok then os.execute("kill " .. self.pid .. " 2>/dev/null") end
  self.pipe:close()
end

--- Start a server subprocess; returns the control object.
function M.start()
  local lua = os.getenv("COMPACT_LUA") or "lua5.4"
  local dir = debug.getinfo(1, "S").source:match("^@(.*)/[^/]*$") or "spec/support"
  local pipe = assert(io.popen("sh -c 'echo $$; exec " .. lua .. " " .. dir .. "/fake_server.lua serve'", "r"))
  local pid = assert(tonumber(pipe:read("*l")), "fake server: no pid")
  local port = assert(tonumber(pipe:read("*l")), "fake server: no port")
  return setmetatable({ pid = pid, port = port, url = "http://127.0.0.1:" .. port, pipe = pipe }, Server)
end

if select(1, ...) == "serve" then
  serve()
else
  return M
end
