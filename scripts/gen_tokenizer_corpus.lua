--- gen_tokenizer_corpus.lua: a deterministic, mixed corpus for comparing
-- compact.tokenizer with tiktoken (spec/tokenizer_spec.lua, bench/tokenizer.lua).
--
--   lua scripts/gen_tokenizer_corpus.lua OUT [BYTES]
--
-- Writes at least BYTES (default 5.5 MB) of English prose, code in several
-- languages (some with CRLF line ends), JSON, CJK, emoji (ZWJ sequences,
-- flags, skin tones), Arabic with diacritics, Devanagari, numbers, runs of
-- white space and random valid UTF-8 (any plane, unassigned code points and
-- a pool of characters the pre-tokenizers treat specially). The same
-- arguments give the same bytes on every Lua (5.1, 5.4, LuaJIT).

local corpus = {}

-- Park-Miller generator: exact in doubles and integers alike.
local function rng(seed)
  local state = seed
  return function(n)
    state = state * 16807 % 2147483647
    return state % n + 1
  end
end

local function utf8_char(cp)
  local floor = math.floor
  if cp < 0x80 then return string.char(cp) end
  if cp < 0x800 then
    return string.char(0xC0 + floor(cp / 64), 0x80 + cp % 64)
  end
  if cp < 0x10000 then
    return string.char(0xE0 + floor(cp / 4096), 0x80 + floor(cp / 64) % 64, 0x80 + cp % 64)
  end
  return string.char(0xF0 + floor(cp / 262144), 0x80 + floor(cp / 4096) % 64,
    0x80 + floor(cp / 64) % 64, 0x80 + cp % 64)
end
corpus.utf8_char = utf8_char
local U = utf8_char

local words = {
  "the", "of", "and", "to", "in", "is", "that", "it", "was", "for", "on", "are", "with", "as",
  "compaction", "tokenizer", "conversation", "summary", "message", "assistant", "function",
  "international", "understanding", "nevertheless", "quickly", "file", "error", "value",
  "don't", "I'm", "they're", "we've", "you'll", "she'd", "it's", "WON'T", "THEY'RE", "It'S",
  "naïve", "café", "résumé", "Zürich", "straße", "Ångström", "façade", "coöperate",
  "OpenAI", "JavaScript", "HTTPRequest", "iPhone", "McDonald", "XMLHttpRequest", "ǅemal",
}
local punct = { ".", ",", ";", ":", "!", "?", " -", " —", "...", "\"", "'", "(", ")", " /" }

