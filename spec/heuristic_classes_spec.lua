-- The heuristic's band on every content class (docs/estimation.md): on
-- generated samples of 2-8 KB (spec/support/content_classes.lua, two or
-- more per class), compact.heuristic():text(s) is at least 0.85 and at most
-- 1.6 times the larger of the exact o200k_base and cl100k_base counts.
local compact = require "compact"
local classes = require "spec.support.content_classes"

local LOW, HIGH = 0.85, 1.6
-- sizes and seeds: every class gets a short, a middle and a long sample
local SAMPLES = { { 2048, 11 }, { 5000, 23 }, { 8192, 37 } }

describe("compact.heuristic on every content class", function()
  local o200k = assert(compact.tokenizer("o200k_base"))
  local cl100k = assert(compact.tokenizer("cl100k_base"))
  local heuristic = compact.heuristic()

  it("has generated samples of every class, 2-8 KB, valid UTF-8", function()
    assert.is_true(#classes.list >= 36)
    for _, class in ipairs(classes.list) do
      for _, sample in ipairs(SAMPLES) do
        local text = classes.sample(class, sample[2], sample[1])
        assert.is_true(#text >= 2000 and #text <= sample[1], class[1])
        -- the same seed gives the same bytes
        assert.equal(text, classes.sample(class, sample[2], sample[1]))
        -- cut at a character boundary: the last byte is not a lead byte
        -- and the tokenizers see no invalid UTF-8 at the end
        assert.is_true(text:byte(#text) < 0xC0, class[1])
      end
    end
  end)

  for _, class in ipairs(classes.list) do
    it("stays within " .. LOW .. "-" .. HIGH .. "x of max(o200k, cl100k) on " .. class[1], function()
      for _, sample in ipairs(SAMPLES) do
        local text = classes.sample(class, sample[2], sample[1])
        local exact = math.max(o200k:count(text), cl100k:count(text))
        local ratio = heuristic:text(text) / exact
        if ratio < LOW or ratio > HIGH then
          error(string.format("%s, %d bytes: heuristic %d, max(o200k, cl100k) %d: ratio %.3f", class[1], #text,
            heuristic:text(text), exact, ratio))
        end
      end
    end)
  end
end)
