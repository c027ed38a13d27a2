#!/usr/bin/env python3
"""The mixed workload of the peer benchmark (issue 21, item 2): per domain a fixed, seeded set of
distinct list queries (filters, sorts, pages 1-50 of 20), each as a pair — the gateway's call and
json-server 0.17's closest path for the same rows — and a check that both answer them alike.

  peer_queries.py generate DB.json CATEGORIES.json MAT OUT_DIR [--seed N] [--count N]
      Reads the rows peer_export.py wrote, draws COUNT distinct queries per domain and writes, per
      domain, OUT_DIR/<domain>.gw and .peer (one path a line, the pairs aligned, in a seeded
      shuffled order: wrk walks them) and .expect (the page's ids and the total, computed here with
      the gateway's semantics). A drawn query whose json-server spelling would not select the same
      rows in the same order is not kept; how many and why is printed.
  peer_queries.py check GW_BASE PEER_BASE OUT_DIR [--sample N]
      Every gateway call must answer SUCCESS with the expected ids and total; a seeded sample of N
      json-server paths per domain (all with --sample 0) must answer the same ids and X-Total-Count.

Same rows, same order, by construction:
  * a substring filter becomes `<field>_like` (a case-insensitive regular expression; the terms
    drawn are letters, digits and CJK only, so nothing needs escaping), kept only when it selects
    the same rows as SQLite's LIKE (ASCII-only case folding) — a keyword over three columns is
    spelled as the one column that selects the same rows, else dropped;
  * a category's subtree becomes a repeated `categoryId=` of every id under it;
  * a range becomes `_gte`/`_lte`; an exact or state filter `<field>=`;
  * the order is spelled in full with the id as tie-break (`_sort=createdAt,id&_order=desc,desc`),
    the gateway's default orders included; a sort on a column holding both nulls and values is
    dropped (SQLite puts nulls first ascending, lodash last).
Not expressible at all, so never drawn: the member list's phone filter (json-server holds only
the masked phone).
"""
import argparse
import concurrent.futures
import json
import math
import random
import sys
import urllib.parse
import urllib.request

PAGE_SIZE = 20
MAX_PAGE = 50
# At most this share of a domain's queries answer no rows (a search that finds nothing is real,
# but a set of mostly empty pages would measure little).
EMPTY_SHARE = 0.05


def ascii_lower(s):
    return "".join(c.lower() if c.isascii() else c for c in s)


def sql_like(term, value):
    """SQLite's `value LIKE '%term%'`: case folding for ASCII letters only."""
    return value is not None and ascii_lower(term) in ascii_lower(str(value))


def js_like(term, value):
    """json-server's `new RegExp(term, 'i').test(String(value))` for a term without metacharacters."""
    return value is not None and term.lower() in str(value).lower()


def terms(rng, values, count):
    """Up to `count` distinct substrings (1-4 characters, letters/digits/CJK only) of the values."""
    found = set()
    values = [v for v in values if v]
    for _ in range(count * 20):
        if len(found) >= count or not values:
            break
        v = rng.choice(values)
        n = rng.choice([1, 2, 2, 3, 3, 4])
        if len(v) < n:
            continue
        at = rng.randrange(len(v) - n + 1)
        t = v[at:at + n]
        if all(c.isalnum() for c in t) and t.strip() == t:
            found.add(t)
    return sorted(found)


class Filter:
    """One filter as drawn: the gateway's params, json-server's params, and the rows it keeps."""

    def __init__(self, gw, peer, keep):
        self.gw, self.peer, self.keep = gw, peer, keep


