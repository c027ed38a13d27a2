#!/usr/bin/env python3
"""Exports the gateway's rows for the peer benchmark: every row of the benchmarked lists, read
through the gateway's own list operations as admin (so json-server serves exactly what the gateway
answers, joined names included), written as one json-server database.

Usage: peer_export.py BASE MAT OUT.json
"""
import json
import sys
import urllib.parse
import urllib.request

BASE, MAT, OUT = sys.argv[1:4]
# json-server collection -> the gateway's list operation.
COLLECTIONS = {
    "dict": "mtop.admin.dict.list",
    "shops": "mtop.admin.shop.list",
    "products": "mtop.admin.product.list",
    "members": "mtop.admin.member.list",
    "opportunities": "mtop.admin.opportunity.list",
}
PAGE_SIZE = 100  # the core's MAX_PAGE_SIZE


def page(api, number):
    data = json.dumps({"page": number, "pageSize": PAGE_SIZE})
    query = urllib.parse.urlencode(
        {"api": api, "v": "1.0", "ttid": "0.1.0_admin@pc", "did": "0", "sign": "bench",
         "ts": "1", "mat": MAT, "data": data})
    with urllib.request.urlopen(f"{BASE}/m?{query}") as answer:
        result = json.load(answer)["result"]
    if not result["success"]:
        sys.exit(f"{api} page {number}: {result['code']} {result['msg']}")
    return result["data"]


db = {}
for name, api in COLLECTIONS.items():
    rows, number = [], 1
    while True:
        answer = page(api, number)
        rows.extend(answer["list"])
        if len(rows) >= answer["total"] or not answer["list"]:
            break
        number += 1
    db[name] = rows
    print(f"{name}: {len(rows)} rows", file=sys.stderr)
with open(OUT, "w", encoding="utf-8") as out:
    json.dump(db, out, ensure_ascii=False)
