// The network indicator pings this every 10 s (spec README difference 11).
export function loader() {
  return Response.json({ ok: true, time: Date.now() }, { headers: { "Cache-Control": "no-store" } });
}
