--- Exact BPE tokenizers for tiktoken rank files (`compact.tokenizer`).
--
--   local tok = assert(compact.tokenizer("o200k_base"))
--   tok:encode("hello world")   --> { 24912, 2375 }
--   tok:count("hello world")    --> 2
--   tok:decode({ 24912, 2375 }) --> "hello world"
--   compact.new { ..., estimator = tok:estimator() }
--
-- The ids are tiktoken's `encode_ordinary` ids (special-token text is
-- ordinary text; invalid UTF-8 is split byte-wise, never an error). The
-- encoder is C (csrc/core/bpe.c). `"o200k_base"` and `"cl100k_base"` load
-- the rank files installed beside this module (tokenizers/); any other
-- string is a path to a `.tiktoken` file. A vocabulary is loaded once per
-- process and shared by every tokenizer of the same name.
-- @module compact.tokenizer

local core = require "compact.core"
local errors = require "compact.errors"

local tokenizer = {}

-- name -> pre-tokenizer pattern of the vocabularies shipped with compact
local BUILTIN = { o200k_base = "o200k", cl100k_base = "cl100k" }
local PATTERNS = { o200k = "o200k", o200k_base = "o200k", cl100k = "cl100k", cl100k_base = "cl100k" }

-- cache key -> loaded vocabulary (userdata), for the life of the process
local loaded = {}

--- The folder holding the shipped rank files: `tokenizers/` beside the
-- file this module was loaded from.
function tokenizer.data_dir()
  local source = debug.getinfo(1, "S").source
  local file = source:sub(1, 1) == "@" and source:sub(2) or nil
  if not file and package.searchpath then
    file = package.searchpath("compact.tokenizer", package.path)
  end
  local dir = file and file:match("^(.*)[/\\][^/\\]*$") or "."
  return dir .. "/tokenizers"
end

local Tokenizer = { __name = "compact.Tokenizer" }
Tokenizer.__index = Tokenizer

function Tokenizer.__tostring(self)
  return "compact.Tokenizer(" .. self.name .. ")"
end

-- loaded vocabulary -> how many open tokenizers hold it (weak keys: a
-- vocabulary nothing refers to any more is collected as before)
local holders = setmetatable({}, { __mode = "k" })

local function vocabulary(self)
  return rawget(self, "_vocab")
end

-- A method that calls the vocabulary's C method of the same name and turns
-- its (nil, message) into an ErrInvalidRequest.
local function checked(method)
  return function(self, value)
    if rawget(self, "_closed") then
      return nil, errors.invalid_request("tokenizer:" .. method .. ": this tokenizer is closed")
    end
    local vocab = vocabulary(self)
    local result, message = vocab[method](vocab, value)
    if result == nil then return nil, errors.invalid_request("tokenizer:" .. method .. ": " .. message) end
    return result
  end
end

--- Token ids of `text` (a string), or nil, err.
Tokenizer.encode = checked("encode")

--- The number of tokens of `text` (a string), or nil, err.
Tokenizer.count = checked("count")

--- The bytes of a list of token ids, or nil, err naming the bad `ids[i]`.
Tokenizer.decode = checked("decode")

--- The number of tokens in the vocabulary (0 once closed).
function Tokenizer:size()
  if rawget(self, "_closed") then return 0 end
  return vocabulary(self):size()
end

--- Close this tokenizer: its methods fail from now on. The vocabulary,
-- shared by every open tokenizer of the same name, is freed when the last
-- of them is closed (the next `compact.tokenizer(name)` loads it again);
-- the others keep working. Closing twice is safe.
function Tokenizer:close()
  if rawget(self, "_closed") then return end
  rawset(self, "_closed", true)
  local key, vocab = rawget(self, "_key"), vocabulary(self)
  local open = (holders[vocab] or 1) - 1
  if open > 0 then
    holders[vocab] = open
    return
  end
  holders[vocab] = nil
  if loaded[key] == vocab then loaded[key] = nil end
  vocab:close()
end

--- An estimator (`text`, `message`, `tools`) counting with this tokenizer
-- and the OpenAI chat format's overheads: see `compact.tokenizer_estimator`.
function Tokenizer:estimator(opts)
  return require("compact.tokenizer_estimator").new(self, opts)
end

local function resolve(name, opts)
  if type(name) ~= "string" or name == "" then
    return nil, errors.invalid_config("tokenizer: expected a vocabulary name (o200k_base, cl100k_base) or a path, got "
      .. (name == "" and "an empty string" or type(name)))
  end
  if opts ~= nil and type(opts) ~= "table" then
    return nil, errors.invalid_config("tokenizer: opts must be a table, got " .. type(opts))
  end
  local pattern = BUILTIN[name]
  if pattern then return tokenizer.data_dir() .. "/" .. name .. ".tiktoken", pattern end
  if not name:find("[/\\]") and not name:find("%.tiktoken$") then
    return nil, errors.invalid_config("tokenizer: unknown vocabulary '" .. name
      .. "' (o200k_base, cl100k_base, or a path to a .tiktoken file)")
  end
  local wanted = opts and opts.pattern
  if wanted == nil then
    wanted = name:find("o200k", 1, true) and "o200k" or "cl100k"
  end
  pattern = PATTERNS[wanted]
  if not pattern then
    return nil, errors.invalid_config("tokenizer: opts.pattern must be 'o200k_base' or 'cl100k_base', got "
      .. tostring(wanted))
  end
  return name, pattern
end

--- Load (or reuse) a tokenizer.
-- @tparam string name `"o200k_base"`, `"cl100k_base"` or a path to a rank file
-- @tparam[opt] table opts `{ pattern = "o200k_base" | "cl100k_base" }` for a path
--   (default: o200k when the file name contains "o200k", else cl100k)
-- @return tokenizer or nil, err (`ErrInvalidConfig`: unknown name, unreadable
--   or malformed file, naming the line)
function tokenizer.new(name, opts)
  local path, pattern = resolve(name, opts)
  if not path then return nil, pattern end
  local key = path .. "\0" .. pattern
  local vocab = loaded[key]
  if vocab == nil or vocab:size() == 0 then
    local message
    vocab, message = core.bpe_load(path, pattern)
    if not vocab then
      local label = BUILTIN[name] and (name .. " (" .. path .. ")") or path
      return nil, errors.invalid_config("tokenizer " .. label .. ": " .. message)
    end
    loaded[key] = vocab
  end
  holders[vocab] = (holders[vocab] or 0) + 1
  return setmetatable({ name = name, _vocab = vocab, _key = key }, Tokenizer)
end

return tokenizer
