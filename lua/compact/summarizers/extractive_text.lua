--- Text rules of the extractive summarizer: shortening at sentence
-- boundaries, pasted output in user requests, failure detection in tool
-- output, user constraints and the keywords of `instructions`.
-- @module compact.summarizers.extractive_text

local cut_point = require("compact.message").cut_point

local text = {}

--- One line: white space runs become single spaces, trimmed.
function text.flatten(s)
  return (s:gsub("%s+", " "):match("^ ?(.-) ?$"))
end

--- Cut `s` to at most `limit` bytes at a word boundary (never inside a
-- UTF-8 sequence), ending with "..." when something was cut.
function text.cut_words(s, limit)
  if #s <= limit then return s end
  if limit <= 3 then return ("..."):sub(1, limit) end
  local stop = cut_point(s, limit - 3)
  local space = s:sub(1, stop):match("^.*()%s")
  if space and space > stop / 2 then stop = space - 1 end
  return (s:sub(1, stop):gsub("[%s,;:]+$", "")) .. "..."
end

--- The sentences of `s`, in order: every non-blank line is split after
-- ".", "!" or "?" followed by white space. Markdown heading marks and code
-- fences are dropped.
function text.sentences(s)
  local out = {}
  local in_fence = false
  for line in (s .. "\n"):gmatch("(.-)\r?\n") do
    if line:match("^%s*```") then
      in_fence = not in_fence
    elseif not in_fence and line:find("%S") then
      line = text.flatten(line:gsub("^%s*#+%s*", ""))
      local start = 1
      for stop in line:gmatch("[%.!?][\"')%]]*()%s") do
        out[#out + 1] = line:sub(start, stop - 1)
        start = stop + 1
      end
      if start <= #line then out[#out + 1] = line:sub(start) end
    end
  end
  return out
end

--- The leading whole sentences of `s` that fit in `limit` bytes, joined by
-- spaces. Never ends inside a sentence, except when the first sentence
-- alone is longer than `limit`: then it is cut at a word boundary with "...".
function text.shorten(s, limit)
  local units = text.sentences(s)
  if #units == 0 then return "" end
  local used = #units[1]
  if used > limit then return text.cut_words(units[1], limit) end
  local kept = { units[1] }
  for i = 2, #units do
    if used + 1 + #units[i] > limit then break end
    kept[#kept + 1] = units[i]
    used = used + 1 + #units[i]
  end
  return table.concat(kept, " ")
end

-- == Pasted output in user requests ==

local BOX = "[\226][\148\149][\128-\191]" -- U+2500..U+257F box drawing

-- Does this line of a user message look like pasted terminal output
-- rather than prose?
local function is_pasted(line)
  if line:match("^%s*$") then return false end
  if line:match("^\t") or line:match("^    ") or line:match("%S%s%s%s+$") then return true end
  if line:match("^%s*[➜❯$%%>#] ") or line:match("^%s*[➜❯]") then return true end
  if line:match("^%s*at .+%(.*:%d+:%d+%)") or line:match("^%s*at [%w%.<>]+ %(") then return true end
  if line:find(BOX) then return true end
  if line:match("^%s*[%+%-] ?%d+ ") or line:match("^%s*npm ") or line:match("^%s*Node%.js v") then return true end
  if line:match("^%s*[%w_%.%-/]+:%d+") or line:match("^%s*%[[%w_ ]+%]") then return true end
  if line:match("^%s*Error:") or line:match("^%s*Waiting for the debugger") or line:match("^%s*Debugger attached") then
    return true
  end
  local letters = select(2, line:gsub("%a", ""))
  return #line >= 8 and letters < #line * 0.4
end

local ERROR_WORDS = { "error", "fail", "exception", "denied", "not found", "cannot", "panic", "traceback" }

local function notable(lines)
  for _, line in ipairs(lines) do
    local lower = line:lower()
    for _, word in ipairs(ERROR_WORDS) do
      if lower:find(word, 1, true) then return line end
    end
  end
  return lines[1]
end

local IMAGE_EXTENSIONS = { png = true, jpg = true, jpeg = true, gif = true, webp = true }

--- A user request with pasted output shortened: each run of two or more
-- pasted lines becomes `[pasted output, N lines: "<line>"]` quoting its first
-- error line (or its first line); a quoted path to an image becomes
-- `[image: name]`. Returns the text and the number of images mentioned.
function text.clean_request(s)
  local out, run, images = {}, {}, 0
  local function flush()
    if #run >= 2 then
      out[#out + 1] = "[pasted output, " .. #run .. " lines: \"" .. text.cut_words(text.flatten(notable(run)), 100)
        .. "\"]"
    elseif #run == 1 then
      out[#out + 1] = run[1]
    end
    run = {}
  end
  for line in (s .. "\n"):gmatch("(.-)\r?\n") do
    local image = line:match("^%s*['\"]?([/~][^'\"]*)['\"]?%s*$")
    if image and IMAGE_EXTENSIONS[(image:lower():match("%.(%a+)$"))] then
      flush()
      images = images + 1
      out[#out + 1] = "[image: " .. image:match("[^/]*$") .. "]"
    elseif is_pasted(line) then
      run[#run + 1] = line
    else
      flush()
      out[#out + 1] = line
    end
  end
  flush()
  return text.flatten(table.concat(out, "\n")), images
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
}

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
  { ":%d+:", "[%w_%./%-]+:%d+:.*" }, { "error TS%d", "error TS%d+.*" }, { "Error: ", "[%w%.]*Error: .*" },
  { "[Ee]rror", "[Ee]rror.*" }, { "%d+ fail", "%d+ fail.*" }, { "FAIL", "FAIL.*" }, { "[Ff]ailure", "[Ff]ailure.*" },
  { "[Dd]enied" }, { "No such file" }, { "not found" }, { "[Ee]xception" },
}

--- The line of failed output that explains the failure, shortened.
function text.failure_reason(s, limit)
  local lines = {}
  for line in s:gmatch("[^\n]+") do
    -- long lines are cut first: the patterns below must stay linear
    if line:find("%S") then lines[#lines + 1] = line:sub(1, 400) end
  end
  for _, reason in ipairs(REASONS) do
    for _, line in ipairs(lines) do
      if line:find(reason[1]) then
        local found = reason[2] and line:match(reason[2]) or line
        return text.cut_words(text.flatten(found), limit)
      end
    end
  end
  return lines[#lines] and text.cut_words(text.flatten(lines[#lines]), limit) or nil
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

local function is_constraint(sentence)
  local lower = " " .. sentence:lower() .. " "
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
  local out = {}
  local sentences = text.sentences(s)
  for i, sentence in ipairs(sentences) do
    if is_constraint(sentence) then
      if #sentence < 40 and i > 1 and out[#out] ~= sentences[i - 1] then
        sentence = sentences[i - 1] .. " " .. sentence
      end
      out[#out + 1] = sentence
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
