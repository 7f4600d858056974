-- wrk script of bench/http_ab.sh: sends the request (POST with a body when one is given),
-- checks every response against the reply both pools gave before timing (status 200 and
-- the same bytes, so a broken pool cannot pass for a fast one), stops a thread after its
-- share of the request cap, and prints one line of results for the script to parse.
-- wrk reports the full -d duration even when its threads stopped early, so a thread that
-- reaches the cap notes when it did (wrk's Lua is LuaJIT: its ffi reads the clock).
--   wrk ... -s wrk.lua URL -- EXPECTED_BODY_FILE MAX_REQUESTS_PER_THREAD [POST_BODY_FILE]

local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } ab_timespec;
int clock_gettime(int clock_id, ab_timespec *tp);
]]
local CLOCK_MONOTONIC = 1
local ts = ffi.new("ab_timespec")

local function now_us()
   ffi.C.clock_gettime(CLOCK_MONOTONIC, ts)
   return tonumber(ts.tv_sec) * 1e6 + tonumber(ts.tv_nsec) / 1e3
end

local threads = {}

function setup(thread)
   table.insert(threads, thread)
end

local function slurp(path)
   local f = assert(io.open(path, "rb"))
   local s = f:read("*a")
   f:close()
   return s
end

function init(args)
   expected = slurp(args[1])
   cap = tonumber(args[2])
   if args[3] then
      wrk.method = "POST"
      wrk.body = slurp(args[3])
      wrk.headers["Content-Type"] = "application/json"
   end
   answered = 0
   bad = 0
   first_bad = ""
   capped_after_us = 0
   started_us = now_us()
end

function response(status, headers, body)
   answered = answered + 1
   -- Lua strings are interned: an identical body is found by one hash and one compare.
   if status ~= 200 or body ~= expected then
      if bad == 0 then
         first_bad = "status " .. status .. ", " .. #body .. " bytes: " .. string.sub(body, 1, 120)
      end
      bad = bad + 1
   end
   if answered == cap then
      capped_after_us = now_us() - started_us
      wrk.thread:stop()
   end
end

function done(summary, latency, requests)
   local bad_total, first, capped_us = 0, "", 0
   for _, thread in ipairs(threads) do
      bad_total = bad_total + thread:get("bad")
      if first == "" then first = thread:get("first_bad") end
      local c = thread:get("capped_after_us")
      -- the run lasted until its last thread stopped, or the whole -d if one did not
      capped_us = (c > 0 and capped_us >= 0) and math.max(capped_us, c) or -1
   end
   local duration = capped_us > 0 and capped_us or summary.duration
   local e = summary.errors
   io.write(string.format(
      "AB_RESULT requests=%d duration_us=%d p50_us=%d p99_us=%d mean_us=%.1f bad=%d socket_errors=%d capped=%d\n",
      summary.requests, duration, latency:percentile(50), latency:percentile(99), latency.mean,
      bad_total, e.connect + e.read + e.write + e.timeout, capped_us > 0 and 1 or 0))
   if first ~= "" then
      io.write("AB_FIRST_BAD " .. string.gsub(first, "[\r\n]", " ") .. "\n")
   end
end
