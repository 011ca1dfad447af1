--- The `compact` command line: `stats`, `plan` and `run` over a transcript
-- file in any format `compact.importers` reads, and `recall` over an archive.
--
-- All logic lives in Lua so it can be tested in-process (arguments and
-- dispatch here, each command in `compact.cli.stats`, `.plan` and `.run`
-- (sharing `compact.cli.common`), the help texts in
-- `compact.cli.help`):
--
--     local code = require("compact.cli").main({ "stats", "session.jsonl" }, {
--       stdout = io.stdout, stderr = io.stderr,
--       isatty = function(stream_name) return false end,
--     })
--
-- Exit status: 0 on success (including "nothing to compact"), 1 when the
-- compaction or writing the output fails (every existing file is then left
-- as it was), 2 for usage errors and for input that cannot be read or
-- imported, 3 when `run` wrote a result still over `--budget`/`--window`.
-- @module compact.cli

local compact = require "compact"
local HELP = require "compact.cli.help"

local cli = {}

--- Exit status for usage errors and bad input.
cli.EXIT_USAGE = 2
--- Exit status for a failed compaction or output write.
cli.EXIT_FAILURE = 1
--- Exit status of `run` when the result still exceeds the budget.
cli.EXIT_OVER_BUDGET = 3

--- Default `--keep` (tokens of recent messages kept verbatim), as in pi.
cli.DEFAULT_KEEP = 20000
--- Default `--reserve` when `--window` is given (the agent's default).
cli.DEFAULT_RESERVE = 4000

-- Option specs: name -> kind ("int", "number", "string", "flag").
-- Options every command takes: the input cap, strict JSONL and the estimator
-- (one place, so a new estimator name needs no other change).
local INPUT_SPEC = { ["max-input-bytes"] = "int", strict = "flag", estimator = "string", from = "string" }
local PLAN_SPEC = { keep = "int", budget = "int", ratio = "number", window = "int", reserve = "int" }
local SPECS = {
  stats = {},
  plan = {},
  run = { summarizer = "string", model = "string", instructions = "string", output = "string",
          record = "string", quiet = "flag", format = "string", append = "flag", fit = "flag",
          ["max-input-tokens"] = "int", ["max-output-tokens"] = "int", fallback = "string",
          archive = "string", conversation = "string" },
}
for _, spec in pairs(SPECS) do
  for name, kind in pairs(INPUT_SPEC) do spec[name] = kind end
end
SPECS.recall = { conversation = "string", id = "int", limit = "int" }
for name, kind in pairs(PLAN_SPEC) do SPECS.plan[name], SPECS.run[name] = kind, kind end
local SHORT = { o = "output", h = "help" }

-- Largest accepted --keep/--budget/--window/--reserve and --ratio: far past
-- any real token count, and small enough that budget * ratio stays exact
-- and printable as an integer.
local MAX_INT_OPTION = 1e15
local MAX_RATIO = 1000

local function usage_error(message)
  return nil, message
end

-- Convert an option's text to its kind: the value, or nil and a message.
local function option_value(name, kind, value)
  if kind == "int" then
    local n = tonumber(value)
    if not n or n ~= math.floor(n) or n < 0 or n == math.huge then
      return nil, "--" .. name .. ": expected a non-negative integer, got '" .. value .. "'"
    end
    if n > MAX_INT_OPTION then
      return nil, "--" .. name .. ": " .. value .. " is out of range (at most 1e15)"
    end
    return (math.tointeger and math.tointeger(n)) or n
  elseif kind == "number" then
    local n = tonumber(value)
    if not n or n ~= n or n <= 0 or n == math.huge then
      return nil, "--" .. name .. ": expected a positive number, got '" .. value .. "'"
    end
    if n > MAX_RATIO then
      return nil, "--" .. name .. ": " .. value .. " is out of range (at most " .. MAX_RATIO .. ")"
    end
    return n
  end
  return value
end

-- Parse `args` for `command`: returns options, positional list or nil, err.
local function parse_args(command, args, first)
  local spec = SPECS[command]
  local options, positional = {}, {}
  local i = first
  while i <= #args do
    local arg = args[i]
    if arg == "--" then
      for j = i + 1, #args do positional[#positional + 1] = args[j] end
      break
    end
    local name, value
    if arg:sub(1, 2) == "--" then
      name, value = arg:match("^%-%-([^=]+)=(.*)$")
      if not name then name = arg:sub(3) end
    elseif arg:match("^%-%a$") then
      name = SHORT[arg:sub(2)]
      if not name then return usage_error("unknown option " .. arg) end
    end
    if name then
      if name == "help" then
        options.help = true
      else
        local kind = spec[name]
        if not kind then return usage_error("unknown option --" .. name .. " for '" .. command .. "'") end
        if kind == "flag" then
          if value ~= nil then return usage_error("--" .. name .. " takes no value") end
          options[name] = true
        else
          if value == nil then
            i = i + 1
            value = args[i]
            if value == nil then return usage_error("--" .. name .. " needs a value") end
          end
          local err
          value, err = option_value(name, kind, value)
          if value == nil then return usage_error(err) end
          options[name] = value
        end
      end
    elseif arg:sub(1, 1) == "-" and arg ~= "-" then
      return usage_error("unknown option " .. arg)
    else
      positional[#positional + 1] = arg
    end
    i = i + 1
  end
  return options, positional
end

-- The output streams, the terminal test and the environment, injectable.
local function make_env(io_table)
  io_table = io_table or {}
  local env = {
    stdout = io_table.stdout or io.stdout,
    stderr = io_table.stderr or io.stderr,
    stdin = io_table.stdin or io.stdin,
    getenv = io_table.getenv or os.getenv,
    make_generator = io_table.make_generator,
    open = io_table.open or io.open,
    rename = io_table.rename or os.rename,
    remove = io_table.remove or os.remove,
    output_temp = io_table.output_temp or require("compact.core").output_temp,
    truncate = io_table.truncate or require("compact.core").truncate,
  }
  local isatty = io_table.isatty
  if type(isatty) == "function" then
    env.isatty = isatty
  else
    env.isatty = function() return isatty == true end
  end
  function env.out(...) env.stdout:write(...) end
  function env.err(...) env.stderr:write(...) end
  return env
end

-- Each command is called with the `cli` table, so it reads the exit statuses
-- and defaults above at call time without requiring this module back.
local COMMANDS = { stats = "compact.cli.stats", plan = "compact.cli.plan", run = "compact.cli.run",
  recall = "compact.cli.recall" }

--- Run the command line.
-- @tparam {string,...} args the arguments (without the program name)
-- @tparam[opt] table io_table `{ stdout =, stderr = }` (objects with `write`),
--   `stdin` (an object with `read`, for FILE `-`),
--   `isatty = function(stream_name) -> boolean` (or a boolean; only
--   `"stderr"` is asked), `getenv = function(name)` (default `os.getenv`),
--   `make_generator = function(kind, { getenv = }) -> generator | nil, err`
--   (replaces the HTTP providers, for tests), `open`, `rename`, `remove`,
--   `output_temp`, `truncate` (default `io.open`, `os.rename`, `os.remove`,
--   `compact.core.output_temp`, `compact.core.truncate`: how output files
--   are written, for tests)
-- @treturn integer the exit status
function cli.main(args, io_table)
  local env = make_env(io_table)
  args = args or {}
  local command = args[1]
  if command == nil then
    env.err(HELP.main)
    return cli.EXIT_USAGE
  end
  if command == "--help" or command == "-h" or command == "help" then
    local topic = args[2]
    env.out(HELP[topic] or HELP.main)
    return 0
  end
  if command == "--version" then
    env.out("compact ", compact.VERSION, "\n")
    return 0
  end
  local module_name = COMMANDS[command]
  if not module_name then
    env.err("compact: unknown command '", tostring(command), "'\n\n", HELP.main)
    return cli.EXIT_USAGE
  end
  local options, positional = parse_args(command, args, 2)
  if not options then
    env.err("compact ", command, ": ", positional, "\n", "Run `compact ", command, " --help` for usage.\n")
    return cli.EXIT_USAGE
  end
  if options.help then
    env.out(HELP[command])
    return 0
  end
  local ok, code = pcall(function() return require(module_name).run(cli, env, options, positional) end)
  if not ok then
    env.err("compact ", command, ": internal error: ", tostring(code), "\n")
    return cli.EXIT_FAILURE
  end
  return code
end

return cli
