--- Pasted output in user requests, for the extractive summarizer: which
-- lines of a request are terminal output, logs or code the user pasted
-- rather than words the user typed, and the request with each run of them
-- shortened (`compact.summarizers.extractive_text` re-exports
-- `clean_request`).
-- @module compact.summarizers.extractive_pasted

local text = require("compact.summarizers.extractive_sentences")

local pasted = {}

local BOX = "[\226][\148\149][\128-\191]" -- U+2500..U+257F box drawing

-- Does this line of a user message look like pasted terminal output
-- rather than prose?
-- Programs whose command line, long and with options, is one the user
-- ran and pasted with its output ("go test -tags 'sqlite' -ldflags ...").
local PASTED_PROGRAMS = { go = true, cargo = true, npm = true, pnpm = true, yarn = true, npx = true, pytest = true,
  python = true, python3 = true, node = true, make = true, mix = true, gradle = true, mvn = true, dotnet = true,
  docker = true, kubectl = true, uv = true, bun = true, deno = true, rspec = true, bundle = true }

-- A long command line the user ran and pasted, its environment
-- assignments first or not ("CGO_ENABLED=0 go build -v -tags ...").
-- Its program, or nil.
local function pasted_program(line)
  local command = line:gsub("^%s*", ""):gsub("^[%a_][%w_]*=%S*%s+", ""):gsub("^[%a_][%w_]*=%S*%s+", "")
  local program = command:match("^([%w%.]+) ")
  -- (two options at least: "go through the tests with -race ..." is prose)
  if program and PASTED_PROGRAMS[program] and #line > 80 and select(2, line:gsub(" %-%-?%a", "")) >= 2 then
    return program
  end
  return nil
end

local function is_pasted_command(line)
  return pasted_program(line) ~= nil
end

-- Words the user typed: three plain words or more, half the part at
-- least, or text of a script written without spaces (not a comment).
local function is_typed_words(part)
  if part:match("^%s*//") or part:match("^%s*#") or part:match("^%s*%-%-") or part:match("^%s*/%*")
      or part:find("[{;]%s*$") or part:find("%s//%s") then
    return false
  end
  if part:find("[\227-\237][\128-\191][\128-\191]") then
    return text.word_count(part) >= 3 and not part:find("[{};=]")
  end
  local words, plain = 0, 0
  for token in part:gmatch("%S+") do
    words = words + 1
    -- (an identifier is no plain word: "GeminiUsageRate")
    if token:match("^%a+[,%.?!]?$") and not token:find("%l%u") then plain = plain + 1 end
  end
  return plain >= 3 and plain * 2 >= words
end

-- How a line of source code starts (a comment, a declaration).
local CODE_STARTS = { "//", "/*", "func ", "function ", "import ", "package ", "const ", "var ", "let ", "def ",
  "class ", "type ", "#include", "return " }

