--- Text rules of the extractive summarizer: the sentence helpers of
-- `extractive_sentences` (re-exported here), pasted output in user requests, failure detection in tool
-- output, user constraints and the keywords of `instructions`.
-- @module compact.summarizers.extractive_text

local text = {}

-- flatten, cut_words, sentences, shorten: compact.summarizers.extractive_sentences
for name, fn in pairs(require("compact.summarizers.extractive_sentences")) do text[name] = fn end

--- The first of `keys` whose value in `args` is a string with something
-- in it, or nil.
function text.first_string(args, keys)
  if type(args) ~= "table" then return nil end
  for _, key in ipairs(keys) do
    local value = rawget(args, key)
    if type(value) == "string" and value:find("%S") then return value end
  end
  return nil
end

-- == Pasted output in user requests ==

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

local function starts_as_code(line)
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
  if line:match("^%s*[%w%._%-]+@[%w%._%-]+[%s:]+%u*%d*%s*[~/]") or line:match("^%s*#%d+%s")
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
  if (starts_as_code(line) or line:find("[{}%(%[;]%s*$") and select(2, line:gsub("[{}%(%)%[%];=]", "")) >= 2)
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
function text.clean_request(s)
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
      local pasted, typed, typed_first = split_typed(line)
      if not pasted then
        run[#run + 1] = line
      elseif typed_first then
        flush()
        out[#out + 1] = typed
        run[#run + 1] = pasted
      else
        run[#run + 1] = pasted
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

-- == Text injected into user messages ==

-- Blocks that tools, hooks and harnesses put into user messages.
local INJECTED_TAGS = {
  "system%-reminder", "environment_context", "user_instructions", "task%-notification", "local%-command%-stdout",
  "local%-command%-stderr", "bash%-input", "bash%-stdout", "bash%-stderr", "command%-message", "command%-name",
  "command%-args", "user%-prompt%-submit%-hook", "ide_selection", "ide_opened_file", "command%-contents",
  "turn_aborted", "user_shell_command",
  -- Gemini CLI's context message of newer versions (date, platform, folders, GEMINI.md)
  "session_context",
  -- pi's skill expansion (`<skill name="x" location=".../SKILL.md">` ... `</skill>`, the user's words after it)
  "skill",
}

-- `s` without white space around it, in time linear in its length
-- ("^%s*(.-)%s*$" is quadratic in a long run of spaces inside it).
local trim = require("compact.util").trim -- (linear: no pattern that backtracks)

-- The text between the first `open` and the `close` after it, trimmed
-- (plain searches: linear however many openings are never closed).
local function between(s, open, close)
  local _, head = s:find(open, 1, true)
  local tail = head and s:find(close, head + 1, true)
  return tail and trim(s:sub(head + 1, tail - 1)) or nil
end

-- Other agents' compaction summaries, by how they start.
local SUMMARY_PREFIXES = {
  "this session is being continued from a previous conversation", "another language model started to solve",
  "this conversation is being continued", "the conversation history before this point was compacted",
  "previous conversation summary", "here is a summary of the conversation so far",
}

-- Whole messages that are not the user's own words.
local INJECTED_STARTS = {
  "caveat: the messages below were generated by the user while running local commands",
  "base directory for this skill:", "stop hook feedback", "pretooluse:", "posttooluse:", "hook ",
  "system: please continue", -- Gemini CLI's own nudge after an empty turn
  "<command-name>", "[image #", "# agents.md instructions", "<user_instructions>",
  -- Gemini CLI's: its context message (older versions have no tag), its note on a mode switch
  "<session_context>", "this is the gemini cli. we are setting up the context for our chat",
  "user has manually exited plan mode", "user has manually entered plan mode",
}

-- Slash commands that compact or clear the conversation.
local COMPACTION_COMMANDS = { compact = true, clear = true, summarize = true }

local INTERRUPTS = { "[request interrupted by user", "request was aborted", "[interrupted by user", "<turn_aborted" }

local function starts_with_any(lower, list)
  for _, prefix in ipairs(list) do
    if lower:sub(1, #prefix) == prefix then return true end
  end
  return false
end

--- What a user message is: `"request"` (the user's words, with injected
-- blocks removed and an IDE preamble reduced to the request it carries),
-- `"summary"` (another agent's compaction summary), `"interrupt"` (the
-- harness saying a turn was interrupted) or `"injected"` (system
-- reminders, task notifications, skill and hook documents, the user's own
-- `!command` runs, pasted JSON), `"shell"` (a command the user ran in pi's
-- shell mode, the text being the command), `"notification"` (a background task's
-- notification and the harness's note after it), `"memory"` (Claude Code's
-- `#` memory input: a standing instruction, the text being it) or
-- `"command"` (`/compact` and the like: its arguments are a request about
-- the compaction, never the goal). A slash command's arguments are a
-- request. Returns the kind and the text.
function text.user_kind(s)
  local trimmed = trim(s)
  local lower = trimmed:lower()
  if starts_with_any(lower, SUMMARY_PREFIXES) then return "summary", trimmed end
  if starts_with_any(lower, INTERRUPTS) then return "interrupt", trimmed end
  -- a slash command with arguments: the arguments are the request
  local args = trimmed:match("<command%-args>(.-)</command%-args>")
  if args and args:find("%S") then
    local name = trimmed:match("<command%-name>(.-)</command%-name>") or ""
    local kind = COMPACTION_COMMANDS[name:match("^%s*/?(%S+)") or ""] and "command" or "request"
    return kind, text.flatten(name .. " " .. args)
  end
  -- a background task's notification and the harness's note after it
  if lower:find("<task%-notification>") then return "notification", trimmed end
  -- Claude Code's "#" memory: a standing instruction, no request
  local memory = trimmed:find("^<user%-memory%-input>") and trimmed:find("</user%-memory%-input>$")
    and between(trimmed, "<user-memory-input>", "</user-memory-input>")
  if memory then return "memory", memory end
  -- Claude Code's placeholder for an empty message
  if trimmed == "(no content)" then return "injected", "" end
  -- pi's rendering of a command the user ran in its shell mode ("!ls"):
  -- "Ran `ls`" and its output in a fence, or "(no output)"
  local ran = trimmed:match("^Ran `([^`\n]+)`\n```") or trimmed:match("^Ran `([^`\n]+)`\n%(no output%)")
  if ran then return "shell", ran end
  -- Codex's IDE context: the request follows its marker
  local request = trimmed:match("##%s*My request for [%w ]-:%s*(.*)$")
    -- a prompt template around the user's words (pi's modes: "# Exploration
    -- Mode ... <user_input>wel.py is huge</user_input> ## Workflow ...")
    or between(trimmed, "<user_input>", "</user_input>")
    -- Codex's goal: the harness's rules around the user's <objective>
    or trimmed:find("^%s*<goal_context>") and between(trimmed, "<objective>", "</objective>")
  if request and request ~= "" then trimmed = request end
  local cleaned = trimmed
  for _, tag in ipairs(INJECTED_TAGS) do
    -- (only when it is closed: an open tag never closed would make each
    -- of its openings scan to the end)
    if cleaned:find("</" .. tag .. ">") then
      cleaned = cleaned:gsub("<" .. tag .. "[^>]*>.-</" .. tag .. ">", "")
    end
  end
  cleaned = trim(cleaned)
  lower = cleaned:lower()
  if cleaned == "" or starts_with_any(lower, INJECTED_STARTS) then return "injected", cleaned end
  if cleaned:match("^[%[{]") and (cleaned:match("[%]}]$")) then return "injected", cleaned end
  return "request", cleaned
end

-- How a tool result says the user refused the call, and how it says the
-- harness stopped it (an interruption, an abort, a sibling call's error).
local REFUSALS = { "the user doesn't want to proceed", "tool use was rejected", "user rejected",
  "[operation cancelled]", "user cancelled" }
local HARNESS_STOPS = { "interrupted by user", "request was aborted", "operation was aborted",
  "sibling tool call errored" }

local function says_any(s, phrases)
  local lower = s:sub(1, 400):lower()
  for _, phrase in ipairs(phrases) do
    if lower:find(phrase, 1, true) then return true end
  end
  return false
end

--- Is a tool result the user refusing the call (Gemini CLI's cancellation
-- too), not the harness stopping it?
function text.is_refusal(s)
  return says_any(s, REFUSALS)
end

--- Is a tool result the harness saying the call was rejected or
-- interrupted (not a failure of the command)?
function text.is_rejection(s)
  -- (Codex: "aborted", "aborted by user after 33.4s")
  return says_any(s, REFUSALS) or says_any(s, HARNESS_STOPS) or s:lower():match("^%s*aborted%s*$") ~= nil
    or s:lower():match("^%s*aborted by user after [%d%.]+m?s%s*$") ~= nil
end

--- Tool output some agents wrap as JSON (Codex: `{"output": "...",
-- "metadata": {"exit_code": 1}}`): the text and the exit code; other
-- output as it is. The Codex importer unwraps it already; results
-- imported before it did (kept in state files) still come wrapped.
local unwrap_tool_output = require("compact.message").unwrap_tool_output

--- Tool output with its exit code: Codex's exec_command header ("Chunk
-- ID: ...\nProcess exited with code 0\n...\nOutput:\n..."), Gemini CLI's
-- run_shell_command record ("Command: ...\nDirectory: ...\nOutput: ...\n
-- Error: (none)\nExit Code: 0\nSignal: ..."), whose `Error: (none)` is no
-- error, or the JSON wrapping (`compact.message.unwrap_tool_output`);
-- other output as it is.
function text.unwrap_output(s)
  local header, body = s:match("^(.-)\nOutput:\n(.*)$")
  if header and #header < 400 then
    -- Codex's shell tools ("Process exited with code 1", shell_command's
    -- "Exit code: 1"); its code mode's cell says no code ("Script completed")
    local code = ("\n" .. header):match("\nProcess exited with code (%-?%d+)")
      or ("\n" .. header):match("\nExit code: (%-?%d+)")
    if code then return body, tonumber(code) end
    if header:find("^Script completed") or header:find("^Script running") then return body end
  end
  if s:find("^Command: ") then
    -- greedy: the record's own Error line is the last one before Exit Code
    -- (the output may print "Error: ..." lines of its own)
    local output, err, code = s:match("\nOutput: (.*)\nError: ([^\n]*)\nExit Code: (%-?%d+)")
    if output then
      if output == "(empty)" then output = "" end
      if err ~= "(none)" then output = output == "" and err or (output .. "\n" .. err) end
      return (output:gsub("[ \t]+\n", "\n"):gsub("%s+$", "")), tonumber(code)
    end
  end
  return unwrap_tool_output(s)
end

-- Programs that only trim what a pipeline shows.
local FILTERS = { tail = true, head = true, grep = true, rg = true, sed = true, cut = true, sort = true, uniq = true,
  wc = true, tee = true, cat = true, less = true, jq = true }

--- A (flattened) command as it reads best in one line: output plumbing
-- (`2>&1`, a trailing `| tail -20` or `| grep x` ...) and a commit
-- message's heredoc wrapper dropped, each long quoted value cut on its own.
function text.short_command(s)
  s = s:gsub("%s*%d?>&%d", ""):gsub("%s*2>/dev/null", "")
  while true do
    local head, program = s:match("^(.-)%s*|%s*(%S+)[^|]*$")
    -- `a || tail log` is a fallback, not a pipe: its head ends with the other bar
    if not head or head == "" or head:sub(-1) == "|" or not FILTERS[program] then break end
    s = head
  end
  s = s:gsub("%$%(cat <<%-?['\"]?EOF['\"]?%s*", "")
  return (s:gsub("=([\"'])(.-)%1", function(quote, value)
    if #value <= 40 then return nil end
    return "=" .. quote .. text.cut_words(value, 40) .. quote
  end))
end

-- == Progress in tool output ==

-- Test-run summary lines, tried on each line of a result.
local TEST_SUMMARIES = {
  "%d+ tests?, %d+ failures?", "%d+ examples?, %d+ failures?", "%d+ successes / %d+ failures?",
  "Tests?:%s+.*%d+ passed", "Tests?:%s+.*%d+ failed", "Test Files%s+.*%d+", "%d+ passed", "%d+ failed",
  "^ok%s+%S+%s+[%d%.]+s$", "^FAIL%s+%S+", "^PASS%s+%S+", "test result: %a+%. %d+ passed",
  "Ran %d+ tests? in", "^OK%s*%(?", "^FAILED %(",
}

--- The last line of `output` that sums up a test run ("12 passed",
-- "297 tests, 11 failures"), shortened; nil when there is none.
function text.test_summary(output)
  local found, counted
  for line in output:gmatch("[^\n]+") do
    local clean = line:gsub("\27%[[%d;]*m", ""):sub(1, 300)
    for _, pattern in ipairs(TEST_SUMMARIES) do
      if clean:find(pattern) then
        found = clean
        -- (a count of none, cargo's doc tests "0 passed; 0 failed" after the
        -- crate's 13, says less than the last one that counted something)
        if clean:find("[1-9]%d* %a") then counted = clean end
        break
      end
    end
  end
  found = counted or found
  -- pytest's "===== 2 passed in 0.01s =====": the count without its rules
  if found then found = found:gsub("^[=%-%s]+", ""):gsub("[=%-%s]+$", "") end
  return found and found ~= "" and text.cut_words(text.flatten(found), 120) or nil
end

--- git's summary line of a commit ("6 files changed, 1253 insertions(+),
-- 470 deletions(-)"), or nil.
function text.commit_stats(output)
  local line = output and output:match("(%d+ files? changed[^\n]*)")
  return line and text.cut_words(text.flatten(line), 80) or nil
end

--- The subject and hash of a commit a command made: from git's "[branch abc1234]
-- subject" output line, else the subject from the command's `-m "..."` (no hash).
function text.commit_subject(command, output)
  if not command:find("git%s+commit") and not command:find("git%s+%-C%s+%S+%s+commit") then return nil end
  local hash, subject
  if output then hash, subject = output:match("\n?%[[^%]\n]+ (%x%x%x%x%x%x%x+)%] ([^\n]+)") end
  if not subject then
    -- a heredoc first (`-m "$(cat <<'EOF'` ...): its first line is the subject
    subject = command:match('%-m%s+"?%$%(cat <<%-?[\'"]?EOF[\'"]?%s*\n%s*([^\n]+)')
      or command:match('%-m%s+"([^"]+)"') or command:match("%-m%s+'([^']+)'")
  end
  return subject and text.cut_words(text.flatten(subject), 120) or nil, subject and hash or nil
end

-- == Failures in tool output ==

-- Patterns that mark output as failed even without an error flag; a
-- capture, when present, must be a non-zero count.
local FAILED = {
  "exited with code (%d+)", "exit code:? (%d+)", "exit status:? (%d+)", "exit=(%d+)",
  "(%d+) failures?", "(%d+) errors? /", "(%d+) failed", "Tests?:.-(%d+) failed",
  "\nFAIL ", "FAILED", "npm ERR!", "npm error code", "npm error command failed", "error TS%d+",
  "Traceback %(most recent call last%)", "make: %*%*%*", "Permission denied", "No such file or directory",
  "command not found", "\nError: ", "Segmentation fault",
  -- rustc and cargo, git and the many tools that write "error: ..." at a line's start
  "\nerror%[E%d+%]", "\nerror: ",
  -- a line that opens with a tool's own refusal ("apply_patch verification failed: ...")
  "\n%s*[%w_%-]+ verification failed",
  -- a sub-agent whose own model call failed reports the provider's error
  "\nAPI Error: %d%d%d ",
}

-- Output that exits non-zero without anything having gone wrong.
local HARMLESS = { "nothing to commit, working tree clean", "nothing added to commit", "Already up to date",
  -- Gemini CLI's edit tool when the file already says what was asked
  "determined that no changes were necessary" }

--- Did a command exit non-zero only to say there was nothing to do?
function text.is_harmless(s)
  for _, phrase in ipairs(HARMLESS) do
    if s:find(phrase, 1, true) then return true end
  end
  return false
end

--- Does tool output say that the command failed?
function text.looks_failed(s)
  s = "\n" .. s
  for _, pattern in ipairs(FAILED) do
    for count in s:gmatch(pattern) do
      if tonumber(count) ~= 0 then return true end
    end
  end
  return false
end

--- Does a search's output say it found nothing ("No files found", "No
-- matches found", "Found 0 matches")?
function text.found_nothing(s)
  local plain = s:match("^%s*(.-)[%.%s]*$"):lower()
  return plain:match("^no %a+ found$") ~= nil or plain:match("^found 0 %a+") ~= nil
end

local SEARCHES = { grep = true, rg = true, ag = true, ack = true }

--- Is this the exit status 1 of a search that found nothing (grep and
-- friends exit 1 on no match), rather than a failure?
function text.no_match(label, output)
  local first = label:match("^`([%w_%-]+)")
  if not SEARCHES[first] then return false end
  local rest = output:gsub("[Cc]ommand exited with code 1", ""):gsub("exit code:? 1", "")
  return not rest:find("%S") and output:find("1") ~= nil
end

-- Lines that say what went wrong, best first: a pattern to find on the
-- line (plain when `plain`), and the pattern of the part to quote.
local REASONS = {
  -- (a server's reason for refusing a push before git's "failed to push some refs")
  { "^fatal: " }, { "^remote: error: ", "error: .*" }, { "^error: " }, { "^ERROR:%s" }, { " verification failed" },
  { ":%d+:", "%f[%w_%./%-][%w_%./%-]+:%d+:.*" },
  { "error TS%d", "error TS%d+.*" },
  { "Error: ", "[%w%.]*Error: .*" }, { "[Ee]rror", "[Ee]rror.*" }, { "%d+ fail", "%d+ fail.*" }, { "FAIL", "FAIL.*" },
  { "[Ff]ailure", "[Ff]ailure.*" }, { "[Dd]enied" }, { "No such file" }, { "not found" }, { "[Ee]xception" },
  { "^The following paths are ignored" },
}

-- Lines that never explain a failure: git's hints, an exit-code header.
local function is_noise(line)
  return line:find("^%s*hint:") ~= nil or line:find("^%s*[Ee]xit code:? %-?%d+%s*$") ~= nil
    or line:find("^Process exited with code %-?%d+%s*$") ~= nil
end

-- The failing tests a runner names ("--- FAIL: TestX" of go test, pytest's
-- "FAILED tests/a.py::test_b"), at most three, or nil.
local function failing_tests(lines)
  local names, seen, message = {}, {}, nil
  for _, line in ipairs(lines) do
    message = message or line:match("^FAILED %S+ %- (.+)$") -- pytest's reason after the test
    local name = line:match("^%s*%-%-%- FAIL: (%S+)") or line:match("^FAILED ([^%s%(]%S*)")
    -- go's subtests under their test ("TestA/case_1" is TestA's)
    if name and line:find("%-%-%- FAIL:") then name = name:match("^[^/]+") end
    if name and not seen[name] then
      seen[name] = true
      names[#names + 1] = name
    end
  end
  if #names == 0 then return nil end
  local shown = {}
  for i = 1, math.min(3, #names) do shown[i] = names[i] end
  return "FAIL: " .. table.concat(shown, ", ") .. (#names > 3 and (" and " .. (#names - 3) .. " more") or ""), message
end

--- The line of failed output that explains the failure, shortened: an
-- `error:` / `fatal:` line, a located error, ..., else the last line that
-- is not a hint or an exit-code header.
function text.failure_reason(s, limit)
  -- Claude Code wraps a tool's error in a tag
  s = s:gsub("</?tool_use_error>", "")
  local lines = {}
  for line in s:gmatch("[^\n]+") do
    -- long lines are cut first: the patterns below must stay linear
    if line:find("%S") and not is_noise(line) then lines[#lines + 1] = line:sub(1, 400) end
  end
  local tests, message = failing_tests(lines)
  if tests then
    -- with the located line that says what went wrong: the last one before
    -- the first failing test's line (a t.Log before it is no assertion), not a skip
    -- (go test -v streams the lines before "--- FAIL:"; plain go test
    -- indents them under it: then the first one after it)
    local found, failed_at
    for i, line in ipairs(lines) do
      if line:find("^%s*%-%-%- FAIL:") or line:find("^FAILED ") then failed_at = failed_at or i end
      local located = line:find(":%d+:") and line:match("%f[%w_%./%-][%w_%./%-]+:%d+:.*")
      if located and located:find("%a%a%a") and not located:lower():find("skip") then
        if not failed_at then
          found = located
        elseif not found then
          found = located
          break
        end
      end
    end
    if found then return text.cut_words(text.flatten(tests .. " (" .. found .. ")"), limit) end
    return text.cut_words(text.flatten(tests .. (message and (" (" .. message .. ")") or "")), limit)
  end
  for _, reason in ipairs(REASONS) do
    for i, line in ipairs(lines) do
      local found = line:find(reason[1]) and (reason[2] and line:match(reason[2]) or line)
      -- a time of day ("10:32:15" in a table's row) is no file's location
      if found and reason[2] and found:find("^%d+:%d%d:%d%d") then found = nil end
      if found then
        -- a bare location (credo, compilers: the message on the line above)
        -- says where, not what: the message first, then where
        local where, rest = found:match("^([%w_%./%-]+:%d+[:%d]*)%s*(.*)$")
        -- (a file's location, not a time of day: "19:51:48")
        if where and where:match("^[^:]*%a") and i > 1 and not rest:gsub("#%b()", ""):find("%a%a%a") then
          local above = lines[i - 1]:gsub("^[^%w%[]+", "")
          if above:find("%a%a%a") then found = above .. " (" .. (where:match("[^/]+$") or where) .. ")" end
        end
        return text.cut_words(text.flatten(found), limit)
      end
    end
  end
  return lines[#lines] and text.cut_words(text.flatten(lines[#lines]), limit) or nil
end

--- A status that later work made stale, put in the past: "(in progress)",
-- "(IN_PROGRESS)" and a bare "IN PROGRESS" become "(then in progress)" /
-- "then in progress" (a summary's task list, read after work that went on).
function text.past_status(s)
  s = s:gsub("%(([^%)\n]-)%)", function(inner)
    local status = inner:lower():gsub("[_%-]", " ")
    if status:match("^in progress") then return "(then " .. status .. ")" end
  end)
  -- a word of its own, not the tail of an identifier (STATUS_IN_PROGRESS)
  return (s:gsub("%f[%w_]IN[ _]PROGRESS%f[^%w_]", "then in progress"))
end

-- == Constraints and decisions ==

local STRONG = { "must", "never", "always", "don't", "dont", "do not", "should", "shouldn't", "make sure",
                 "instead", "no need", "avoid", "rather than", "has to", "have to", "prefer",
                 "no more", "not allowed", "required", "keep ", "use ", "so that", "we need", "need to",
                 "needs to" }
-- Questions that propose something ("could we ...?") are decisions too.
local PROPOSALS = { "could we", "can we", "should we", "shall we", "how about", "what about", "why not" }

-- A sentence that gives a concrete value: "X is #b5bd68", "limit = 30".
local function gives_value(lower)
  return lower:find("#%x%x%x%x%x%x") or lower:find("[%w_]%s*=%s*[%w\"'`]") or lower:find(" is `")
    or lower:find(" to %d+[%a%%]*[%s%.,]")
end

-- Does a sentence read as code rather than words (pasted source the user
-- did not indent: "function deploy(config) { const image = ...")? Inline
-- code spans are words' business: "use `f()` instead of `g()`" is prose.
local function reads_as_code(sentence)
  local bare = sentence:gsub("`[^`]*`", "")
  if starts_as_code(bare) then return true end
  local marks = select(2, bare:gsub("[{}%(%)%[%];=<>]", ""))
  return marks >= 4 and marks >= #bare * 0.03
end

local function is_constraint(sentence)
  if reads_as_code(sentence) then return false end
  -- (what the user pasted is output, not the user's rule: its "x=1" is no value given)
  local lower = " " .. sentence:lower():gsub('%[pasted output, %d+ lines: ".-"%]', "") .. " "
  if lower:find("don't t?h?[iu]n[kd]") then return false end
  if sentence:match("%?[\"')]*$") then
    for _, word in ipairs(PROPOSALS) do
      if lower:find(word, 1, true) then return true end
    end
    return false
  end
  if gives_value(lower) then return true end
  local words = lower:gsub("[^%a']", " ")
  for _, word in ipairs(STRONG) do
    if words:find(" " .. word, 1, true) then return true end
  end
  return false
end

--- The sentences of a (cleaned) user request that state a constraint or a
-- decision (a requirement, a proposal, a concrete value). Other questions
-- are left out; a short sentence keeps the sentence before it for context.
function text.constraints(s)
  local out, taken = {}, {}
  -- (a paste's quote is no sentence of the user's, nor to be split as one)
  local sentences = text.sentences((s:gsub('%[pasted output, (%d+) lines: ".-"%]', "[pasted output, %1 lines]")))
  for i, sentence in ipairs(sentences) do
    -- (a list item's mark is no part of the rule)
    sentence = sentence:gsub("^[%-%*\226\128\162]+%s+", "")
    if is_constraint(sentence) then
      -- a short one with the sentence before it, unless that was a rule of its own
      if #sentence < 40 and i > 1 and not taken[i - 1] then
        local before = sentences[i - 1]:gsub("^[%-%*\226\128\162]+%s+", "")
        sentence = before .. (before:find("[%.!?:,;]$") and " " or "; ") .. sentence
      end
      out[#out + 1], taken[i] = sentence, true
    end
  end
  return out
end

local ACKS = { ["continue"] = true, ["go on"] = true, ok = true, okay = true, yes = true, y = true, go = true,
               proceed = true, sure = true, thanks = true, ["thank you"] = true, ["go ahead"] = true }

--- Is a user message only an acknowledgement or a slash command (not a
-- request of its own)?
function text.is_ack(s)
  local plain = text.flatten(s):lower():gsub("[%.!]+$", "")
  return plain == "" or ACKS[plain] == true or plain:match("^/%S*$") ~= nil
end

local STOP = { this = true, that = true, with = true, from = true, about = true, focus = true, what = true,
               which = true, summary = true, keep = true, their = true, there = true, into = true, only = true,
               when = true, they = true, them = true, those = true, these = true, should = true, more = true }

--- The words of `instructions` that decide what is kept first (four
-- letters or more, lower case, common words left out).
function text.keywords(instructions)
  local out = {}
  for word in (instructions or ""):lower():gmatch("[%w_%-%.]+") do
    word = word:gsub("^[%.%-]+", ""):gsub("[%.%-]+$", "")
    if #word >= 4 and not STOP[word] then out[#out + 1] = word end
  end
  return out
end

--- Does `s` mention one of `keywords`?
function text.mentions(s, keywords)
  if #keywords == 0 then return false end
  local lower = s:lower()
  for _, word in ipairs(keywords) do
    if lower:find(word, 1, true) then return true end
  end
  return false
end

return text
