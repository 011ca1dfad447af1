--- bench/replay.lua: what a policy costs on a recorded session.
--
--   lua5.4 bench/replay.lua SESSION --window W --policy NAME [--json]
--   lua5.4 bench/replay.lua SESSION --window W            (every policy, a table)
--
-- SESSION is any transcript compact.importers reads (pi, Claude Code,
-- Codex, ...). The session is replayed turn by turn through compact.agent
-- with its recorded replies and tool results; a fake provider counts each
-- request like the recorded usage and rejects one over W. Prints
-- compactions, context edits, peak context, rejections, summary calls and
-- billed input-equivalent tokens (Anthropic-style caching: prefix read at
-- 0.1x, the rest written at 1.25x, output 5x), and in the table the
-- requests sent and the runs that failed (a run ended by a third rejection
-- sends fewer requests, so its bill is not comparable). See bench/README.md.

package.path = "./?.lua;./lua/?.lua;./lua/?/init.lua;" .. package.path
local importers = require "compact.importers"
local engine = require "bench.replay.engine"
local policies = require "bench.replay.policies"

local USAGE = "usage: bench/replay.lua SESSION --window W [--policy NAME] [--json]"

local function parse_args(argv)
  local opts = {}
  local i = 1
  while i <= #argv do
    local a = argv[i]
    if a == "--window" then
      opts.window = tonumber(argv[i + 1]); i = i + 1
    elseif a == "--policy" then
      opts.policy = argv[i + 1]; i = i + 1
    elseif a == "--json" then
      opts.json = true
    elseif not opts.session and a:sub(1, 2) ~= "--" then
      opts.session = a
    else
      return nil, "unknown argument " .. a
    end
    i = i + 1
  end
  if not opts.session then return nil, "no SESSION" end
  if not opts.window or opts.window <= 0 then return nil, "--window: expected a positive number" end
  if opts.policy and not policies[opts.policy] then
    return nil, "--policy: one of " .. table.concat(policies.order, ", ")
  end
  return opts
end

local FIELDS = { "compactions", "edits", "peak", "rejections", "billed", "summary_calls" }

local function json_line(totals)
  local parts = {}
  for _, field in ipairs(FIELDS) do parts[#parts + 1] = string.format("%q:%d", field, totals[field]) end
  return "{" .. table.concat(parts, ",") .. "}"
end

local function replay(session, window, name)
  local policy, err = policies[name](window)
  if not policy then return nil, err end
  return engine.run(session, { window = window, policy = policy })
end

local function main(argv)
  local opts, err = parse_args(argv)
  if not opts then
    io.stderr:write(err, "\n", USAGE, "\n")
    return 2
  end
  local session
  session, err = importers.load(opts.session)
  if not session then
    io.stderr:write(tostring(err), "\n")
    return 1
  end
  local names = opts.policy and { opts.policy } or policies.order
  if not opts.json then
    print(string.format("%s: %d messages, window %d", opts.session, #session.messages, opts.window))
    print(string.format("%-14s %11s %6s %8s %10s %8s %14s %9s %7s", "policy", "compactions", "edits", "peak",
      "rejections", "summary", "billed", "requests", "failed"))
  end
  local status = 0
  for _, name in ipairs(names) do
    local totals, run_err = replay(session, opts.window, name)
    if not totals then
      io.stderr:write(name, ": ", tostring(run_err), "\n")
      status = 1
    elseif opts.json then
      print(json_line(totals))
    else
      print(string.format("%-14s %11d %6d %8d %10d %8d %14d %9d %7d", name, totals.compactions, totals.edits,
        totals.peak, totals.rejections, totals.summary_calls, totals.billed, totals.requests, totals.failed_runs))
    end
  end
  return status
end

os.exit(main(arg))
