-- luacheck: max line length 160
-- (format templates of generated code and logs read better whole)
--- Generated samples of every content class the heuristic must hold its
-- band on (docs/estimation.md): deterministic (spec/support/lcg.lua), so
-- every run and every Lua measures the same bytes.
--
--     local classes = require "spec.support.content_classes"
--     for _, class in ipairs(classes.list) do
--       local text = classes.sample(class, seed, bytes)   -- about `bytes` long
--     end
--
-- Each class is a generator `fn(rand, bytes) -> text`; `rand(n)` gives an
-- integer in 0..n-1. Texts are cut at a line or character boundary, never
-- inside a UTF-8 character.
local lcg = require "spec.support.lcg"

local classes = {}

local concat, char, floor = table.concat, string.char, math.floor

local function pick(rand, list) return list[rand(#list) + 1] end

local function utf8(code)
  if code < 0x80 then return char(code) end
  if code < 0x800 then return char(0xC0 + floor(code / 64), 0x80 + code % 64) end
  if code < 0x10000 then
    return char(0xE0 + floor(code / 4096), 0x80 + floor(code / 64) % 64, 0x80 + code % 64)
  end
  return char(0xF0 + floor(code / 262144), 0x80 + floor(code / 4096) % 64, 0x80 + floor(code / 64) % 64,
    0x80 + code % 64)
end

-- pieces from `piece()` until `bytes` long
local function fill(bytes, piece)
  local parts, size = {}, 0
  while size < bytes do
    local text = piece()
    parts[#parts + 1] = text
    size = size + #text
  end
  return concat(parts)
end

local function from_alphabet(rand, alphabet, count)
  local out = {}
  for i = 1, count do
    local k = rand(#alphabet) + 1
    out[i] = alphabet:sub(k, k)
  end
  return concat(out)
end

local B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
local HEX = "0123456789abcdef"
local LOWER = "abcdefghijklmnopqrstuvwxyz"

local EN = { "the", "of", "and", "a", "to", "in", "is", "you", "that", "it", "was", "for", "on", "are", "as",
  "with", "they", "at", "be", "this", "have", "from", "or", "one", "had", "by", "word", "but", "not", "what",
  "all", "were", "we", "when", "your", "can", "said", "there", "use", "each", "which", "she", "do", "how",
  "their", "if", "will", "up", "other", "about", "out", "many", "then", "them", "these", "so", "some", "would",
  "make", "like", "into", "time", "has", "look", "more", "write", "go", "see", "number", "way", "could",
  "people", "than", "first", "water", "been", "call", "who", "its", "now", "find", "long", "down", "day",
  "did", "get", "come", "made", "may", "part", "conversation", "summary", "provider", "important",
  "between", "usually", "repository", "configuration", "understand", "previous", "message", "estimate" }
local NAMES = { "user", "session", "token", "buffer", "index", "count", "result", "message", "config", "value",
  "item", "list", "node", "path", "file", "cache", "state", "error", "request", "handler", "window", "text",
  "limit", "offset", "length", "entry", "record", "stream", "reply", "model", "reader", "writer", "summary" }

local function words(rand, list, count, sep)
  local out = {}
  for i = 1, count do out[i] = pick(rand, list) end
  return concat(out, sep or " ")
end

local function sentence(rand)
  local s = words(rand, EN, 6 + rand(14))
  return s:sub(1, 1):upper() .. s:sub(2) .. pick(rand, { ".", ".", ".", ",", "?", ";" })
end

local function ident(rand, style)
  local parts = {}
  for i = 1, 1 + rand(3) do
    local name = pick(rand, NAMES)
    if style == "camel" and i > 1 or style == "pascal" then name = name:sub(1, 1):upper() .. name:sub(2) end
    parts[i] = name
  end
  return concat(parts, style == "snake" and "_" or "")
end

-- words in another script: `list` of words, joined by `sep`, sentences end in `stop`
local function script_prose(list, sep, stop)
  return function(rand, bytes)
    return fill(bytes, function() return words(rand, list, 5 + rand(12), sep) .. stop .. (rand(5) == 0 and "\n" or " ") end)
  end
end

local AR = { "في", "من", "على", "إلى", "أن", "هذا", "التي", "الذي", "مع", "كان", "عن", "بين", "كل", "قد", "ذلك",
  "الله", "بعد", "عند", "الحكومة", "الرئيس", "المدينة", "العالم", "الناس", "الكتاب", "المدرسة", "البيت",
  "الماء", "الوقت", "يوم", "سنة", "العمل", "الطريق", "جديد", "كبير", "صغير", "يمكن", "يجب", "نحن", "هم",
  "الرسالة", "البرنامج", "المشروع", "الملف", "الخادم", "النموذج" }
local HE = { "של", "את", "על", "הוא", "זה", "לא", "עם", "כל", "היא", "אני", "גם", "יש", "מה", "אבל", "או", "הם",
  "היה", "בית", "ספר", "עולם", "אנשים", "ירושלים", "ממשלה", "מדינה", "שנה", "יום", "עבודה", "דרך", "חדש",
  "גדול", "קטן", "אפשר", "צריך", "אנחנו", "הודעה", "תוכנית", "פרויקט", "קובץ", "שרת", "מודל" }
local HI = { "का", "के", "की", "है", "में", "और", "को", "से", "यह", "एक", "पर", "भी", "नहीं", "था", "कि", "हैं",
  "लिए", "साथ", "सरकार", "देश", "भारत", "लोग", "समय", "काम", "दिन", "साल", "शहर", "पानी", "किताब", "विद्यालय",
  "घर", "रास्ता", "नया", "बड़ा", "छोटा", "सकते", "चाहिए", "हम", "संदेश", "कार्यक्रम", "परियोजना", "फ़ाइल" }
local TH = { "ที่", "และ", "การ", "ของ", "ใน", "เป็น", "มี", "ไม่", "ได้", "จะ", "ให้", "กับ", "ว่า", "นี้", "คน",
  "ประเทศ", "รัฐบาล", "เมือง", "โลก", "หนังสือ", "โรงเรียน", "บ้าน", "น้ำ", "เวลา", "วัน", "ปี", "งาน", "ทาง",
  "ใหม่", "ใหญ่", "เล็ก", "สามารถ", "ต้อง", "เรา", "ข้อความ", "โปรแกรม", "โครงการ", "ไฟล์", "เซิร์ฟเวอร์" }
local ZH = { "的", "是", "在", "了", "不", "和", "有", "大", "这", "主", "中", "人", "上", "为", "们", "地", "个",
  "用", "工作", "我们", "可以", "一个", "没有", "问题", "时间", "系统", "数据", "文件", "服务器", "模型", "消息",
  "程序", "项目", "政府", "国家", "世界", "城市", "学校", "发展", "经济", "社会", "技术", "历史", "文化" }
local JA = { "の", "に", "は", "を", "た", "が", "で", "て", "と", "し", "れ", "さ", "ある", "いる", "も", "する",
  "から", "な", "こと", "として", "い", "や", "など", "なっ", "ない", "この", "ため", "その", "あっ", "よう",
  "日本", "東京", "政府", "会社", "時間", "問題", "システム", "データ", "ファイル", "サーバー", "モデル",
  "メッセージ", "プログラム", "プロジェクト", "世界", "学校", "経済", "技術", "歴史", "文化" }
local KO = { "이", "그", "저", "것", "수", "등", "및", "있다", "하다", "되다", "없다", "같다", "대한", "위해",
  "정부", "국가", "세계", "도시", "학교", "발전", "경제", "사회", "기술", "역사", "문화", "시간", "문제",
  "시스템", "데이터", "파일", "서버", "모델", "메시지", "프로그램", "프로젝트", "사람", "우리", "그리고" }
local RU = { "и", "в", "не", "на", "я", "быть", "он", "с", "что", "а", "по", "это", "она", "этот", "к", "но",
  "они", "мы", "как", "из", "у", "который", "то", "за", "свой", "весь", "год", "от", "так", "о", "для",
  "правительство", "страна", "мир", "город", "школа", "развитие", "экономика", "общество", "технология",
  "история", "культура", "время", "проблема", "система", "данные", "файл", "сервер", "модель", "сообщение" }

-- emoji: plain, with skin-tone modifiers, ZWJ sequences, flags, keycaps
local function emoji(rand, bytes)
  local zwj, vs16 = utf8(0x200D), utf8(0xFE0F)
  local people = { 0x1F468, 0x1F469, 0x1F467, 0x1F466, 0x1F9D1 }
  local function one()
    local kind = rand(6)
    if kind == 0 then return utf8(0x1F600 + rand(80)) end
    if kind == 1 then return utf8(pick(rand, { 0x1F44D, 0x1F44B, 0x1F64F, 0x270B, 0x1F590 })) .. utf8(0x1F3FB + rand(5)) end
    if kind == 2 then
      local out = {}
      for i = 1, 2 + rand(3) do out[i] = utf8(pick(rand, people)) end
      return concat(out, zwj)
    end
    if kind == 3 then
      return utf8(pick(rand, { 0x1F468, 0x1F469 })) .. utf8(0x1F3FB + rand(5)) .. zwj
        .. utf8(pick(rand, { 0x1F4BB, 0x1F52C, 0x1F680, 0x1F373, 0x2695 })) .. vs16
    end
    if kind == 4 then
      local flags = { "US", "FR", "DE", "JP", "BR", "IN", "GB", "IT", "ES", "CA", "KR", "MX", "NG", "UA" }
      local code = pick(rand, flags)
      return utf8(0x1F1E6 + code:byte(1) - 65) .. utf8(0x1F1E6 + code:byte(2) - 65)
    end
    return utf8(pick(rand, { 0x2764, 0x2600, 0x2705, 0x26A0 })) .. vs16
  end
  return fill(bytes, function()
    local n, out = 1 + rand(6), {}
    for i = 1, n do out[i] = one() end
    return concat(out) .. (rand(3) == 0 and " " .. words(rand, EN, 1 + rand(4)) .. " " or "")
      .. (rand(8) == 0 and "\n" or "")
  end)
end

local function box(rand, bytes)
  local h, v = utf8(0x2500), utf8(0x2502)
  return fill(bytes, function()
    local widths, out = { 4 + rand(12), 4 + rand(16), 4 + rand(10) }, {}
    local function rule(l, m, r)
      local cells = {}
      for i, w in ipairs(widths) do cells[i] = h:rep(w + 2) end
      return utf8(l) .. concat(cells, utf8(m)) .. utf8(r)
    end
    out[#out + 1] = rule(0x250C, 0x252C, 0x2510)
    for _ = 1, 2 + rand(4) do
      local cells = {}
      for i, w in ipairs(widths) do
        local word = pick(rand, NAMES):sub(1, w)
        cells[i] = " " .. word .. (" "):rep(w - #word) .. " "
      end
      out[#out + 1] = v .. concat(cells, v) .. v
    end
    out[#out + 1] = rule(0x2514, 0x2534, 0x2518)
    if rand(2) == 0 then out[#out + 1] = utf8(0x2554) .. utf8(0x2550):rep(10 + rand(30)) .. utf8(0x2557) end
    return concat(out, "\n") .. "\n"
  end)
end

local function json_value(rand, depth)
  local kind = rand(depth > 2 and 4 or 6)
  if kind == 0 then return tostring(rand(100000)) end
  if kind == 1 then return '"' .. words(rand, EN, 1 + rand(6)) .. '"' end
  if kind == 2 then return pick(rand, { "true", "false", "null" }) end
  if kind == 3 then return '"' .. ident(rand, "camel") .. '"' end
  if kind == 4 then
    local items = {}
    for i = 1, 1 + rand(4) do items[i] = json_value(rand, depth + 1) end
    return "[" .. concat(items, ",") .. "]"
  end
  local fields = {}
  for i = 1, 1 + rand(5) do fields[i] = '"' .. ident(rand, "camel") .. '":' .. json_value(rand, depth + 1) end
  return "{" .. concat(fields, ",") .. "}"
end

local function pretty_json(rand, depth, indent)
  local pad = ("  "):rep(indent)
  local fields = {}
  for i = 1, 2 + rand(4) do
    local value = depth < 3 and rand(3) == 0 and pretty_json(rand, depth + 1, indent + 1) or json_value(rand, 3)
    fields[i] = pad .. '  "' .. ident(rand, "snake") .. '": ' .. value
  end
  return "{\n" .. concat(fields, ",\n") .. "\n" .. pad .. "}"
end

local function yaml(rand, bytes)
  return fill(bytes, function()
    local out = { ident(rand, "snake") .. ":" }
    for _ = 1, 2 + rand(5) do
      local key = ident(rand, "snake")
      local kind = rand(4)
      if kind == 0 then out[#out + 1] = "  " .. key .. ": " .. rand(10000)
      elseif kind == 1 then out[#out + 1] = "  " .. key .. ": " .. words(rand, EN, 1 + rand(5))
      elseif kind == 2 then
        out[#out + 1] = "  " .. key .. ":"
        for _ = 1, 1 + rand(3) do out[#out + 1] = "    - " .. pick(rand, NAMES) .. "-" .. rand(100) end
      else out[#out + 1] = "  " .. key .. ": \"" .. pick(rand, { "/usr/local/bin", "${HOME}/.config", "true", "v1.2.3" }) .. "\"" end
    end
    return concat(out, "\n") .. "\n"
  end)
end

local function timestamp(rand)
  return string.format("2025-%02d-%02dT%02d:%02d:%02d.%03dZ", 1 + rand(12), 1 + rand(28), rand(24), rand(60),
    rand(60), rand(1000))
end

local function logs(rand, bytes)
  return fill(bytes, function()
    return string.format("%s %-5s [%s] %s %s=%d %s=%s\n", timestamp(rand), pick(rand, { "INFO", "WARN", "DEBUG", "ERROR" }),
      pick(rand, { "http", "db.pool", "worker-3", "scheduler", "auth" }), sentence(rand), ident(rand, "snake"),
      rand(100000), pick(rand, NAMES), string.format("%08x", rand(2147483647)))
  end)
end

local function stack(rand, bytes)
  return fill(bytes, function()
    if rand(2) == 0 then
      local out = { "Exception in thread \"main\" java.lang." .. pick(rand, { "NullPointerException",
        "IllegalStateException", "IndexOutOfBoundsException" }) .. ": " .. sentence(rand) }
      for _ = 1, 5 + rand(15) do
        local class = ident(rand, "pascal")
        out[#out + 1] = string.format("\tat com.%s.%s.%s.%s(%s.java:%d)", pick(rand, { "example", "acme", "corp" }),
          pick(rand, NAMES), class, ident(rand, "camel"), class, 10 + rand(900))
      end
      return concat(out, "\n") .. "\n"
    end
    local out = { "Traceback (most recent call last):" }
    for _ = 1, 3 + rand(8) do
      out[#out + 1] = string.format('  File "/home/user/project/%s/%s.py", line %d, in %s', pick(rand, NAMES),
        ident(rand, "snake"), 1 + rand(500), ident(rand, "snake"))
      out[#out + 1] = "    " .. ident(rand, "snake") .. " = " .. ident(rand, "snake") .. "(" .. pick(rand, NAMES) .. ")"
    end
    out[#out + 1] = pick(rand, { "KeyError", "ValueError", "TypeError" }) .. ": '" .. ident(rand, "snake") .. "'"
    return concat(out, "\n") .. "\n"
  end)
end

local function diff(rand, bytes)
  return fill(bytes, function()
    local file = pick(rand, NAMES) .. "/" .. ident(rand, "snake") .. ".py"
    local out = { "diff --git a/" .. file .. " b/" .. file, "index " .. from_alphabet(rand, HEX, 7) .. ".."
      .. from_alphabet(rand, HEX, 7) .. " 100644", "--- a/" .. file, "+++ b/" .. file,
      string.format("@@ -%d,%d +%d,%d @@ def %s():", rand(300), 6, rand(300), 7, ident(rand, "snake")) }
    for _ = 1, 4 + rand(8) do
      local line = "    " .. ident(rand, "snake") .. " = " .. ident(rand, "snake") .. "(" .. pick(rand, NAMES) .. ", " .. rand(100) .. ")"
      out[#out + 1] = pick(rand, { " ", " ", "+", "-" }) .. line
    end
    return concat(out, "\n") .. "\n"
  end)
end

-- code: one function per piece, in the language's own shape
local CODE = {
  python = function(rand)
    local name, arg = ident(rand, "snake"), pick(rand, NAMES)
    return string.format("def %s(%s, %s=None):\n    \"\"\"%s\"\"\"\n    if %s is None:\n        return []\n"
      .. "    for %s in %s.%s():\n        self.%s[%s] = %s + %d\n    return %s\n\n\n", name, arg, ident(rand, "snake"),
      sentence(rand), arg, pick(rand, NAMES), arg, ident(rand, "snake"), pick(rand, NAMES), pick(rand, NAMES), arg,
      rand(100), arg)
  end,
  javascript = function(rand)
    local name, arg = ident(rand, "camel"), pick(rand, NAMES)
    return string.format("export async function %s(%s, { %s = %d } = {}) {\n  // %s\n  const %s = await fetch(`/api/%s/${%s.id}`);\n"
      .. "  if (!%s.ok) throw new Error(\"%s\");\n  return %s.map((x) => x.%s).filter(Boolean);\n}\n\n", name, arg,
      ident(rand, "camel"), rand(1000), sentence(rand), pick(rand, NAMES), pick(rand, NAMES), arg, pick(rand, NAMES),
      sentence(rand), arg, ident(rand, "camel"))
  end,
  go = function(rand)
    local name, typ = ident(rand, "pascal"), ident(rand, "pascal")
    return string.format("// %s %s\nfunc (s *%s) %s(ctx context.Context, %s string) (*%s, error) {\n\tif %s == \"\" {\n"
      .. "\t\treturn nil, fmt.Errorf(\"%s: %%w\", err)\n\t}\n\tfor i := 0; i < %d; i++ {\n\t\ts.%s = append(s.%s, i)\n\t}\n\treturn &%s{}, nil\n}\n\n",
      name, sentence(rand), typ, name, pick(rand, NAMES), typ, pick(rand, NAMES), ident(rand, "snake"), rand(64),
      pick(rand, NAMES), pick(rand, NAMES), typ)
  end,
  rust = function(rand)
    local name, typ = ident(rand, "snake"), ident(rand, "pascal")
    return string.format("/// %s\npub fn %s(&mut self, %s: &[u8]) -> Result<%s, Error> {\n    let mut %s = Vec::with_capacity(%d);\n"
      .. "    for (i, b) in %s.iter().enumerate() {\n        %s.push(*b as u32 + i as u32);\n    }\n    Ok(%s::from(%s))\n}\n\n",
      sentence(rand), name, pick(rand, NAMES), typ, pick(rand, NAMES), rand(256), pick(rand, NAMES), pick(rand, NAMES), typ,
      pick(rand, NAMES))
  end,
  java = function(rand)
    local name, typ = ident(rand, "camel"), ident(rand, "pascal")
    return string.format("    /** %s */\n    public %s %s(final String %s) throws IOException {\n        if (%s == null) {\n"
      .. "            throw new IllegalArgumentException(\"%s\");\n        }\n        List<%s> items = new ArrayList<>(%d);\n"
      .. "        return this.%s.get(%s);\n    }\n\n", sentence(rand), typ, name, pick(rand, NAMES), pick(rand, NAMES),
      sentence(rand), typ, rand(100), ident(rand, "camel"), pick(rand, NAMES))
  end,
  c = function(rand)
    local name = ident(rand, "snake")
    return string.format("/* %s */\nstatic int %s(struct %s *%s, size_t len)\n{\n    size_t i;\n    if (!%s || len > %d)\n"
      .. "        return -1;\n    for (i = 0; i < len; i++)\n        %s->%s[i] = (unsigned char)(i & 0x%02x);\n    return 0;\n}\n\n",
      sentence(rand), name, ident(rand, "snake"), pick(rand, NAMES), pick(rand, NAMES), rand(4096), pick(rand, NAMES),
      pick(rand, NAMES), rand(256))
  end,
}

local function minified_js(rand, bytes)
  return fill(bytes, function()
    local a, b = from_alphabet(rand, LOWER, 1), from_alphabet(rand, LOWER, 1)
    return string.format("function %s(%s,%s){var %s=%s.%s||{};if(!%s)return %d;for(var i=0;i<%s.length;i++)%s[i]=%s(%s[i],\"%s\");return %s}",
      from_alphabet(rand, LOWER .. "ABCDEF", 1 + rand(2)), a, b, from_alphabet(rand, LOWER, 1), a, ident(rand, "camel"), b, rand(100),
      a, b, from_alphabet(rand, LOWER, 2), a, pick(rand, NAMES), b)
      .. (rand(3) == 0 and "var " .. ident(rand, "camel") .. "=" .. json_value(rand, 1) .. ";" or "")
  end)
end

local function urls(rand, bytes)
  return fill(bytes, function()
    local host = pick(rand, { "github.com", "api.example.com", "docs.python.org", "www.google.com", "cdn.jsdelivr.net" })
    return string.format("https://%s/%s/%s/%s?%s=%s&page=%d#%s\n", host, pick(rand, NAMES), ident(rand, "snake"),
      pick(rand, { "blob/main", "v1", "issues/" .. rand(9999), "3/library" }), pick(rand, NAMES),
      from_alphabet(rand, LOWER .. "0123456789", 6 + rand(10)), rand(50), pick(rand, NAMES))
  end)
end

local function paths(rand, bytes)
  return fill(bytes, function()
    local depth, parts = 2 + rand(5), {}
    for i = 1, depth do parts[i] = rand(3) == 0 and ident(rand, "camel") or pick(rand, NAMES) end
    local root = pick(rand, { "/home/user/", "./", "src/", "/usr/lib/", "C:\\Users\\dev\\" })
    local sep = root:find("\\", 1, true) and "\\" or "/"
    return root .. concat(parts, sep) .. pick(rand, { ".lua", ".c", ".ts", ".py", ".json", ".md", "" }) .. "\n"
  end)
end

--- Every class: name and generator `fn(rand, bytes) -> text`.
classes.list = {
  { "base64", function(rand, bytes) return from_alphabet(rand, B64, bytes) end },
  { "base64 wrapped at 76", function(rand, bytes) return fill(bytes, function() return from_alphabet(rand, B64, 76) .. "\n" end) end },
  { "hex", function(rand, bytes)
    return fill(bytes, function() return from_alphabet(rand, HEX, pick(rand, { 8, 32, 40, 64 })) .. pick(rand, { " ", "\n" }) end) end },
  { "UUIDs", function(rand, bytes)
    return fill(bytes, function()
      return from_alphabet(rand, HEX, 8) .. "-" .. from_alphabet(rand, HEX, 4) .. "-4" .. from_alphabet(rand, HEX, 3) .. "-"
        .. from_alphabet(rand, "89ab", 1) .. from_alphabet(rand, HEX, 3) .. "-" .. from_alphabet(rand, HEX, 12) .. "\n"
    end) end },
  { "digits", function(rand, bytes)
    return fill(bytes, function() return from_alphabet(rand, "0123456789", 1 + rand(20)) .. pick(rand, { " ", ",", "\n", ", " }) end) end },
  { "abcd repeated", function(_, bytes) return ("abcd"):rep(math.ceil(bytes / 4)) end },
  { "PascalCase runs", function(rand, bytes)
    return fill(bytes, function()
      local out = {}
      for i = 1, 4 + rand(12) do out[i] = ident(rand, "pascal") end
      return concat(out) .. pick(rand, { " ", "\n", "." })
    end) end },
  { "camelCase runs", function(rand, bytes)
    return fill(bytes, function()
      local out = {}
      for i = 1, 4 + rand(12) do out[i] = ident(rand, i == 1 and "camel" or "pascal") end
      return concat(out) .. pick(rand, { " ", "\n", "(" })
    end) end },
  { "400 letters without separators", function(rand, bytes)
    -- words run together (hashtags, slugs, squashed identifiers), 400 letters a line
    return fill(bytes, function()
      local out, size = {}, 0
      while size < 400 do
        out[#out + 1] = pick(rand, rand(2) == 0 and EN or NAMES)
        size = size + #out[#out]
      end
      return concat(out):sub(1, 400) .. "\n"
    end) end },
  { "emoji (ZWJ, flags, modifiers)", emoji },
  { "Arabic", script_prose(AR, " ", ".") },
  { "Hebrew", script_prose(HE, " ", ".") },
  { "Hindi", script_prose(HI, " ", " ।") },
  { "Thai", script_prose(TH, "", " ") },
  { "Chinese", script_prose(ZH, "", "。") },
  { "Japanese", script_prose(JA, "", "。") },
  { "Korean", script_prose(KO, " ", ".") },
  { "Cyrillic", script_prose(RU, " ", ".") },
  { "white-space runs", function(rand, bytes)
    return fill(bytes, function()
      return pick(rand, NAMES) .. (" "):rep(1 + rand(60)) .. pick(rand, { "", "\t", "\t\t" }) .. ("\n"):rep(rand(4))
    end) end },
  { "indentation", function(rand, bytes)
    return fill(bytes, function()
      local unit = pick(rand, { "  ", "    ", "\t" })
      return unit:rep(1 + rand(8)) .. ident(rand, "snake") .. "(" .. pick(rand, NAMES) .. ")\n"
    end) end },
  { "box drawing", box },
  { "minified JS", minified_js },
  { "minified JSON", function(rand, bytes) return fill(bytes, function() return json_value(rand, 0) end) end },
  { "pretty JSON", function(rand, bytes) return fill(bytes, function() return pretty_json(rand, 0, 0) .. ",\n" end) end },
  { "YAML", yaml },
  { "logs", logs },
  { "stack traces", stack },
  { "diffs", diff },
}
for _, language in ipairs { "python", "javascript", "go", "rust", "java", "c" } do
  local piece = CODE[language]
  classes.list[#classes.list + 1] = { "code: " .. language, function(rand, bytes)
    return fill(bytes, function() return piece(rand) end) end }
end
-- numbered listings: a file read as `cat -n` (tab) and agents' file reads
-- (U+2192) print it, the number right-aligned in 6 columns
for _, listing in ipairs { { "tab", "\t" }, { "arrow", "\226\134\146" } } do
  classes.list[#classes.list + 1] = { "numbered listing (" .. listing[1] .. ")", function(rand, bytes)
    local number, languages = 0, { "python", "javascript", "go", "rust", "java", "c" }
    return fill(bytes, function()
      local out = {}
      for line in CODE[pick(rand, languages)](rand):gmatch("([^\n]*)\n") do
        number = number + 1
        out[#out + 1] = string.format("%6d%s%s\n", number, listing[2], line)
      end
      return concat(out)
    end) end }
end
for _, extra in ipairs {
  { "English prose", function(rand, bytes)
    return fill(bytes, function() return sentence(rand) .. (rand(5) == 0 and "\n\n" or " ") end) end },
  { "URLs", urls },
  { "paths", paths },
} do classes.list[#classes.list + 1] = extra end

--- A sample of `class` (an entry of `classes.list`) from `seed`, cut to at
-- most `bytes` at a character boundary.
function classes.sample(class, seed, bytes)
  local text = class[2](lcg(seed), bytes)
  local cut = bytes
  while cut > 0 and cut < #text do
    local b = text:byte(cut + 1)
    if b < 0x80 or b >= 0xC0 then break end
    cut = cut - 1
  end
  return text:sub(1, cut)
end

return classes
