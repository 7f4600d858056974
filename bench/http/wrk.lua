-- wrk script of bench/http_ab.sh: sends the request (POST with a body when one is given),
-- checks every response against the reply both pools gave before timing (status 200 and
-- the same bytes, so a broken pool cannot pass for a fast one), stops a thread after its
-- share of the request cap, and prints one line of results for the script to parse.
--   wrk ... -s wrk.lua URL -- EXPECTED_BODY_FILE MAX_REQUESTS_PER_THREAD [POST_BODY_FILE]

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
   if answered >= cap then
      wrk.thread:stop()
   end
end

function done(summary, latency, requests)
   local bad_total, first = 0, ""
   for _, thread in ipairs(threads) do
      bad_total = bad_total + thread:get("bad")
      if first == "" then first = thread:get("first_bad") end
   end
   local e = summary.errors
   io.write(string.format(
      "AB_RESULT requests=%d duration_us=%d p50_us=%d p99_us=%d mean_us=%.1f bad=%d socket_errors=%d\n",
      summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.mean,
      bad_total, e.connect + e.read + e.write + e.timeout))
   if first ~= "" then
      io.write("AB_FIRST_BAD " .. string.gsub(first, "[\r\n]", " ") .. "\n")
   end
end