class Domain:
    def __init__(self, name, api, rows, sorts, default, rng, subtree):
        self.name, self.api, self.rows, self.sorts = name, api, rows, sorts
        self.default = default
        self.rng = rng
        self.subtree = subtree
        self.drawers = []

    # Each drawer returns a Filter, or None (with a reason) when json-server cannot say it alike.
    def exact(self, param, field, values):
        values = sorted(set(values), key=str)

        def draw():
            v = self.rng.choice(values)
            return Filter({param: v}, [(field, str(v))], lambda r: r.get(field) == v), None
        self.drawers.append((param, draw))

    def like(self, param, gw_fields, peer_fields, pool):
        def draw():
            t = self.rng.choice(pool)
            gw = {r["id"] for r in self.rows if any(sql_like(t, r.get(f)) for f in gw_fields)}
            for f in peer_fields:
                if {r["id"] for r in self.rows if js_like(t, r.get(f))} == gw:
                    return Filter({param: t}, [(f + "_like", t)], lambda r: r["id"] in gw), None
            return None, f"{param} matching other rows in every json-server field"
        self.drawers.append((param, draw))

    def range(self, lo, hi, field, values):
        values = sorted(v for v in values if v is not None)

        def draw():
            a, b = sorted(self.rng.sample(values, 2))
            shape = self.rng.choice(["both", "both", "from", "to"])
            gw, peer = {}, []
            if shape in ("both", "from"):
                gw[lo] = a
                peer.append((field + "_gte", str(a)))
            else:
                a = None
            if shape in ("both", "to"):
                gw[hi] = b
                peer.append((field + "_lte", str(b)))
            else:
                b = None

            def keep(r):
                v = r.get(field)
                return v is not None and (a is None or v >= a) and (b is None or v <= b)
            return Filter(gw, peer, keep), None
        self.drawers.append((lo, draw))

    def tree(self, param, field, ids):
        def draw():
            node = self.rng.choice(ids)
            under = self.subtree(node)
            return Filter({param: node}, [(field, str(i)) for i in sorted(under)],
                          lambda r: r.get(field) in under), None
        self.drawers.append((param, draw))


def sorted_rows(rows, order):
    """Rows in `order` [(field, desc)], as SQLite sorts them (stable sorts, last key first)."""
    out = list(rows)
    for field, desc in reversed(order):
        # Nulls never meet values here (such sorts are not drawn); all-null columns tie.
        out.sort(key=lambda r, f=field: (0,) if r.get(f) is None else (1, r.get(f)), reverse=desc)
    return out


def spell(domain, filters, order, page):
    params = [p for f in filters for p in f.peer]
    params += [("_sort", ",".join(f for f, _ in order)),
               ("_order", ",".join("desc" if d else "asc" for _, d in order)),
               ("_page", str(page)), ("_limit", str(PAGE_SIZE))]
    return f"/{domain}?" + urllib.parse.urlencode(params)


def draw_query(d, stats):
    """One query of domain `d`: (gateway data, json-server path, expected ids, total), or None."""
    rng = d.rng
    data, filters = {}, []
    # Mostly one or two filters, as an operator narrows a list; sometimes none or three.
    k = min(len(d.drawers), rng.choice([0, 1, 1, 1, 2, 2, 2, 3]))
    for _, draw in sorted(rng.sample(d.drawers, k), key=d.drawers.index):
        f, why = draw()
        if f is None:
            stats[why] = stats.get(why, 0) + 1
            return None
        data.update(f.gw)
        filters.append(f)
    rows = [r for r in d.rows if all(f.keep(r) for f in filters)]
    # The order: the list's default, or a sortable column either way (id breaks ties).
    if rng.random() < 0.2:
        order = d.default(data)
    else:
        wire = rng.choice(sorted(d.sorts))
        field = d.sorts[wire]
        desc = rng.random() < 0.5
        data["sortField"] = wire
        data["sortOrder"] = "desc" if desc else "asc"
        order = [(field, desc), ("id", desc)] if field != "id" else [("id", desc)]
        values = [r.get(field) for r in rows]
        if any(v is None for v in values) and any(v is not None for v in values):
            stats[f"sort by {wire} over nulls"] = stats.get(f"sort by {wire} over nulls", 0) + 1
            return None
    pages = math.ceil(len(rows) / PAGE_SIZE)
    page = rng.randint(1, min(pages, MAX_PAGE)) if pages else 1
    data = {"page": page, "pageSize": PAGE_SIZE, **data}
    ordered = sorted_rows(rows, order)
    ids = [r["id"] for r in ordered[(page - 1) * PAGE_SIZE: page * PAGE_SIZE]]
    return data, spell(d.name, filters, order, page), ids, len(rows)


