"""A Hypothesis strategy over the API's request models, read from its OpenAPI document: for every
operation, a request whose path and query parameters, headers and JSON body are drawn from each
field's own schema (types, enums, ranges, lengths, formats, patterns) mixed with hostile values
(NaN, Infinity, huge and negative numbers, wrong types, nulls, dates in year 1 and 9999, long and
odd strings, unknown fields, bodies that are not objects or not JSON). A new field or endpoint is
fuzzed as soon as the app declares it: nothing here names one (HINTS only adds realistic values
for a few names, so valid requests reach the agents too).
"""
from __future__ import annotations

import json
import string
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

OMIT = object()
# realistic values for some field names, drawn beside the schema's (the data's games, days, players)
HINTS: dict[str, list[Any]] = {
    "game_id": ["2025-01-29-CHI-BOS", "2025-01-30-LAL-GSW"],
    "date": ["2025-01-29", "2025-01-28"],
    "as_of": ["2025-01-29"],
    "at": ["2025-01-29T17:00:00+00:00", "2025-01-29T17:00:00"],
    "name": ["Nikola Jokic", "LeBron James"],
    "message": ["Who should I pick up?", "How is Nikola Jokic doing?", "what's the line on Bulls-Celtics?"],
    "move_id": ["mv_000000000000"],
    "quote_id": ["q-000000000000"],
}
HOSTILE_NUMBERS = [float("nan"), float("inf"), float("-inf"), 1e308, -1e308, 10**30, -(10**30), 0, -1, 2**63]
HOSTILE_STRINGS = ["", " ", "x" * 5000, "../../etc/passwd", "\x00", "🏀" * 50, "0001-01-01", "9999-12-31",
                   "9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00+14:00", "2025-02-30", "null", "<script>",
                   "'; DROP TABLE desk_quotes; --", "%00", "a/b", "a?b=c"]
HOSTILE = st.sampled_from([None, True, False, [], {}, [1, 2], {"a": 1}]) | st.sampled_from(HOSTILE_NUMBERS) \
    | st.sampled_from(HOSTILE_STRINGS)
SAFE_TEXT = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40)


@dataclass
class Operation:
    method: str
    path: str
    params: list[dict] = field(default_factory=list)
    body: dict | None = None  # the JSON schema of the body (resolved), None when it takes none

    @property
    def name(self) -> str:
        return f"{self.method} {self.path}"


@dataclass
class Request:
    method: str
    url: str
    query: dict
    headers: dict
    content: bytes | None


def _resolve(schema: dict, components: dict) -> dict:
    while "$ref" in schema:
        schema = components[schema["$ref"].rsplit("/", 1)[1]]
    return schema


def operations(openapi: dict) -> list[Operation]:
    comps = openapi.get("components", {}).get("schemas", {})
    out = []
    for path, ops in openapi["paths"].items():
        for method, op in ops.items():
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            out.append(Operation(method.upper(), path, op.get("parameters", []),
                                 _resolve(body, comps) if body else None))
    return out


def valid_value(schema: dict, name: str = "") -> st.SearchStrategy:
    """Values within the schema (the happy path), with the name's hints beside them."""
    if "anyOf" in schema:
        inner = st.one_of([valid_value(s, name) for s in schema["anyOf"]])
    elif "enum" in schema:
        inner = st.sampled_from(schema["enum"])
    else:
        inner = _typed(schema)
    return st.sampled_from(HINTS[name]) | inner if name in HINTS else inner


def _typed(schema: dict) -> st.SearchStrategy:
    kind = schema.get("type")
    if kind == "null":
        return st.none()
    if kind == "boolean":
        return st.booleans()
    if kind == "integer":
        lo, hi = schema.get("minimum"), schema.get("maximum")
        return st.integers(min_value=lo if lo is not None else -(10**6), max_value=hi if hi is not None else 10**6)
    if kind == "number":
        lo = schema.get("minimum", schema.get("exclusiveMinimum", -1e6))
        hi = schema.get("maximum", schema.get("exclusiveMaximum", 1e6))
        return st.floats(min_value=lo, max_value=hi, allow_nan=False, allow_infinity=False,
                         exclude_min="exclusiveMinimum" in schema, exclude_max="exclusiveMaximum" in schema)
    if kind == "string":
        fmt = schema.get("format")
        if fmt == "date":
            return st.dates().map(lambda d: d.isoformat())
        if fmt == "date-time":
            zones = st.sampled_from([None, "+00:00", "-05:00", "+14:00"])
            return st.tuples(st.datetimes(), zones).map(lambda t: t[0].isoformat() + (t[1] or ""))
        lo, hi = schema.get("minLength", 0), min(schema.get("maxLength", 80), 120)
        if "pattern" in schema:
            return st.from_regex(schema["pattern"], fullmatch=True).filter(lambda s: lo <= len(s) <= hi)
        return st.text(alphabet=string.ascii_letters + string.digits + " -_.'", min_size=lo, max_size=hi)
    if kind == "array":
        return st.lists(valid_value(schema.get("items", {})), max_size=3)
    if kind == "object":
        return body_values(schema)
    return HOSTILE


