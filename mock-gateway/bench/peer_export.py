#!/usr/bin/env python3
"""Exports the gateway's rows for the peer benchmark: every row of the benchmarked lists, read
through the gateway's own list operations as admin (so json-server serves exactly what the gateway
answers, joined names included), written as one json-server database; and the category tree as
{id: parentId}, so a category's subtree can be spelled out for json-server.

Usage: peer_export.py BASE MAT OUT.json CATEGORIES.json
"""
import json
import sys
import urllib.parse
import urllib.request

BASE, MAT, OUT, CATEGORIES = sys.argv[1:5]
# json-server collection -> the gateway's list operation.
COLLECTIONS = {
    "dict": "mtop.admin.dict.list",
    "shops": "mtop.admin.shop.list",
    "products": "mtop.admin.product.list",
    "members": "mtop.admin.member.list",
    "opportunities": "mtop.admin.opportunity.list",
    "inquiries": "mtop.admin.inquiry.list",
}
PAGE_SIZE = 100  # the core's MAX_PAGE_SIZE


def call(api, data):
    query = urllib.parse.urlencode(
        {"api": api, "v": "1.0", "ttid": "0.1.0_admin@pc", "did": "0", "sign": "bench",
         "ts": "1", "mat": MAT, "data": json.dumps(data)})
    with urllib.request.urlopen(f"{BASE}/m?{query}") as answer:
        result = json.load(answer)["result"]
    if not result["success"]:
        sys.exit(f"{api} {data}: {result['code']} {result['msg']}")
    return result["data"]


db = {}
for name, api in COLLECTIONS.items():
    rows, number = [], 1
    while True:
        answer = call(api, {"page": number, "pageSize": PAGE_SIZE})
        rows.extend(answer["list"])
        if len(rows) >= answer["total"] or not answer["list"]:
            break
        number += 1
    db[name] = rows
    print(f"{name}: {len(rows)} rows", file=sys.stderr)
with open(OUT, "w", encoding="utf-8") as out:
    json.dump(db, out, ensure_ascii=False)

parents = {}
stack = list(call("mtop.admin.category.tree", {}))
while stack:
    node = stack.pop()
    parents[node["id"]] = node["parentId"]
    stack.extend(node.get("children") or [])
with open(CATEGORIES, "w", encoding="utf-8") as out:
    json.dump(parents, out)