def domains(db, parents, rng):
    children = {}
    for node, parent in parents.items():
        children.setdefault(parent, []).append(node)

    def subtree(node):
        out, stack = set(), [node]
        while stack:
            n = stack.pop()
            out.add(n)
            stack.extend(children.get(n, []))
        return out

    categories = sorted(parents)
    created_desc = lambda data: [("createdAt", True), ("id", True)]  # noqa: E731

    def text(rows, field):
        return [r[field] for r in rows if isinstance(r.get(field), str)]

    out = []
    rows = db["dict"]
    d = Domain("dict", "mtop.admin.dict.list", rows,
               {"id": "id", "type": "type", "key": "key", "sort": "sort", "createdAt": "createdAt"},
               lambda data: [("type", False), ("sort", False), ("id", False)], rng, subtree)
    types = sorted({r["type"] for r in rows})
    d.like("type", ["type"], ["type"], types + terms(rng, types, 30))
    d.like("keyword", ["key", "label", "value"], ["label", "key", "value"],
           terms(rng, text(rows, "key") + text(rows, "label") + text(rows, "value"), 80))
    d.exact("status", "status", ["enabled", "disabled"])
    out.append(d)

    rows = db["shops"]
    d = Domain("shops", "mtop.admin.shop.list", rows,
               {"id": "id", "name": "name", "level": "level", "productCount": "productCount",
                "createdAt": "createdAt"}, created_desc, rng, subtree)
    d.like("name", ["name"], ["name"], terms(rng, text(rows, "name"), 80))
    d.exact("province", "province", [r["province"] for r in rows])
    d.exact("city", "city", [r["city"] for r in rows])
    d.exact("beltId", "beltId", [r["beltId"] for r in rows if r["beltId"] is not None])
    d.exact("level", "level", [1, 2, 3, 4, 5])
    d.exact("status", "status", [r["status"] for r in rows])
    out.append(d)

    rows = db["products"]
    d = Domain("products", "mtop.admin.product.list", rows,
               {"id": "id", "priceMin": "priceMin", "stock": "stock", "createdAt": "createdAt",
                "updatedAt": "updatedAt"}, created_desc, rng, subtree)
    d.exact("status", "status", [r["status"] for r in rows])
    d.range("priceMin", "priceMax", "priceMin", [r["priceMin"] for r in rows])
    d.like("title", ["title"], ["title"], terms(rng, text(rows, "title"), 80))
    d.exact("shopId", "shopId", [r["shopId"] for r in rows])
    d.tree("categoryId", "categoryId", categories)
    out.append(d)

    rows = db["members"]
    d = Domain("members", "mtop.admin.member.list", rows,
               {"id": "id", "nickname": "nickname", "lastLoginAt": "lastLoginAt",
                "createdAt": "createdAt"}, created_desc, rng, subtree)
    d.like("nickname", ["nickname"], ["nickname"], terms(rng, text(rows, "nickname"), 80))
    d.exact("type", "type", ["buyer", "seller"])
    d.exact("status", "status", [r["status"] for r in rows])
    out.append(d)

    rows = db["opportunities"]
    d = Domain("opportunities", "mtop.admin.opportunity.list", rows,
               {"id": "id", "budget": "budget", "deadline": "deadline", "createdAt": "createdAt"},
               # The review queue (pending) waits oldest first.
               lambda data: [("createdAt", data.get("state") != "pending"),
                             ("id", data.get("state") != "pending")], rng, subtree)
    d.like("title", ["title"], ["title"], terms(rng, text(rows, "title"), 80))
    d.exact("state", "state", ["pending", "approved", "rejected", "closed"])
    d.tree("categoryId", "categoryId", categories)
    d.range("from", "to", "createdAt", [r["createdAt"] for r in rows])
    out.append(d)

    rows = db["inquiries"]
    d = Domain("inquiries", "mtop.admin.inquiry.list", rows,
               {"id": "id", "quantity": "quantity", "createdAt": "createdAt"},
               created_desc, rng, subtree)
    d.like("buyer", ["buyerNickname"], ["buyerNickname"],
           terms(rng, text(rows, "buyerNickname"), 80))
    d.exact("shopId", "shopId", [r["shopId"] for r in rows])
    d.exact("state", "state", [r["state"] for r in rows])
    d.range("from", "to", "createdAt", [r["createdAt"] for r in rows])
    out.append(d)
    return out


