--- HTTP over libcurl, with error objects.
--
-- Wraps the C module `compact.curl` (build/compact/curl.so). A request is
-- started, then driven step by step, so a host with its own event loop
-- (an editor, a game) never blocks for long, and a caller inside a coroutine
-- can yield between steps:
--
--     local http = require "compact.http"
--     local req = assert(http.start { url = u, body = b, on_data = print })
--     local res, err
--     repeat
--       res, err = req:step(0)   -- does whatever I/O is ready, never waits
--       -- ... the host does other work here ...
--     until res ~= false
--
-- `http.request(opts)` runs the same loop to completion (yielding between
-- steps when `opts.yield` says so). Failures are error objects
-- (`compact.errors`): code `"transport"` (with `reason` = "dns", "connect",
-- "timeout", "tls", "reset", "send", "too_large", "url" or "other";
-- retryable), `"cancelled"`, `"invalid_request"`, or whatever `on_data`
-- raised (an error object raised there is returned as is; any other value
-- becomes code `"callback"` with the value as `cause`). Messages never
-- contain request headers; strings listed in `opts.secrets` are also
-- scrubbed from them.
-- @module compact.http

local errors = require "compact.errors"
local util = require "compact.util"

local http = {}

-- The C module loads on first use, so requiring compact (or this module)
-- never needs libcurl until a request is made.
local native

local function load_native()
  if native == nil then
    local ok, lib = pcall(require, "compact.curl")
    native = ok and type(lib) == "table" and lib or false
  end
  return native or nil
end

local function scrubbed(message, secrets) -- errors.scrub: the one scrub
  return errors.scrub(tostring(message), secrets or {})
end

--- Turn a failure from the C module (`nil, message, code, reason`) into an
-- error object.
-- @local
function http.to_error(message, code, reason, secrets)
  if code == "callback" then
    if errors.is_error(message) then return message end
    return errors.scrub(errors.new("callback", "the data callback failed", { cause = message }), secrets or {})
  elseif code == "cancelled" then
    return errors.cancelled("request cancelled")
  elseif code == "invalid_request" then
    return errors.invalid_request(scrubbed(message, secrets))
  end
  -- a TLS failure (a bad certificate, no common cipher) fails the same way
  -- again: not retried
  return errors.new("transport", "HTTP transport failed (" .. tostring(reason or "other") .. "): " ..
    scrubbed(message, secrets), { reason = reason or "other", retryable = reason ~= "tls" })
end

local Request = util.class("compact.http.Request", function(req) return req.done and "done" or "running" end)

--- Drive the request: do the I/O that is ready, waiting at most `wait`
-- seconds (default 0, at most 1) for more. A finished request returns the
-- response `{ status, headers, body }` (`body` only without `on_data`).
-- @function request:step
-- @tparam[opt] number wait seconds
-- @return `false` while running; the response when finished; or `nil, err`
function Request:step(wait)
  if self.done then return nil, errors.invalid_request("request already finished") end
  local res, message, code, reason = self.handle:step(wait or 0)
  if res == false then return false end
  self.done = true
  self.handle:close()
  if res then return res end
  return nil, http.to_error(message, code, reason, self.secrets)
end

--- Abort the transfer and free its resources (safe to call twice).
-- @function request:close
function Request:close()
  self.done = true
  self.handle:close()
end

--- Start a request.
-- @tparam table opts `url`, `method` (default POST with a body, else GET),
--   `headers` (map or list of "Name: value"), `body`, `connect_timeout` and
--   `timeout` (seconds), `on_data = function(chunk, status)` (stream the body
--   instead of buffering it), `cancel` (token), `proxy`, `ca_file`,
--   `max_body` (bytes), `secrets` (strings to scrub from messages)
-- @return a request object, or `nil, err`
function http.start(opts)
  if type(opts) ~= "table" then return nil, errors.invalid_request("http.start: options must be a table") end
  local lib = load_native()
  if not lib then
    return nil, errors.new("transport", "HTTP is not built in: the C module compact.curl is missing (a core-only build,"
      .. " or run make); give the provider a `transport` function", { reason = "other" })
  end
  local handle, message, code = lib.start(opts)
  if not handle then return nil, http.to_error(message, code, nil, opts.secrets) end
  return setmetatable({ handle = handle, secrets = opts.secrets }, Request)
end

local function can_yield()
  local isyieldable = coroutine.isyieldable
  if isyieldable then return isyieldable() end
  local co, main = coroutine.running() -- 5.1: nil on the main thread
  return co ~= nil and not main
end

--- Seconds each step of `http.request(opts)` waits for I/O: `opts.poll`
-- when given; 0 when something else runs between steps (a hook function,
-- or `yield = true` in a coroutine that can yield); else 0.02, so a caller
-- that cannot yield blocks in libcurl instead of spinning the CPU.
-- @local
function http.poll_interval(opts)
  local poll = tonumber(opts.poll)
  if poll then return poll end
  local hook = opts.yield
  if type(hook) == "function" or (hook == true and can_yield()) then return 0 end
  return 0.02
end

--- Run a request to completion.
-- Takes the options of `http.start` plus `yield`: `true` yields the running
-- coroutine between steps (when it can yield), a function is called between
-- steps (a host hook), nil blocks until done; and `poll` (seconds waited per
-- step, default 0.02, which bounds how fast cancellation is noticed).
-- @return the response, or `nil, err`
function http.request(opts)
  local req, err = http.start(opts)
  if not req then return nil, err end
  local hook = opts.yield
  local poll = http.poll_interval(opts)
  local yields = hook == true and can_yield()
  while true do
    local res, step_err = req:step(poll)
    if res ~= false then return res, step_err end
    if yields then
      -- not under pcall: Lua 5.1 cannot yield across it
      coroutine.yield()
    elseif type(hook) == "function" then
      local ok, raised = pcall(hook)
      if not ok then
        req:close()
        return nil, errors.new("callback", "the yield hook failed", { cause = raised })
      end
    end
  end
end

--- The libcurl version string (nil when the C module is missing).
function http.curl_version()
  local lib = load_native()
  return lib and lib.version()
end

return http
