--- Deterministic pseudo-random numbers for specs: the same cases on every
-- Lua (5.1, LuaJIT, 5.4), from a small linear congruential generator.
--
--     local generator = require "spec.support.lcg"
--     local rand = generator(7)
--     rand(10) -- an integer in 0..9
--
-- seed * 1103515245 needs 62 bits: Lua 5.4's integers wrap at 2^64 (still
-- right modulo 2^31), doubles (5.1, LuaJIT) would round, so the product
-- is taken in two parts, each exact in a double.
local HIGH, LOW = 16838, 20077 -- 1103515245 = 16838 * 65536 + 20077
return function(seed)
  return function(n)
    seed = ((seed * HIGH) % 32768 * 65536 + seed * LOW + 12345) % 2147483648
    return seed % n
  end
end
