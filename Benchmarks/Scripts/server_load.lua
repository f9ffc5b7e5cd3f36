-- wrk script for Benchmarks/Scripts/server_load.sh: POSTs an increment to one of COUNTERS
-- counters chosen at random, through OneWay (KIND=counters) or the bare insert (KIND=bare).
local counters = tonumber(os.getenv("COUNTERS") or "64")
local prefix = os.getenv("PREFIX") or "load"
local kind = os.getenv("KIND") or "counters"

wrk.method = "POST"
wrk.body = '{"increment":{}}'
wrk.headers["Content-Type"] = "application/json"

request = function()
  local id = prefix .. "-" .. math.random(counters)
  if kind == "bare" then
    return wrk.format(nil, "/bare/" .. id)
  end
  return wrk.format(nil, "/counters/" .. id .. "/actions")
end

done = function(summary, latency, requests)
  io.write(string.format("requests=%d seconds=%.2f non2xx=%d socket_errors=%d\n",
    summary.requests, summary.duration / 1e6, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