def _kinds(schema: dict) -> set[str]:
    return {s.get("type", "") for s in schema.get("anyOf", [schema])} | \
        {s.get("format", "") for s in schema.get("anyOf", [schema])}


def hostile_value(schema: dict) -> st.SearchStrategy:
    """Values a field of this schema must refuse, its type's edge cases first (non-finite and huge
    numbers for a number, dates out of range for a date), then anything."""
    kinds = _kinds(schema)
    if kinds & {"number", "integer"}:
        return st.sampled_from(HOSTILE_NUMBERS) | st.sampled_from(HOSTILE_NUMBERS) | HOSTILE
    if kinds & {"date", "date-time"}:
        return st.sampled_from(HOSTILE_STRINGS[6:10]) | HOSTILE
    return HOSTILE


def any_value(schema: dict, name: str = "") -> st.SearchStrategy:
    """Mostly within the schema, sometimes hostile."""
    return st.one_of(valid_value(schema, name), valid_value(schema, name), hostile_value(schema))


def body_values(schema: dict) -> st.SearchStrategy:
    """A valid body with one field made hostile (the likeliest way to reach a route's own code with
    a bad value), a valid one, or a free mix (missing required fields, unknown ones)."""
    props, required = schema.get("properties", {}), set(schema.get("required", []))
    valid = st.fixed_dictionaries({k: valid_value(s, k) for k, s in props.items() if k in required},
                                  optional={k: valid_value(s, k) for k, s in props.items() if k not in required})
    one_bad = st.tuples(valid, st.sampled_from(sorted(props)) if props else st.none()).flatmap(
        lambda t: st.just(t[0]) if t[1] is None else hostile_value(props[t[1]]).map(lambda v: t[0] | {t[1]: v}))
    fields = {k: (any_value(s, k) if k in required else st.just(OMIT) | any_value(s, k)) for k, s in props.items()}
    base = st.fixed_dictionaries(fields).map(lambda d: {k: v for k, v in d.items() if v is not OMIT})
    drop = st.sampled_from([None, *sorted(required)])  # sometimes a required field is missing
    extra = st.none() | st.tuples(SAFE_TEXT, HOSTILE)  # sometimes an unknown field
    return one_bad | one_bad | valid | st.tuples(base, drop, extra).map(_shape)


def _shape(t) -> dict:
    body, drop, extra = t
    body = {k: v for k, v in body.items() if k != drop}
    if extra is not None:
        body[extra[0]] = extra[1]
    return body


def _encode(body: Any) -> bytes:
    return json.dumps(body, allow_nan=True).encode()  # NaN and Infinity as the JSON extensions


def _path_value(p: dict) -> st.SearchStrategy:
    # path segments: the schema's values plus hostile text (quoted as a client would send it)
    return st.one_of(valid_value(p["schema"], p["name"]), SAFE_TEXT, st.sampled_from(HOSTILE_STRINGS)).map(str)


def requests(op: Operation) -> st.SearchStrategy:
    """Requests to one operation."""
    from urllib.parse import quote

    path_params = [p for p in op.params if p["in"] == "path"]
    query_params = [p for p in op.params if p["in"] == "query"]
    header_params = [p for p in op.params if p["in"] == "header"]

    @st.composite
    def build(draw) -> Request:
        url = op.path
        for p in path_params:
            url = url.replace("{" + p["name"] + "}", quote(draw(_path_value(p)), safe="") or "x")
        query = {}
        for p in query_params:
            v = draw(st.just(OMIT) | any_value(p["schema"], p["name"]))
            if v is not OMIT:
                query[p["name"]] = json.dumps(v) if isinstance(v, (list, dict, bool)) or v is None else str(v)
        headers = {"accept": draw(st.sampled_from(["application/json", "text/event-stream", "*/*"]))}
        for p in header_params:
            v = draw(st.just(OMIT) | st.text(alphabet=string.ascii_letters + string.digits + "-_:", max_size=250))
            if v is not OMIT:
                headers[p["name"]] = v
        content = None
        if op.body is not None:
            kind = draw(st.sampled_from(["object"] * 8 + ["not-object", "not-json"]))
            if kind == "object":
                content = _encode(draw(body_values(op.body)))
            elif kind == "not-object":
                content = _encode(draw(HOSTILE))
            else:
                content = draw(st.sampled_from([b"{", b"{\"a\": }", b"\xff\xfe", b"", b"[" * 500]))
            headers["content-type"] = "application/json"
        return Request(op.method, url, query, headers, content)

    return build()
