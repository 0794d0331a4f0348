import sys, json, time, os
from agents.core.runtime import Assistant
scoring = sys.argv[1]
convs = json.loads(sys.argv[2])
a = Assistant(provider="offline", scoring=scoring)
for conv in convs:
    th = None
    for q in conv:
        t=time.time()
        r = a.ask(q, th); th = r["thread_id"]
        print("Q:", q, f"({time.time()-t:.1f}s)", r["intent"])
        for c in r["tool_calls"]: print("   T:", c["name"], json.dumps(c["args"])[:200])
        print("   A:", (r["answer"] or "")[:700].replace("\n","\n      "))
        print("   P:", [c.get("title") for c in r.get("pending_approvals") or []][:6])
    print("=====")
