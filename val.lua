package.path = "./lua/?.lua;./lua/?/init.lua;" .. package.path
package.cpath = "./build/?.so;" .. package.cpath
local core = require "compact.core"
local importers = require "compact.importers"
local state = assert(importers.load("../shared/data/pi-large-session.jsonl"))
local base = state.messages
local l = {} while #l < 9900 do for i = 1, #base do if #l >= 9900 then break end l[#l+1] = base[i] end end
local s = os.clock()
for r = 1, 200 do assert(core.validate_messages(l)) end
print((os.clock() - s) / 200 * 1e3, "ms per validate (warm cache)")