local function prose(r, out)
  for _ = 1, 20 + r(60) do
    local w = words[r(#words)]
    if r(6) == 1 then w = w:sub(1, 1):upper() .. w:sub(2) end
    out[#out + 1] = w
    out[#out + 1] = r(5) == 1 and punct[r(#punct)] .. " " or " "
  end
  out[#out + 1] = r(3) == 1 and "\n\n" or "\n"
end

local idents = { "x", "count", "self", "buffer_size", "parseJSON", "HTTPServer", "i", "j", "tmp_2", "__init__" }
local code_templates = {
  "local %s = require(\"%s\")\nfor i = 1, #%s do\n  %s[i] = %s[i] * 2 -- double\nend\n",
  "def %s(%s, *args, **kwargs):\n    \"\"\"Return %s.\"\"\"\n"
    .. "    if not %s:\n        raise ValueError(f\"bad {%s!r}\")\n",
  "static int %s(const char *%s, size_t n)\n{\n\tfor (size_t k = 0; k < n; k++) {\n"
    .. "\t\tif (%s[k] == '\\n') return %s + 1;\n\t}\n\treturn -1; /* %s */\n}\n",
  "const %s = async (%s) => {\n  const res = await fetch(`/api/${%s}`);\n"
    .. "  return res.json().then((%s) => %s ?? null);\n};\n",
  "func %s(%s []byte) (int, error) {\n\tif len(%s) == 0 {\n"
    .. "\t\treturn 0, errors.New(\"%s\")\n\t}\n\treturn %s, nil\n}\n",
  "SELECT %s, COUNT(*) FROM %s WHERE %s >= 42 GROUP BY %s ORDER BY %s DESC;\n",
  "<div class=\"%s\"><a href=\"https://example.com/%s?q=%s&amp;p=2\">%s</a></div><!-- %s -->\n",
}

local function code(r, out)
  local t = code_templates[r(#code_templates)]
  local args = {}
  for k = 1, 5 do args[k] = idents[r(#idents)] end
  local text = t:format(args[1], args[2], args[3], args[4], args[5])
  if r(4) == 1 then text = text:gsub("\n", "\r\n") end
  if r(3) == 1 then text = text:gsub("\n", "\n    ") end
  out[#out + 1] = text
end

local function json_value(r, depth)
  local kind = r(depth > 2 and 4 or 6)
  if kind == 1 then return tostring(r(100000) - 50000) end
  if kind == 2 then return ("%d.%d"):format(r(1000), r(10000)) end
  if kind == 3 then return ("\"%s\\n\\t\\\"%s\\u00e9\""):format(words[r(#words)], idents[r(#idents)]) end
  if kind == 4 then return ({ "true", "false", "null" })[r(3)] end
  local parts = {}
  if kind == 5 then
    for k = 1, r(5) do parts[k] = json_value(r, depth + 1) end
    return "[" .. table.concat(parts, ", ") .. "]"
  end
  for k = 1, r(5) do
    parts[k] = ("\"%s\": %s"):format(idents[r(#idents)], json_value(r, depth + 1))
  end
  return "{" .. table.concat(parts, r(2) == 1 and ",\n  " or ",") .. "}"
end

local function json(r, out)
  out[#out + 1] = json_value(r, 0) .. "\n"
end

-- Ranges of one script: {first, last} pairs and how to space them.
local scripts = {
  cjk = { { 0x4E00, 0x9FFF }, { 0x3040, 0x30FF }, { 0xAC00, 0xD7A3 }, { 0x3000, 0x303F }, { 0xFF01, 0xFF5E } },
  arabic = { { 0x0621, 0x064A }, { 0x064B, 0x0652 }, { 0x0660, 0x0669 }, { 0x060C, 0x060C } },
  devanagari = { { 0x0905, 0x0939 }, { 0x093E, 0x094D }, { 0x0966, 0x096F }, { 0x0964, 0x0965 } },
}

local function script_text(r, out, ranges, space)
  for _ = 1, 10 + r(80) do
    local range = ranges[r(#ranges)]
    out[#out + 1] = utf8_char(range[1] + r(range[2] - range[1] + 1) - 1)
    if space and r(5) == 1 then out[#out + 1] = " " end
  end
  out[#out + 1] = r(2) == 1 and "\n" or " "
end

local emoji = {
  "😀", "👍🏽", "👨‍👩‍👧‍👦", "🇫🇷", "🇯🇵", "❤️", "🏳️‍🌈", "🧑🏿‍💻", "✨", "🔥🔥🔥", "1️⃣", "©", "™",
}

local function emojis(r, out)
  for _ = 1, 5 + r(30) do
    out[#out + 1] = emoji[r(#emoji)]
    if r(3) == 1 then out[#out + 1] = words[r(#words)] end
    if r(2) == 1 then out[#out + 1] = " " end
  end
  out[#out + 1] = "\n"
end

local function numbers(r, out)
  local n = r(6)
  if n == 1 then
    for _ = 1, r(200) do out[#out + 1] = tostring(r(10) - 1) end
  elseif n == 2 then
    out[#out + 1] = ("%d,%03d,%03d.%02d"):format(r(999), r(999) - 1, r(999) - 1, r(99))
  elseif n == 3 then
    out[#out + 1] = ("v%d.%d.%d-rc%d"):format(r(20), r(30), r(99), r(9))
  elseif n == 4 then
    out[#out + 1] = ("0x%08X 1e-%d %d%%"):format(r(2147483646), r(30), r(100))
  elseif n == 5 then
    out[#out + 1] = "٣٤٥٦ ४५६ ½¾ Ⅻ ²³ " .. tostring(r(1000000))
  else
    out[#out + 1] = ("2026-%02d-%02dT%02d:%02d:%02dZ"):format(r(12), r(28), r(24) - 1, r(60) - 1, r(60) - 1)
  end
  out[#out + 1] = r(2) == 1 and " " or "\n"
end

local spaces = { " ", "  ", "\t", "\n", "\r\n", "\r", U(0xA0), U(0x3000), U(0x2028), U(0x85), "\v", "\f", U(0x2009) }

local function whitespace(r, out)
  for _ = 1, 1 + r(12) do out[#out + 1] = spaces[r(#spaces)] end
  out[#out + 1] = r(2) == 1 and words[r(#words)] or punct[r(#punct)]
end

-- Characters the pre-tokenizers single out: apostrophes and contraction
-- letters (s, S, long s), marks, title case, modifier letters, digits of
-- other scripts, '/', CR/LF, <|endoftext|>.
local pool = {
  "'", "s", "S", "ſ", "t", "re", "VE", "ll", "D", "m", "a", "Z", U(0x301), U(0x0903), U(0x20DD),
  "ǅ", "ᾈ", "ʰ", "ー", "中", "١", "Ⅷ", "/", "//", "\r", "\n", " ", "\t", U(0xA0), "-", "_", ".",
  "<|endoftext|>", "<|fim_prefix|>", "😀", U(0x200D), U(0xFE0F), U(0xE0001), U(0x10FFFD), "ß",
}

local function random_utf8(r, out)
  for _ = 1, 20 + r(100) do
    local k = r(10)
    if k <= 6 then
      out[#out + 1] = pool[r(#pool)]
    else
      local cp = r(0x10FFFF) - 1
      if k == 7 then cp = r(0x2FFF) - 1 end
      if cp >= 0xD800 and cp <= 0xDFFF then cp = cp - 0x800 end
      out[#out + 1] = utf8_char(cp)
    end
  end
  out[#out + 1] = "\n"
end

local sections = {
  prose, prose, prose, code, code, json,
  function(r, out) script_text(r, out, scripts.cjk, false) end,
  function(r, out) script_text(r, out, scripts.arabic, true) end,
  function(r, out) script_text(r, out, scripts.devanagari, true) end,
  emojis, numbers, whitespace, random_utf8, random_utf8,
}

--- Generate `bytes` bytes or more of corpus from `seed`; returns the text.
function corpus.generate(bytes, seed)
  local r = rng(seed or 12345)
  local out, size, flushed = {}, 0, {}
  while size < bytes do
    local before = #out
    sections[r(#sections)](r, out)
    for k = before + 1, #out do size = size + #out[k] end
    if #out > 4096 then
      flushed[#flushed + 1] = table.concat(out)
      out = {}
    end
  end
  flushed[#flushed + 1] = table.concat(out)
  return table.concat(flushed)
end

if arg and arg[0] and arg[0]:match("gen_tokenizer_corpus%.lua$") and arg[1] then
  local text = corpus.generate(tonumber(arg[2]) or 5.5 * 1024 * 1024)
  local f = assert(io.open(arg[1], "wb"))
  f:write(text)
  f:close()
end

return corpus
