--- Provider configuration and secrets (internal): the checked config of a
-- generator, its API key and credential headers (kept out of its fields),
-- and the strings scrubbed from everything it reports.
-- @module compact.providers.settings

local errors = require "compact.errors"
local config_check = require "compact.checks"
local util = require "compact.util"
local request_options = require "compact.providers.options"

local settings = {}

--- Default limit on a plain (non-streamed) response body: error bodies and
-- JSON answers are held in memory whole.
settings.MAX_BODY = 1024 * 1024

--- Default limit on the text, thinking and tool-argument bytes one streamed
-- response may accumulate.
settings.MAX_RESPONSE_BYTES = 32 * 1024 * 1024

-- Headers that carry credentials: kept out of the generator's fields and
-- scrubbed from errors, like the API key.
local SECRET_HEADERS = { authorization = true, ["proxy-authorization"] = true, ["x-api-key"] = true,
  ["api-key"] = true, ["x-goog-api-key"] = true, cookie = true }

-- Words in a header name that mark it as a credential (`x-auth-token`,
-- `openai-api-key`, `private-token`, `x-client-secret`, ...).
local SECRET_WORDS = { "key", "token", "secret", "auth", "passw", "cookie", "credential", "session" }

local function is_secret_header(name)
  name = name:lower()
  if SECRET_HEADERS[name] then return true end
  for _, word in ipairs(SECRET_WORDS) do
    if name:find(word, 1, true) then return true end
  end
  return false
end

--- A URL without its `user:password@` part (for display); a proxy may
-- have no scheme (`user:pass@host:port`).
function settings.display_url(url)
  url = tostring(url)
  if url:match("^%a[%w+.-]*://") then return (url:gsub("^(%a[%w+.-]*://)[^/?#@]*@", "%1")) end
  return (url:gsub("^[^/?#@]*@", ""))
end

-- The `user:password` of a URL, or nil.
local function userinfo_of(url)
  if not url then return nil end
  return url:match("^%a[%w+.-]*://([^/?#@]*)@") or (not url:match("^%a[%w+.-]*://") and url:match("^([^/?#@]*)@"))
    or nil
end

-- Options every provider takes (a provider adds its own).
local function shared_rules(defaults)
  return {
    base_url = { "string", default = defaults.base_url },
    timeout = { "number", above = 0, default = defaults.timeout },
    connect_timeout = { "number", above = 0, default = defaults.connect_timeout },
    headers = { "table", default = {} },
    api_key = { "string", line = true, optional = true, secret = true },
    transport = { "function", optional = true },
    yield = { "any" },
    proxy = { "string", line = true, optional = true, secret = true },
    ca_file = { "string", optional = true },
    max_body = { "integer", min = 1, default = settings.MAX_BODY },
    max_response_bytes = { "integer", min = 1, default = settings.MAX_RESPONSE_BYTES },
    options = { "any" },
  }
end

-- Split `headers` into plain and credential headers (both copies).
local function split_headers(headers)
  local plain, secret = {}, {}
  for key, value in pairs(headers) do
    if type(key) ~= "string" or key:find("[\r\n:%c]") then
      return config_check.expected("config.headers", "a table of header names", key)
    end
    local where = "config.headers[" .. string.format("%q", key) .. "]"
    local is_secret = is_secret_header(key)
    -- a NUL would cut the value in the C transport: rejected, never truncated
    local text, err = config_check.check(where, type(value) == "number" and tostring(value) or value,
      { "string", line = true, secret = is_secret })
    if not text then return nil, err end
    value = text
    if is_secret then secret[key] = value else plain[key] = value end
  end
  return plain, secret
end