--- Does `line` open as source code (a comment, a declaration)?
function pasted.starts_as_code(line)
  local bare = line:gsub("^%s+", "")
  for _, start in ipairs(CODE_STARTS) do
    if bare:sub(1, #start) == start then return true end
  end
  return false
end

-- An item of a list the user typed, indented or not ("    •    Start a
-- 25-minute timer."): prose, not indented output (YAML's "  - name: x",
-- code's "  * p = q;" are not such items).
local function is_typed_item(line)
  local rest = line:match("^%s*\226\128\162%s*(.*)$") or line:match("^%s*[%-%*\194]\183?%s+(.*)$")
  return rest ~= nil and not rest:find("[{};=<>|]") and not rest:match("^[%w_%-\"']+:") and text.word_count(rest) >= 4
end

local function is_pasted(line)
  if line:match("^%s*$") then return false end
  if is_pasted_command(line) then return true end
  if is_typed_item(line) then return false end
  if line:match("^\t") or line:match("^    ") or line:match("%S%s%s%s+$") then return true end
  -- columns of a tool's report ("ok      app/quota    1.04s"): padded apart
  -- and with a number or a verdict in them (a typed table of words is prose)
  if (line:find("%S   +%S") or line:find("%S\t+%S")) and (line:find("%d") or line:find("%f[%a]ok%f[%A]")
      or line:find("FAIL") or line:find("PASS")) then
    return true
  end
  -- log lines: a timestamp or a level first
  if line:match("^%s*%[?%d%d%d%d%-%d%d%-%d%d") or line:match("^%s*%[?%d%d:%d%d:%d%d")
    or line:match("^%s*%[?%u%u%u%u%u?%]?%s") and (line:match("^%s*%[?INFO") or line:match("^%s*%[?WARN")
      or line:match("^%s*%[?ERROR") or line:match("^%s*%[?DEBUG") or line:match("^%s*%[?TRACE")) then
    return true
  end
  -- JSON lines and logs with escaped line breaks
  if line:match('^%s*[%[{]%s*"') or line:match("^%s*[%[{]%s*$") or line:match("^%s*[%]}],?%s*$") then return true end
  if select(2, line:gsub("\\n", "")) >= 2 then return true end
  -- a shell prompt; the arrows are whole UTF-8 sequences (a byte set would
  -- take any line opening with a bullet "•" or a quote mark for one)
  -- (a quote or a heading the user typed, "> Pick up FW-005 first ...",
  -- "# Plan for the release", is prose)
  local mark = line:match("^%s*([$%%>#]) ")
  if mark and not ((mark == ">" or mark == "#") and is_typed_words(line:gsub("^%s*[>#]%s*", ""))) then
    return true
  end
  if line:match("^%s*➜") or line:match("^%s*❯") then return true end
  -- a prompt's header line ("me@pc MINGW64 ~/app", "me@host:~/app$"),
  -- BuildKit's steps ("#17 [frontend 2/2] COPY ..."), logfmt ("time=... level=warning msg=...")
  -- (BuildKit's by their shape: "#1 priority: never push" is the user's)
  if line:match("^%s*[%w%._%-]+@[%w%._%-]+[%s:]+%u*%d*%s*[~/]") or line:match("^%s*#%d+%s+%[")
      or line:match("^%s*#%d+%s+DONE%s") or line:match("^%s*#%d+%s+CACHED%s*$")
      or line:match("^%s*#%d+%s+%d+%.%d+%s")
      or line:match("^%s*time=\"") or line:find("level=%a+%s+msg=") then
    return true
  end
  if line:match("^%s*at .+%(.*:%d+:%d+%)") or line:match("^%s*at [%w%.<>]+ %(") then return true end
  if line:find(BOX) then return true end
  if line:match("^%s*[%+%-] ?%d+ ") or line:match("^%s*npm ") or line:match("^%s*Node%.js v") then return true end
  if line:match("^%s*[%w_%.%-/@]+:%d+") or line:match("^%s*%[[%w_ ]+%]") then return true end
  -- a runner's report: "--- FAIL: TestX (0.01s)", "=== RUN TestX", a
  -- verdict column before a package ("?       app/core    [no test files]")
  -- a line of code pasted flush left: a declaration or a comment, or it
  -- opens or ends a block or a statement ("package app", "f(x) {", "g(y);")
  -- (or a field with a comment after it: "InputTokens float64 // per million")
  local before_comment = line:match("^(.-)%s//%s")
  if before_comment and before_comment:find("%S") and select(2, before_comment:gsub("%S+", "")) <= 3 then
    return true
  end
  if (pasted.starts_as_code(line) or line:find("[{}%(%[;]%s*$") and select(2, line:gsub("[{}%(%)%[%];=]", "")) >= 2)
      and not is_typed_words(line) then
    return true
  end
  -- a line a program wrote under its name: "go: downloading ...", "make: *** [test] Error 1"
  if PASTED_PROGRAMS[line:match("^%s*([%w%.%-]+):%s") or ""] then return true end
  if line:match("^%s*[%-=][%-=][%-=] %u") or line:match("^%s*%S+%s%s+[%w_%.%-]+/[%w_%.%-/]+") then return true end
  if line:match("^%s*Error:") or line:match("^%s*Waiting for the debugger") or line:match("^%s*Debugger attached") then
    return true
  end
  -- (the bytes of non-ASCII text count as letters: a Chinese sentence is prose)
  local letters = select(2, line:gsub("[%a\128-\255]", ""))
  return #line >= 8 and letters < #line * 0.4
end

local ERROR_WORDS = { "error", "fail", "exception", "denied", "not found", "cannot", "panic", "traceback" }

-- The line of pasted output worth quoting: the first with an error word,
-- else the first compiler diagnostic ("main.go:33:2: x imported and not
-- used" names no error), else the first line that is not the command.
-- Does a line say an error word as a word ("Error 1", "[setup failed]"),
-- not inside a path ("github.com/pkg/errors")?
local function says_error(lower)
  for _, word in ipairs(ERROR_WORDS) do
    local from = 1
    while true do
      local at = lower:find(word, from, true)
      if not at then break end
      -- (a letter before is a compound, "ReferenceError"; a path's "/" or "." is not)
      if at == 1 or lower:sub(at - 1, at - 1):find("[^/%.%-_]") then return true end
      from = at + 1
    end
  end
  return false
end

local function notable(lines)
  for _, line in ipairs(lines) do
    if says_error(line:lower()) and not is_pasted_command(line) then
      -- from the error's name on: "hook.js:608 [App] ReferenceError: x" quotes "ReferenceError: x"
      local at = line:find("%f[%w][%w%.]*Error: ")
      return at and line:sub(at) or line
    end
  end
  for _, line in ipairs(lines) do
    if line:match("^%s*[%w_%.%-/]+:%d+:%d*:? %S") then return line end
  end
  for _, line in ipairs(lines) do
    if not is_pasted_command(line) then return line end
  end
  return lines[1]
end

-- A pasted line that the user's own words share, apart by a wide gap
-- ("edit main.go:      } else if ...", "    return     please fix this
-- so it works"): its pasted part, its typed part, and whether the typed
-- part comes first; nil when it is all one.
local function split_typed(line)
  local head, tail = line:match("^(.-%S)%s%s%s%s+(%S.*)$")
  if head and is_typed_words(head) and not is_typed_words(tail) then return tail, head, true end
  head, tail = line:match("^(.*%S)%s%s%s%s+(%S.-)%s*$")
  if head and is_typed_words(tail) and not is_typed_words(head) then return head, tail, false end
  return nil
end

local IMAGE_EXTENSIONS = { png = true, jpg = true, jpeg = true, gif = true, webp = true }

-- A line that only separates: a run of one of - = _ * ~ (or box drawing),
-- three or more.
local function is_rule(line)
  local plain = line:gsub("%s", "")
  if #plain < 3 then return false end
  local first = plain:sub(1, 1)
  if first:find("[%-=_%*~]") then return plain:find("^" .. "%" .. first .. "+$") ~= nil end
  -- "─", "━", "═"
  return (plain:gsub("\226\148[\128\129]", ""):gsub("\226\149\144", "")) == ""
end

--- A user request with pasted output shortened: each run of two or more
-- pasted lines becomes `[pasted output, N lines: "<line>"]` quoting its first
-- error line (or its first line); a quoted path to an image becomes
-- `[image: name]`; a typed separator line goes. Returns the text (on one
-- line), the number of images mentioned, and the text with its lines.
function pasted.clean_request(s)
  local out, run, images = {}, {}, 0
  local function flush()
    if #run >= 2 then
      out[#out + 1] = "[pasted output, " .. #run .. " lines: \"" .. text.cut_words(text.flatten(notable(run)), 160)
        .. "\"]"
    elseif #run == 1 and is_pasted_command(run[1]) then
      -- a command line alone: what was run, not its options' whole text
      out[#out + 1] = "`" .. text.cut_words(text.flatten(run[1]), 80) .. "`"
    elseif #run == 1 then
      out[#out + 1] = run[1]
    end
    run = {}
  end
  -- Claude Code's stand-in for a long paste it folded ("[Pasted text #2 +149 lines]")
  s = s:gsub("%[Pasted text%s+#%d+%s+%+%d+%s+lines%]", "[pasted text]")
  -- a quoted path wrapped over two lines (terminals wrap what they paste)
  s = s:gsub("(['\"][/~][^'\"\n]*)\n%s*([^'\"\n]-%.%a+['\"])", "%1 %2")
  -- a long escaped log on one line reads as pasted output too
  s = s:gsub("[^\n]+", function(line)
    if #line > 300 and select(2, line:gsub("\\n", "")) >= 2 then return (line:gsub("\\n", "\n")) end
  end)
  -- a request and the command it pasted on one line ("fix this  go test
  -- -tags sqlite -race ./..."): the command on a line of its own
  s = s:gsub("[^\n]+", function(line)
    if #line <= 120 then return nil end
    local tried = 0
    for at, program in line:gmatch("%s()([%w%.]+) ") do
      -- (not after the command's own environment: "CGO_ENABLED=0 go build")
      if PASTED_PROGRAMS[program] and at > 1 and not line:sub(1, at - 1):match("^%s*[%a_][%w_]*=%S*%s+$") then
        -- (the first few candidates only: a line repeating "go " stays linear)
        tried = tried + 1
        if tried > 4 then return nil end
        if select(2, line:sub(at, at + 2000):gsub(" %-%-?%a", "")) >= 3 then
          return line:sub(1, at - 1):gsub("%s+$", "") .. "\n" .. line:sub(at)
        end
      end
    end
  end)
  local lines = {}
  for line in (s .. "\n"):gmatch("(.-)\r?\n") do lines[#lines + 1] = line end
  -- is there pasted output within the next few lines that are no sentence?
  local function next_pasted(i)
    -- (a few lines on only, blank ones too: a run of thousands of blank
    -- lines between two pasted ones would make it quadratic)
    local skipped = 0
    for j = i + 1, math.min(#lines, i + 12) do
      local line = lines[j]
      if is_pasted(line) then return true end
      if line:find("%S") then
        skipped = skipped + 1
        if skipped > 3 or #line > 60 or is_typed_words(line) then return false end
      end
    end
    return false
  end
  for i, line in ipairs(lines) do
    -- a quoted image path inside a line
    line = line:gsub("(['\"])([/~][^'\"]-%.(%a+))%1", function(_, path, ext)
      if not IMAGE_EXTENSIONS[ext:lower()] or not line:find("%S%s*['\"][/~]") and not line:find("['\"]%s*%S") then
        return nil
      end
      images = images + 1
      return " [image: " .. path:match("[^/]*$") .. "] "
    end)
    local image = line:match("^%s*['\"]?([/~][^'\"]*)['\"]?%s*$")
    if is_rule(line) then
      -- a typed separator ("-----", "=====") parts the request, says nothing
      flush()
      out[#out + 1] = ""
    elseif image and IMAGE_EXTENSIONS[(image:lower():match("%.(%a+)$"))] then
      flush()
      images = images + 1
      out[#out + 1] = "[image: " .. image:match("[^/]*$") .. "]"
    elseif is_pasted(line) then
      local pasted_part, typed, typed_first = split_typed(line)
      if not pasted_part then
        run[#run + 1] = line
      elseif typed_first then
        flush()
        out[#out + 1] = typed
        run[#run + 1] = pasted_part
      else
        run[#run + 1] = pasted_part
        flush()
        out[#out + 1] = typed
      end
    elseif #run > 0 and (line:match("^%s*[%w_%.%-/@:]+%s*$") and line:find("[/%.]") and #line >= 8
        or #line <= 60 and not is_typed_words(line) and not line:find("%a[%a)\"']*%?%s*$") and next_pasted(i)) then
      -- (a bare package or path line right after pasted output is output:
      -- "example.com/app/cmd/server" as go build prints it; so is a short
      -- line that is no sentence amid output: "FAIL", "coverage: 40.0%")
      run[#run + 1] = line
    else
      flush()
      out[#out + 1] = line
    end
  end
  flush()
  local kept = {}
  for _, line in ipairs(out) do
    line = text.flatten(line)
    if line ~= "" then kept[#kept + 1] = line end
  end
  return table.concat(kept, " "), images, table.concat(kept, "\n")
end

return pasted
