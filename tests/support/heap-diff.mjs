#!/usr/bin/env node
// Compares two V8 heap snapshots (.heapsnapshot, as Chrome DevTools or the long-session story with
// SOAK_SNAPSHOTS=<dir> writes them): live objects grouped by constructor (or node type), with the
// growth in count and self size, largest growth first. Finds what a long session accumulates.
//
//   node tests/support/heap-diff.mjs before.heapsnapshot after.heapsnapshot [rows]
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Groups a snapshot's nodes by `type:name` (names of objects are their constructors). */
export function summarize(file) {
  const snap = JSON.parse(readFileSync(file, 'utf8'));
  const meta = snap.snapshot.meta;
  const fields = meta.node_fields;
  const types = meta.node_types[0];
  const width = fields.length;
  const iType = fields.indexOf('type');
  const iName = fields.indexOf('name');
  const iSize = fields.indexOf('self_size');
  const groups = new Map();
  const { nodes, strings } = snap;
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + iType]];
    // Strings are grouped by type alone; objects by their constructor's name.
    // Code is split by kind (bytecode, compiled code, function infos); `@<id>` suffixes are
    // dropped so that groups compare across snapshots.
    const name = ['object', 'closure', 'native', 'hidden', 'array', 'code'].includes(type)
      ? `${type}:${strings[nodes[i + iName]].replace(/ @\d+/g, '').slice(0, 80)}`
      : type;
    const g = groups.get(name) ?? { count: 0, size: 0 };
    g.count += 1;
    g.size += nodes[i + iSize];
    groups.set(name, g);
  }
  return groups;
}

/** The groups that grew from `a` to `b`, by self size. */
export function diff(a, b) {
  const rows = [];
  for (const [name, after] of b) {
    const before = a.get(name) ?? { count: 0, size: 0 };
    rows.push({ name, count: after.count - before.count, size: after.size - before.size });
  }
  return rows.sort((x, y) => y.size - x.size);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [before, after, limit = '30'] = process.argv.slice(2);
  if (!before || !after) {
    console.error('usage: heap-diff.mjs before.heapsnapshot after.heapsnapshot [rows]');
    process.exit(2);
  }
  const rows = diff(summarize(before), summarize(after)).slice(0, Number(limit));
  console.log('Δ self size  Δ count  group');
  for (const r of rows) {
    console.log(`${String(r.size).padStart(11)}  ${String(r.count).padStart(7)}  ${r.name}`);
  }
}