--- Check a provider configuration.
-- @tparam table config what the caller passed (nil: every default)
-- @tparam table defaults `base_url`, `timeout`, `connect_timeout`, `key_env`
-- @tparam table own the provider's own options: key = rule (see compact.checks)
-- @return the checked copy (`api_key`, `secret_headers` included), or nil, err
function settings.check(config, defaults, own)
  if config == nil then config = {} end
  local rules = shared_rules(defaults)
  for key, rule in pairs(own or {}) do rules[key] = rule end
  local out, err = config_check.fields(config, rules)
  if not out then return nil, err end
  if not out.base_url:match("^https?://[^%s]+$") then
    -- shown without user:password@ and the query, which may hold keys
    return config_check.expected("config.base_url", "an http(s) URL",
      (settings.display_url(out.base_url):gsub("%?.*$", "?...")))
  end
  -- a query (Azure's ?api-version=...) goes after the endpoint path
  local base, query = out.base_url:match("^([^?#]*)(%?[^#]*)")
  if base then out.base_url, out.base_query = base, query else out.base_query = "" end
  if not out.base_url:match("^https?://[^/%s]") then -- no host before the query ("https://?key=...")
    -- not shown: the query may hold a key
    return nil, errors.invalid_config("config.base_url: expected an http(s) URL with a host before the query")
  end
  out.base_url = out.base_url:gsub("/+$", "")
  local opts, opts_err = request_options.check("config", "config.options", out.options)
  if not opts then return nil, opts_err end
  out.options = opts
  if out.yield ~= nil and type(out.yield) ~= "boolean" and not util.is_callable(out.yield) then
    return config_check.expected("config.yield", "a boolean or a function", out.yield)
  end
  out.headers, out.secret_headers = split_headers(out.headers)
  if not out.headers then return nil, out.secret_headers end
  if out.api_key == nil then
    out.api_key = os.getenv(defaults.key_env)
    if out.api_key and (out.api_key:find("[\r\n]") or out.api_key:find("\0", 1, true)) then
      return nil, errors.invalid_config("$" .. defaults.key_env .. ": expected a key without line breaks")
    end
  end
  if out.api_key == "" then out.api_key = nil end
  return out
end

-- API keys, credential headers and the strings to scrub live here, not in
-- generator fields, so printing or dumping a generator never shows them.
local private = setmetatable({}, { __mode = "k" })

-- The strings to scrub for a key, credential headers and URL userinfo.
local function scrub_list(key, secret_headers, urls, query)
  local list = { key }
  -- query values long enough to be keys (`?key=...`) never show either
  for value in (query or ""):gmatch("[?&][^=&]*=([^&]+)") do
    if #value >= 8 then list[#list + 1] = value end
  end
  for _, value in pairs(secret_headers) do
    list[#list + 1] = value
    local token = value:match("^%S+%s+(%S.*)$") -- "Bearer <token>"
    if token then list[#list + 1] = token end
  end
  for _, url in ipairs(urls) do
    local userinfo = userinfo_of(url)
    if userinfo then
      list[#list + 1] = userinfo
      list[#list + 1] = userinfo:match(":(.*)$")
    end
  end
  return list
end

--- The metatable of a provider's generators (`compact.providers.NAME`),
-- printing the base URL without credentials.
function settings.generator_class(name)
  local class = { __name = "compact.providers." .. name }
  class.__index = class
  class.__tostring = function(gen)
    return class.__name .. "(" .. settings.display_url(gen._config.base_url) .. ")"
  end
  return class
end

--- The URL of endpoint `path` under a checked config's base URL, the
-- base URL's query (if any) after it.
function settings.endpoint(cfg, path)
  return cfg.base_url .. path .. (cfg.base_query or "")
end

--- Make a generator of `class` from a checked config: the key and the
-- credential headers move to the private table (never visible fields);
-- `options.defaults` is the config's request `options`.
function settings.new_generator(class, name, cfg, options)
  options = options or {}
  options.defaults = cfg.options
  local key, secret_headers, proxy = cfg.api_key, cfg.secret_headers, cfg.proxy
  -- the proxy's password stays private too; the field shows the proxy without it
  cfg.api_key, cfg.secret_headers, cfg.proxy = nil, nil, proxy and settings.display_url(proxy)
  local gen = setmetatable({ _config = cfg, _name = name, _options = options }, class)
  private[gen] = { key = key, headers = secret_headers, proxy = proxy,
                   scrub = scrub_list(key, secret_headers, { cfg.base_url, proxy }, cfg.base_query) }
  return gen
end

-- A reader of a generator's private `field`; `empty` gives a new empty
-- table where there is none.
local function private_field(field, empty)
  return function(gen)
    local p = private[gen]
    local value = p and p[field]
    if value == nil and empty then return {} end
    return value
  end
end

--- The API key of generator `gen`, or nil.
-- @function key
settings.key = private_field("key")
--- The credential headers of generator `gen` (a map).
-- @function secret_headers
settings.secret_headers = private_field("headers", true)
--- The proxy of generator `gen` as configured (with its password), or nil.
-- @function proxy
settings.proxy = private_field("proxy")
--- The strings to scrub from what generator `gen` reports (a list).
-- @function secrets
settings.secrets = private_field("scrub", true)

--- Make a provider module callable: `provider { ... }` is `provider.new { ... }`.
function settings.callable(module)
  return setmetatable(module, { __call = function(_, config) return module.new(config) end })
end

return settings
