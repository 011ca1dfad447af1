--- The summarizer `compact run` uses: `--summarizer`, `--model` and the
-- model summarizers' `--max-input-tokens`, `--max-output-tokens` and
-- `--fallback`. Internal to `compact.cli`.
-- @module compact.cli.summarizer

local summarizer_module = {}


local callable = require("compact.util").is_callable

-- Build a provider generator from the environment; nil, message on failure.
local function default_generator(kind, env)
  local prefix = kind == "openai" and "OPENAI" or "ANTHROPIC"
  local api_key = env.getenv(prefix .. "_API_KEY")
  local base_url = env.getenv(prefix .. "_BASE_URL")
  if api_key == "" then api_key = nil end
  if base_url == "" then base_url = nil end
  if not api_key and (kind == "anthropic" or not base_url) then
    return nil, prefix .. "_API_KEY is not set", true
  end
  local ok, module = pcall(require, "compact.providers." .. kind)
  if not ok then
    return nil, "the " .. kind .. " provider is not available: " .. tostring(module):match("^[^\n]*")
  end
  local timeout = tonumber(env.getenv("COMPACT_TIMEOUT") or "")   -- nil: the provider's default
  local config = { api_key = api_key, base_url = base_url, timeout = timeout }
  local generator, err
  if type(module) == "table" and type(module.new) == "function" then
    generator, err = module.new(config)
  elseif callable(module) then
    generator, err = module(config)
  else
    return nil, "compact.providers." .. kind .. " has no constructor"
  end
  if not generator then return nil, tostring(err), true end
  return generator
end

local MODEL_ONLY = { "max-input-tokens", "max-output-tokens", "fallback" }

local function extractive()
  local ok, module = pcall(require, "compact.summarizers.extractive")
  if not ok then return nil, "the extractive summarizer is not available: " .. tostring(module) end
  local summarizer, err = module.new {}
  if not summarizer then return nil, tostring(err) end
  return summarizer
end

-- The generator summarizer's config from the options; nil, err on a bad one.
local function generator_config(env, options, generator, model)
  local config = { generator = generator, model = model }
  config.max_input_tokens = options["max-input-tokens"]
  if options["max-output-tokens"] then config.options = { max_output_tokens = options["max-output-tokens"] } end
  if options.fallback then
    if options.fallback ~= "extractive" then
      return nil, "--fallback: expected extractive, got '" .. options.fallback .. "'"
    end
    local err
    config.fallback, err = extractive()
    if not config.fallback then return nil, err end
  end
  if not options.quiet then
    -- on a terminal the line is rewritten in place; elsewhere one line each
    local tty = env.isatty("stderr")
    config.on_progress = function(event)
      if type(event) == "table" and event.type == "summary_progress" then
        env.err(tty and "\r\27[K" or "", string.format("compact: summarizing chunk %s of %s", tostring(event.chunk),
          tostring(event.chunks)), tty and "..." or "\n")
      end
    end
  end
  return config
end

--- The summarizer named by --summarizer; nil, message, is_usage on failure.
function summarizer_module.make(env, options)
  local name = options.summarizer or "extractive"
  if name == "extractive" then
    if options.model then return nil, "--model is only for openai and anthropic", true end
    for _, option in ipairs(MODEL_ONLY) do
      if options[option] then return nil, "--" .. option .. " is only for openai and anthropic", true end
    end
    local summarizer, err = extractive()
    if not summarizer then return nil, err end
    return summarizer, "extractive"
  end
  if name ~= "openai" and name ~= "anthropic" then
    return nil, "--summarizer: expected extractive, openai or anthropic, got '" .. name .. "'", true
  end
  local model = options.model or env.getenv("COMPACT_MODEL")
  if model == nil or model == "" then
    return nil, "--summarizer " .. name .. " needs --model (or COMPACT_MODEL)", true
  end
  local generator, err, is_usage
  if env.make_generator then
    generator, err = env.make_generator(name, { getenv = env.getenv })
    if not generator then err = tostring(err) end
  else
    generator, err, is_usage = default_generator(name, env)
  end
  if not generator then return nil, err, is_usage end
  local config
  config, err = generator_config(env, options, generator, model)
  if not config then return nil, err, true end
  local summarizer
  summarizer, err = require("compact.summarizers.generator").new(config)
  if not summarizer then return nil, tostring(err), true end
  return summarizer, name .. " (" .. model .. ")"
end

return summarizer_module
