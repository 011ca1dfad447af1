--- Shell commands as the tool vocabulary reads them (internal): the moves
-- and removals a command makes, its stem (program and first subcommand) and
-- whether it is a probe.
-- @module compact.commands

local commands = {}

-- The simple commands of a shell command line, each a list of its words:
-- split at unquoted `;`, `&`, `|` and newlines, words at unquoted white
-- space. Single quotes are literal; in double quotes a backslash escapes
-- `"`, `\`, `$` and `` ` ``; outside quotes it escapes any character (a
-- backslash-newline joins lines). An unclosed quote runs to the end.
local function segments_of(text)
  local segments, words, word = {}, {}, nil
  local function add(piece)
    word = word or {}
    word[#word + 1] = piece
  end
  local function end_word()
    if word then words[#words + 1] = table.concat(word) end
    word = nil
  end
  local i, n = 1, #text
  while i <= n do
    local at = text:find("[%s'\"\\;&|]", i)
    if not at then
      add(text:sub(i))
      break
    end
    if at > i then add(text:sub(i, at - 1)) end
    local c = text:sub(at, at)
    if c == "'" then
      local close = text:find("'", at + 1, true) or n + 1
      add(text:sub(at + 1, close - 1))
      i = close + 1
    elseif c == '"' then
      local j = at + 1
      add("")
      while j <= n do
        local stop = text:find('["\\]', j)
        if not stop then
          add(text:sub(j))
          j = n + 1
          break
        end
        add(text:sub(j, stop - 1))
        if text:sub(stop, stop) == '"' then
          j = stop
          break
        end
        local next_char = text:sub(stop + 1, stop + 1)
        if next_char:find('^["\\$`]$') then
          add(next_char)
        elseif next_char ~= "\n" then
          add("\\" .. next_char)
        end
        j = stop + 2
      end
      i = j + 1
    elseif c == "\\" then
      local next_char = text:sub(at + 1, at + 1)
      if next_char ~= "\n" then add(next_char) end
      i = at + 2
    elseif c:find("[;&|\n]") then
      end_word()
      segments[#segments + 1] = words
      words = {}
      i = at + 1
    else -- white space
      end_word()
      i = at + 1
    end
  end
  end_word()
  segments[#segments + 1] = words
  return segments
end
commands.segments = segments_of

-- The words of one simple command (the first of `text`).
local function words_of(text)
  return segments_of(text)[1]
end
commands.words = words_of

-- `a/../b` as `b` (a leading `..` stays: it leaves the known directory).
local function normal(path)
  local parts = {}
  for part in path:gmatch("[^/]+") do
    if part == ".." and #parts > 0 and parts[#parts] ~= ".." and parts[#parts] ~= "~" then
      parts[#parts] = nil
    elseif part ~= "." then
      parts[#parts + 1] = part
    end
  end
  local text = table.concat(parts, "/")
  if path:sub(1, 1) == "/" then return "/" .. text end
  return text ~= "" and text or "."
end

-- The command a shell wrapper runs (`bash -lc '...'`, `sh -c ...`, as
-- Codex writes its argv lists joined), else the command itself. A wrapper
-- that is the whole command gives its script as the shell reads that word
-- (quotes and backslashes undone; a wrapped wrapper too, a few deep); one
-- followed by more commands loses just its outer quotes.
local function unwrap(command, depth)
  local text = command:gsub("^%s+", "")
  local inner = text:match("^%S*sh%s+%-l?c%s+(.+)$")
  if not inner then return text end
  local segments = segments_of(text)
  local words = segments[1]
  for k = 2, #segments do
    if #segments[k] > 0 then words = nil end
  end
  if words and #words == 3 and (depth or 0) < 4 then return unwrap(words[3], (depth or 0) + 1) end
  return (inner:gsub("^[\"']", ""):gsub("[\"']%s*$", ""))
end

local function join_path(dir, path)
  if dir == "" or path:sub(1, 1) == "/" or path:sub(1, 1) == "~" then return normal(path) end
  return normal(dir .. path)
end

-- The operands of a command (options and globs left out), in `dir`, and
-- whether each was written with a trailing slash (a directory); the value
-- of `-t DIR` / `--target-directory[=]DIR` is returned apart.
local function operands(words, first, dir)
  local out, slashed, target = {}, {}, nil
  local i = first
  while i <= #words do
    local word = words[i]
    local value = word:match("^%-%-target%-directory=(.+)$")
    if (word == "-t" or word == "--target-directory") and words[i + 1] then
      value, i = words[i + 1], i + 1
    end
    if value then
      target = join_path(dir, value)
    elseif word:sub(1, 1) ~= "-" and not word:find("[*?%[]") and word ~= "" then
      out[#out + 1] = join_path(dir, (word:gsub("^%./", ""):gsub("/$", "")))
      slashed[#out] = word:sub(-1) == "/"
    end
    i = i + 1
  end
  return out, slashed, target
end

-- `dir` (the prefix so far, "" or ending in "/") after `cd target`: a
-- relative target is appended, an absolute one is the project root.
local function enter(dir, target)
  if target:match("^[/~]") then return "" end
  return dir .. target:gsub("^%./", ""):gsub("/?$", "/")
end

-- Git's global options before its subcommand: the index of the subcommand
-- and the directory after `-C DIR` (each joined to the last).
local function git_subcommand(words, dir)
  local k = 2
  while words[k] and words[k]:sub(1, 1) == "-" do
    if (words[k] == "-C" or words[k] == "-c") and words[k + 1] then
      if words[k] == "-C" then dir = enter(dir, words[k + 1]) end
      k = k + 2
    else
      k = k + 1
    end
  end
  return k, dir
end

-- The segments of a command with each shell wrapper's script (`bash -lc
-- '...'`, `sh -c ...`; words after the script are its $0, $1 ...) read in
-- its place, a few deep: `bash -lc 'rm a' && rm b` is two removals.
local function wrapped_segments(command, depth)
  local out = {}
  for _, words in ipairs(segments_of(command)) do
    if #words >= 3 and depth < 4 and words[1]:match("sh$") and words[2]:match("^%-l?c$") then
      for _, inner in ipairs(wrapped_segments(words[3], depth + 1)) do out[#out + 1] = inner end
    else
      out[#out + 1] = words
    end
  end
  return out
end

--- The moves and removals a shell command makes: a list of
-- `{ from = path, to = path }` (to is nil for a removal). `mv`, `git mv`,
-- `rm` and `git rm` count (`git -C DIR mv` too, its paths in DIR); words
-- are read as the shell reads them (quotes, backslashes). A relative `cd
-- DIR` earlier in the same command prefixes the paths, an absolute `cd` (or
-- `-C`) is taken as the project root.
function commands.changes(command)
  local changes, dir = {}, ""
  for _, words in ipairs(wrapped_segments(command, 0)) do
    local first, here = 1, dir
    if words[1] == "git" then first, here = git_subcommand(words, dir) end
    local verb = words[first]
    if verb == "cd" and first == 1 and words[2] then
      dir = enter(dir, words[2])
    elseif verb == "mv" then
      -- into a directory: `-t DIR`, several sources, or `DIR/`
      local paths, slashed, dest = operands(words, first + 1, here)
      local into = dest ~= nil
      if not into then
        into = #paths > 2 or slashed[#paths] == true
        dest = table.remove(paths)
      end
      for _, from in ipairs(paths) do
        local to = into and (dest .. "/" .. from:match("[^/]*$")) or dest
        changes[#changes + 1] = { from = from, to = to }
      end
    elseif verb == "rm" then
      for _, path in ipairs(operands(words, first + 1, here)) do changes[#changes + 1] = { from = path } end
    end
  end
  return changes
end

-- Programs whose first word after them is a subcommand worth keeping.
local SUBCOMMANDS = {
  git = true, npm = true, pnpm = true, yarn = true, bun = true, npx = true, cargo = true, go = true,
  mix = true, make = true, docker = true, kubectl = true, dotnet = true, uv = true, poetry = true,
  pip = true, pip3 = true, gh = true, bundle = true, rake = true, rails = true, deno = true,
  python = true, python3 = true, node = true,
}

-- Options of those programs that take a value (`pnpm --filter x test`).
local VALUE_OPTIONS = { ["--filter"] = true, ["-F"] = true, ["-C"] = true, ["--prefix"] = true, ["--dir"] = true,
  ["-w"] = true, ["--workspace"] = true, ["-p"] = true, ["--package"] = true, ["--manifest-path"] = true,
  ["-f"] = true, ["--file"] = true }

-- Wrappers that run the command after them.
local WRAPPERS = { sudo = true, env = true, time = true, timeout = true, nice = true, exec = true, command = true }

-- A word that names a file relative to the directory (`build.js`, `src/a.ts`).
local function is_relative_file(word)
  return word:find("^[%w_][%w_%.%-/]*%.%a%w*$") ~= nil
end

--- A command with its leading `cd DIR &&` steps taken out and, when DIR is
-- relative, the file operands it names resolved against it: `cd assets &&
-- node build.js` is `node assets/build.js`.
function commands.normalize(command)
  if type(command) ~= "string" then return command end
  local text, dir = command:gsub("^%s+", ""), nil
  while true do
    local d, rest = text:match("^cd%s+(%S+)%s*&&%s*(.*)$")
    if not d then break end
    d = d:gsub("^[\"']", ""):gsub("[\"']$", ""):gsub("/+$", "")
    if d:find("^[/~]") or not dir then dir = d else dir = dir .. "/" .. d end
    text = rest
  end
  if not dir or dir:find("^[/~]") or dir == "." or dir == "" then return text end
  local first = true
  return (text:gsub("%S+", function(word)
    if first then first = false return word end
    if is_relative_file(word) then return dir .. "/" .. word end
    return word
  end))
end

local stem_of

-- Stems already found: a summary asks for the same command's stem many
-- times (each render, each rule), and a long command (a here-string that
-- writes a file) takes a while to parse. Bounded: emptied when full.
local known_stems, known_count, KNOWN_MAX = {}, 0, 512
local NO_STEM = {}

--- The stem of a shell command: its program and first subcommand, after
-- any `cd ... &&` steps and environment assignments (`git push`,
-- `mix test`, `npm run test`); nil for an empty command.
function commands.stem(command)
  if type(command) ~= "string" then return nil end
  local known = known_stems[command]
  if known then
    if known == NO_STEM then return nil end
    return known
  end
  local stem = stem_of(command)
  if known_count >= KNOWN_MAX then known_stems, known_count = {}, 0 end
  known_stems[command], known_count = stem or NO_STEM, known_count + 1
  return stem
end

function stem_of(command)
  local text = commands.normalize(unwrap(command))
  for _, words in ipairs(segments_of(text)) do
    local i = 1
    while words[i] and (words[i]:find("^[%a_][%w_]*=") or WRAPPERS[words[i]]
      or (words[i - 1] == "timeout" and words[i]:find("^%d"))) do
      i = i + 1
    end
    local program = words[i]
    if program and program ~= "cd" and program ~= "pushd" and program ~= "source" and program ~= "." then
      program = program:match("[^/\\]+$") or program
      -- Windows' shims and scripts: `npm.cmd run build` is `npm run build`
      program = program:match("^(.-)%.[cC][mM][dD]$") or program:match("^(.-)%.[eE][xX][eE]$")
        or program:match("^(.-)%.[bB][aA][tT]$") or program
      -- `pip3 install` and `pip install`, `python3.12 -m` and `python -m`: one program
      program = program:match("^(pip)[%d%.]+$") or program:match("^(python)[%d%.]+$") or program
      if not SUBCOMMANDS[program] then return program end
      -- the first word after options (and the values of those that take one)
      local k = i + 1
      while words[k] and words[k]:find("^%-") do
        k = k + (VALUE_OPTIONS[words[k]] and 2 or 1)
      end
      local sub = words[k]
      if not sub then return program end
      -- `npm run test`: the script is part of the stem
      if (program == "npm" or program == "pnpm" or program == "yarn" or program == "bun")
        and sub == "run" and words[k + 1] then
        return program .. " run " .. words[k + 1]
      end
      return program .. " " .. sub
    end
  end
  return nil
end

--- The stems of every step of a command chained with `&&`, `;` or
-- newlines (a chain that passed ran each of them); the stem of a pipeline
-- is its first program's.
function commands.stems(command)
  local out, seen = {}, {}
  if type(command) ~= "string" then return out end
  local text = commands.normalize(unwrap(command))
  for step in (text .. "&&"):gmatch("(.-)%s*&&%s*") do
    for part in (step .. ";"):gmatch("([^;\n]*)[;\n]") do
      local stem = commands.stem(part)
      if stem and not seen[stem] then
        seen[stem] = true
        out[#out + 1] = stem
      end
    end
  end
  return out
end

--- A probe: a command whose failure is an answer, not an error
-- (`... || echo`, `... || true`, `test -f`, `[ -d x ]`, `which`, `ls`).
function commands.is_probe(command)
  if type(command) ~= "string" then return false end
  if command:find("||%s*echo") or command:find("||%s*true") or command:find("||%s*:%s*$")
    or command:find("2>/dev/null%s*$") then
    return true
  end
  local stem = commands.stem(command)
  return stem == "test" or stem == "[" or stem == "which" or stem == "command" or stem == "type"
    or stem == "ls" or stem == "stat" or stem == "find"
end

-- Commands that only look at things.
local LOOKUPS = { grep = true, rg = true, ag = true, sed = true, cat = true, ls = true, find = true, head = true,
  tail = true, wc = true, awk = true, nl = true, echo = true, pwd = true, which = true, tree = true, stat = true,
  du = true, file = true, diff = true, sleep = true, fd = true, less = true, jq = true, printf = true,
  ["git log"] = true, ["git status"] = true, ["git diff"] = true, ["git show"] = true, ["git branch"] = true,
  ["git ls-files"] = true, ["git grep"] = true, ["git rev-parse"] = true, ["git remote"] = true,
  -- PowerShell's (Codex on Windows), by their lower-case names
  ["get-content"] = true, ["get-childitem"] = true, ["select-string"] = true, ["test-path"] = true,
  ["get-item"] = true, ["get-location"] = true, ["resolve-path"] = true, gc = true, gci = true, dir = true,
  type = true }

--- A look-up: a command that only reads (`rg`, `sed -n`, `cat`, `git
-- status`, ...); its failure is a miss, not an error of the work.
function commands.is_lookup(command)
  local stem = commands.stem(command)
  if stem == nil then return false end
  local program = stem:match("^%S+")
  if not program then return false end -- (a stem of no word: PowerShell's `@'...'@ | Set-Content x`)
  return (LOOKUPS[stem] or LOOKUPS[program] and not stem:find("^git ") or LOOKUPS[program:lower()]
    and program:find("%-")) and true or false
end

return commands