def generate(args):
    db = json.load(open(args.db, encoding="utf-8"))
    parents = {int(k): v for k, v in json.load(open(args.categories)).items()}
    rng = random.Random(args.seed)
    for d in domains(db, parents, rng):
        seen, pairs, stats, empty = set(), [], {}, 0
        attempts = 0
        while len(pairs) < args.count and attempts < args.count * 200:
            attempts += 1
            q = draw_query(d, stats)
            if q is None:
                continue
            data, peer, ids, total = q
            key = json.dumps(data, sort_keys=True, ensure_ascii=False)
            if key in seen:
                continue
            if not ids:
                if empty >= EMPTY_SHARE * args.count:
                    continue
                empty += 1
            seen.add(key)
            pairs.append((data, peer, ids, total))
        if len(pairs) < args.count:
            sys.exit(f"{d.name}: only {len(pairs)} distinct queries after {attempts} draws")
        rng.shuffle(pairs)
        base = f"{args.out}/{d.name}"
        with open(base + ".gw", "w") as gw, open(base + ".peer", "w") as peer, \
                open(base + ".expect", "w") as expect:
            for data, path, ids, total in pairs:
                text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
                gw.write(f"/m?api={d.api}&v=1.0&ttid=0.1.0_admin%40pc&did=0&sign=bench&ts=1"
                         f"&mat={args.mat}&data={urllib.parse.quote(text, safe='')}\n")
                peer.write(path + "\n")
                expect.write(json.dumps({"ids": ids, "total": total}) + "\n")
        dropped = sum(stats.values())
        pages = sorted({data["page"] for data, *_ in pairs})
        detail = ", ".join(f"{n} {why}" for why, n in sorted(stats.items())) or "none"
        print(f"{d.name}: {len(pairs)} distinct queries over {len(d.rows)} rows "
              f"(pages {pages[0]}-{pages[-1]}, {empty} empty); "
              f"{dropped} drawn but not expressible alike in json-server: {detail}",
              file=sys.stderr)


def fetch(url):
    with urllib.request.urlopen(url, timeout=30) as answer:
        return json.load(answer), answer.headers


def check(args):
    failures = []
    sample_rng = random.Random(args.seed)
    names = ["dict", "shops", "products", "members", "opportunities", "inquiries"]
    for name in names:
        base = f"{args.out}/{name}"
        gw = open(base + ".gw").read().split()
        peer = open(base + ".peer").read().split()
        expect = [json.loads(line) for line in open(base + ".expect")]

        def on_gateway(i):
            body, _ = fetch(args.gw + gw[i])
            r = body["result"]
            if not r["success"]:
                return f"{name} gateway #{i}: {r['code']} {r['msg']}"
            ids = [row["id"] for row in r["data"]["list"]]
            if (ids, r["data"]["total"]) != (expect[i]["ids"], expect[i]["total"]):
                return (f"{name} gateway #{i} {gw[i]}: {ids} total {r['data']['total']}, "
                        f"expected {expect[i]}")
            return None

        def on_peer(i):
            body, headers = fetch(args.peer + peer[i])
            ids, total = [row["id"] for row in body], int(headers.get("X-Total-Count", -1))
            if (ids, total) != (expect[i]["ids"], expect[i]["total"]):
                return f"{name} json-server #{i} {peer[i]}: {ids} total {total}, expected {expect[i]}"
            return None

        sample = range(len(peer)) if args.sample == 0 else \
            sorted(sample_rng.sample(range(len(peer)), min(args.sample, len(peer))))
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            found = [f for f in pool.map(on_gateway, range(len(gw))) if f]
            found += [f for f in pool.map(on_peer, sample) if f]
        print(f"{name}: gateway {len(gw)} of {len(gw)} checked, json-server {len(sample)} "
              f"of {len(peer)}: {len(found)} differ", file=sys.stderr)
        failures += found
    for f in failures[:20]:
        print(f, file=sys.stderr)
    if failures:
        sys.exit(f"{len(failures)} queries answer other rows than expected")


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate")
    g.add_argument("db")
    g.add_argument("categories")
    g.add_argument("mat")
    g.add_argument("out")
    g.add_argument("--seed", type=int, default=21)
    g.add_argument("--count", type=int, default=1000)
    c = sub.add_parser("check")
    c.add_argument("gw")
    c.add_argument("peer")
    c.add_argument("out")
    c.add_argument("--sample", type=int, default=30)
    c.add_argument("--seed", type=int, default=21)
    args = p.parse_args()
    generate(args) if args.command == "generate" else check(args)


if __name__ == "__main__":
    main()
